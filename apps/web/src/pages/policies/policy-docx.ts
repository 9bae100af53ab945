import {
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { BOLD_LINE, BULLET, HASH_HEADING, QUOTE, RULE, TABLE_ROW, headingText, inlineParts, policyLines, readTable } from './policy-markdown';

type Block = Paragraph | Table;

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;

/** Text runs of one line, with bold, italics and code kept as formatting and the markers removed. */
export function inlineRuns(text: string, base: { bold?: boolean } = {}): TextRun[] {
  return inlineParts(text).map((part) => {
    if (part.kind === 'bold') return new TextRun({ text: part.text, bold: true });
    if (part.kind === 'code') return new TextRun({ text: part.text, font: 'Consolas', bold: base.bold });
    if (part.kind === 'italic') return new TextRun({ text: part.text, italics: true, bold: base.bold });
    if (part.kind === 'link') return new TextRun({ text: `${part.text} (${part.href})`, bold: base.bold });
    return new TextRun({ text: part.text, bold: base.bold });
  });
}

/** A Markdown table as a Word table; the first row is the header (bold). */
function buildTable(rows: string[][]): Table {
  const columns = Math.max(...rows.map((cells) => cells.length));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (cells, index) =>
        new TableRow({
          ...(index === 0 ? { tableHeader: true } : {}),
          children: Array.from({ length: columns }, (_, column) =>
            new TableCell({ children: [new Paragraph({ children: inlineRuns(cells[column] ?? '', { bold: index === 0 }) })] }),
          ),
        }),
    ),
  });
}

/** One non-table line as a paragraph: headings, bold-line headings, bullets, rules, quotes, plain text. */
function buildParagraph(line: string): Paragraph {
  if (line.trim() === '') return new Paragraph({});
  const hash = HASH_HEADING.exec(line);
  if (hash) {
    const level = HEADINGS[Math.min(hash[1]!.length, 3) - 1]!;
    return new Paragraph({ heading: level, children: inlineRuns(headingText(hash[2]!)) });
  }
  const bold = BOLD_LINE.exec(line.trim());
  if (bold) return new Paragraph({ heading: HeadingLevel.HEADING_4, children: [new TextRun({ text: bold[1]!.trim() })] });
  if (RULE.test(line)) {
    return new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'auto', space: 1 } } });
  }
  const bullet = BULLET.exec(line);
  if (bullet) return new Paragraph({ bullet: { level: line.search(/\S/) >= 2 ? 1 : 0 }, children: inlineRuns(bullet[1]!) });
  if (QUOTE.test(line)) {
    return new Paragraph({ indent: { left: 720 }, children: inlineRuns(line.replace(QUOTE, '')) });
  }
  return new Paragraph({ children: inlineRuns(line) });
}

/** The blocks of the Word document, line by line, in the order of the Markdown. */
export function policyBlocks(markdown: string): Block[] {
  const lines = policyLines(markdown);
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (TABLE_ROW.test(lines[index]!)) {
      const table = readTable(lines, index);
      blocks.push(buildTable(table.rows));
      index = table.end;
      continue;
    }
    blocks.push(buildParagraph(lines[index]!));
  }
  return blocks;
}

/**
 * The policy as a Word document, built entirely in the browser (spec section 7): lines starting with
 * '#', '##' or '###' become Heading 1, 2 or 3; a line wholly in '**…**' becomes a (minor) heading;
 * Markdown tables become Word tables, bullets become bulleted paragraphs, other lines paragraphs with
 * their inline markers turned into formatting; blank lines stay blank paragraphs. The bytes are an
 * ArrayBuffer so the same function works in the browser (Blob) and in Node (tests).
 */
export function buildPolicyDocx(markdown: string, title?: string): Promise<ArrayBuffer> {
  const document = new Document({
    title,
    creator: 'Compliance Platform',
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children: policyBlocks(markdown) }],
  });
  return Packer.toArrayBuffer(document);
}
