/** Tables in extracted text: tab-separated lines read as a header row and rows whose requirement cell is the span. */
import type { ClauseState } from './clause-numbering';
import type { Block } from './segmenter';

type Cell = { start: number; end: number; text: string };

/** The non-empty cells of a tab-separated line (a table row from a spreadsheet, Word or PDF), or null. */
export function tableCells(raw: string, lineStart: number): Cell[] | null {
  if (!raw.includes('\t')) return null;
  const cells: Cell[] = [];
  let offset = lineStart;
  for (const part of raw.replace(/\r?\n$/, '').split('\t')) {
    const leading = part.length - part.trimStart().length;
    const trimmed = part.trim();
    if (trimmed) cells.push({ start: offset + leading, end: offset + leading + trimmed.length, text: trimmed });
    offset += part.length + 1;
  }
  return cells.length >= 2 ? cells : null;
}

const ROW_ID = /^(?:[A-Z]{1,6}[-.]?)?\d{1,3}(?:[.-]\d{1,3})*[a-z]?\.?$|^[A-Z]{1,4}-[A-Z0-9]{1,6}$/;

/**
 * A table row: a header row (every cell short, none a sentence) when it opens the table, else a row whose
 * span is its longest cell (the one that states the requirement), its id cell as the clause reference.
 */
export function tableBlock(cells: Cell[], index: number, inTable: boolean, state: ClauseState): Block {
  const header = !inTable && cells.every((c) => c.text.split(/\s+/).length <= 4 && !/[.;]$/.test(c.text));
  if (header) state.tableHeader = cells.map((c) => c.text).join(' ');
  else if (!inTable) state.tableHeader = null;
  const idCell = ROW_ID.test(cells[0]?.text ?? '') ? cells[0] : undefined;
  const content = cells.filter((c) => c !== idCell).reduce((best, c) => (c.text.length > best.text.length ? c : best));
  const first = cells[0] ?? content;
  const last = cells[cells.length - 1] ?? content;
  return {
    index,
    start: header ? first.start : content.start,
    end: header ? last.end : content.end,
    bodyStart: header ? first.start : content.start,
    kind: header ? 'paragraph' : 'item',
    marker: idCell ? idCell.text : null,
    clause: idCell ? idCell.text.replace(/\.$/, '') : state.section,
    heading: null,
    level: 1,
    row: true,
    rowContext: [header ? null : state.tableHeader, ...cells.filter((c) => c !== content && c !== idCell).map((c) => c.text)].filter(Boolean).join(' ') || null,
    annex: state.annexTitle,
  };
}
