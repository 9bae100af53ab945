import { extractText } from '@compliance/documents/extract-text';
import { buildZip, docxPackageEntries } from '@compliance/documents/testing/zip-writer';
import { spanOf, type ContractFixture, type GoldObligation } from './evaluate';

/**
 * The contracts as the product receives them from other sources: text extracted from a PDF (wrapped lines;
 * running headers, footers and page numbers cutting clauses) and from a real Word file (paragraphs and Word
 * tables, read back through the product's own extractor). Gold spans are carried over as offsets.
 */

/**
 * The contract as text extracted from a PDF would look: every line of prose wrapped at `width` columns;
 * table rows stay one line with their cells tab-separated, as the PDF reader gives a drawn table's row.
 * Gold spans are carried over (the same words, with the line breaks that now fall inside them).
 */
export function wrapContract(contract: ContractFixture, width: number): ContractFixture {
  const text = contract.text
    .split('\n')
    .map((line) => {
      if (line.includes('\t')) return line;
      const lines: string[] = [];
      let current = '';
      for (const word of line.split(' ')) {
        if (current && `${current} ${word}`.length > width) {
          lines.push(current);
          current = word;
        } else current = current ? `${current} ${word}` : word;
      }
      lines.push(current);
      return lines.join('\n');
    })
    .join('\n');
  const gold = contract.gold.map((g) => {
    const pattern = new RegExp(g.text.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[ \\n]'));
    const found = pattern.exec(text);
    if (!found) throw new Error(`${contract.name}: wrapped gold span not found`);
    return { ...g, text: found[0] };
  });
  return { ...contract, text, gold };
}

/**
 * The contract as a paged PDF's text: every `linesPerPage` lines a page break with a running footer, a page
 * number and a running header; where the break falls on a long line it cuts that line mid-sentence. Gold
 * spans become explicit offsets (their text now has the page furniture inside).
 */
export function pageContract(contract: ContractFixture, linesPerPage = 28): ContractFixture {
  const lines = contract.text.split('\n');
  const pages = Math.ceil(lines.length / linesPerPage) + 1;
  const inserts: Array<{ at: number; text: string }> = [];
  let offset = 0;
  let page = 1;
  lines.forEach((line, i) => {
    if (i > 0 && i % linesPerPage === 0) {
      const furniture = `\n\n${contract.name} – Confidential\nPage ${page} of ${pages}\n\nAgreement reference ${contract.name.toUpperCase()}\n`;
      page += 1;
      const words = [...line.matchAll(/ /g)].map((m) => m.index ?? 0);
      const middle = words[Math.floor(words.length / 2)];
      if (line.length > 80 && middle !== undefined) inserts.push({ at: offset + middle, text: furniture });
      else inserts.push({ at: offset, text: furniture.slice(1) });
    }
    offset += line.length + 1;
  });
  let text = '';
  let cursor = 0;
  for (const insert of inserts) {
    text += contract.text.slice(cursor, insert.at) + insert.text;
    cursor = insert.at;
  }
  text += contract.text.slice(cursor);
  const shift = (position: number, inclusive: boolean) =>
    position + inserts.filter((i) => (inclusive ? i.at <= position : i.at < position)).reduce((sum, i) => sum + i.text.length, 0);
  const gold = contract.gold.map((g) => {
    const span = spanOf(contract.text, g.text);
    if (!span) throw new Error(`${contract.name}: gold span not found`);
    const start = shift(span.start, true);
    const end = shift(span.end, false);
    return { ...g, text: text.slice(start, end), start, end };
  });
  return { ...contract, text, gold };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const paragraphXml = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
const tableXml = (rows: string[][]) =>
  `<w:tbl>${rows.map((cells) => `<w:tr>${cells.map((cell) => `<w:tc>${paragraphXml(cell)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;

/** A .docx of the contract: one paragraph per line, runs of tab-separated lines as a Word table. */
export function contractDocx(text: string): Buffer {
  const parts: string[] = [];
  let table: string[][] = [];
  const flush = () => {
    if (table.length > 0) parts.push(tableXml(table));
    table = [];
  };
  for (const line of text.split('\n')) {
    if (line.includes('\t')) {
      table.push(line.split('\t'));
      continue;
    }
    flush();
    if (line.trim()) parts.push(paragraphXml(line));
  }
  flush();
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${parts.join('')}</w:body></w:document>`;
  return buildZip([...docxPackageEntries(), { name: 'word/document.xml', content: Buffer.from(xml) }]);
}

function flexibleSpan(text: string, gold: GoldObligation, from: number): { start: number; end: number } | null {
  const words = gold.text.split(/\s+/).filter(Boolean).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(words.join('\\s+'), 'g');
  pattern.lastIndex = from;
  const found = pattern.exec(text) ?? new RegExp(words.join('\\s+')).exec(text);
  return found ? { start: found.index, end: found.index + found[0].length } : null;
}

/** The contract written to a .docx and read back by the product's extractor; gold spans found again by their words. */
export async function docxContract(contract: ContractFixture): Promise<ContractFixture> {
  const { text } = await extractText(contractDocx(contract.text), 'docx');
  let cursor = 0;
  const gold = contract.gold.map((g) => {
    const span = flexibleSpan(text, g, cursor);
    if (!span) throw new Error(`${contract.name}: gold span lost in the Word round trip: ${g.text.slice(0, 60)}`);
    cursor = span.start;
    return { ...g, text: text.slice(span.start, span.end), start: span.start, end: span.end };
  });
  return { ...contract, text, gold };
}
