/**
 * Writes a small, valid PDF by hand: A4 pages of wrapped text lines in the standard Helvetica font (not embedded,
 * WinAnsi encoding; a line with tabs becomes a table row, each cell at its own column), with a correct
 * cross-reference table. Used to warm pdf.js up and for the standard-font
 * fixture.
 */
function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

/** Helvetica 11 pt fits about 85 characters across an A4 page with 72 pt margins. */
const WRAP_AT = 85;

function wrapLine(line: string): string[] {
  if (line.includes('\t')) return [line];
  const wrapped: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > WRAP_AT) {
      wrapped.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  return [...wrapped, current];
}

/** A table row: each cell starts a column gap (about 30 pt) after the end of the one before, as a drawn table's cells do. */
const COLUMN_GAP = 30;
/** Helvetica's average advance at 11 pt, enough for a cell's width. */
const CHARACTER_WIDTH = 6;

function lineContent(line: string): string {
  const cells = line.split('\t');
  let x = 0;
  const parts = cells.map((cell, i) => {
    const move = i === 0 ? '' : `${x} 0 Td `;
    x = cell.length * CHARACTER_WIDTH + COLUMN_GAP;
    return `${move}(${escapePdfString(cell)}) Tj`;
  });
  const back = cells.slice(0, -1).reduce((sum, cell) => sum + cell.length * CHARACTER_WIDTH + COLUMN_GAP, 0);
  return cells.length === 1 ? parts.join(' ') : `${parts.join(' ')} ${-back} 0 Td`;
}

function pageContent(lines: string[]): string {
  const leading = 16;
  const body = lines.map((line, index) => `${index === 0 ? '' : `0 -${leading} Td `}${lineContent(line)}`).join('\n');
  return `BT /F1 11 Tf 72 770 Td\n${body}\nET`;
}

export function buildTextPdf(paragraphsByPage: string[][]): Buffer {
  const pages = paragraphsByPage.map((paragraphs) => paragraphs.flatMap(wrapLine));
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, index) => {
    const pageId = pageIds[index] ?? 0;
    const stream = pageContent(lines);
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  let output = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(output, 'latin1');
    output += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(output, 'latin1');
  const rows = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  output += `xref\n0 ${objects.length}\n0000000000 65535 f \n${rows.join('')}`;
  output += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(output, 'latin1');
}
