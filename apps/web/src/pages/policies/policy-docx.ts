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

type Block = Paragraph | Table;

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;
/** '#' to '###' (deeper levels read as '###'); the text follows after at least one space. */
const HASH_HEADING = /^(#{1,6})\s+(.*)$/;
/** A line that is one bold run and nothing else, e.g. '**Document Control**'. */
const BOLD_LINE = /^\*\*([^*]+)\*\*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_SEPARATOR = /^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*\|?\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
/** Inline markers: bold, inline code, italics, links. */
const INLINE = /(\*\*[^*]+\*\*|__[^_]+__|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_|\[[^\]]+\]\([^)\s]+\))/;

/** Text runs of one line, with bold, italics and code kept as formatting and the markers removed. */
export function inlineRuns(text: string, base: { bold?: boolean } = {}): TextRun[] {
  const runs: TextRun[] = [];
  for (const part of text.split(INLINE)) {
    if (!part) continue;
    if ((part.startsWith('**') && part.endsWith('**')) || (part.startsWith('__') && part.endsWith('__'))) {
      runs.push(new TextRun({ text: part.slice(2, -2), bold: true }));
    } else if (part.startsWith('`') && part.endsWith('`') && part.length > 1) {
      runs.push(new TextRun({ text: part.slice(1, -1), font: 'Consolas', bold: base.bold }));
    } else if (/^[*_].+[*_]$/.test(part) && part[0] === part.at(-1)) {
      runs.push(new TextRun({ text: part.slice(1, -1), italics: true, bold: base.bold }));
    } else if (part.startsWith('[')) {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
      runs.push(new TextRun({ text: link ? `${link[1]} (${link[2]})` : part, bold: base.bold }));
    } else {
      runs.push(new TextRun({ text: part, bold: base.bold }));
    }
  }
  return runs;
}

function tableCells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

/** A Markdown table as a Word table; the first row is the header (bold). */
function buildTable(lines: string[]): Table {
  const rows = lines.filter((line) => !TABLE_SEPARATOR.test(line)).map(tableCells);
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
    return new Paragraph({ heading: level, children: inlineRuns(hash[2]!.replace(/\s+#+\s*$/, '')) });
  }
  const bold = BOLD_LINE.exec(line.trim());
  if (bold) return new Paragraph({ heading: HeadingLevel.HEADING_4, children: [new TextRun({ text: bold[1]!.trim() })] });
  if (RULE.test(line)) {
    return new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'auto', space: 1 } } });
  }
  const bullet = BULLET.exec(line);
  if (bullet) return new Paragraph({ bullet: { level: line.search(/\S/) >= 2 ? 1 : 0 }, children: inlineRuns(bullet[1]!) });
  if (line.trimStart().startsWith('>')) {
    return new Paragraph({ indent: { left: 720 }, children: inlineRuns(line.trimStart().replace(/^>\s?/, '')) });
  }
  return new Paragraph({ children: inlineRuns(line) });
}

/** The blocks of the Word document, line by line, in the order of the Markdown. */
export function policyBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (TABLE_ROW.test(lines[index]!)) {
      const start = index;
      while (index + 1 < lines.length && TABLE_ROW.test(lines[index + 1]!)) index += 1;
      blocks.push(buildTable(lines.slice(start, index + 1)));
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
