import { inflateRawSync } from 'node:zlib';
import { ListCounters, parseNumbering } from './docx-numbering';
import { TextBudget, tooMuchTextError } from './text-budget';
import type { ZipDirectory } from './zip-directory';

const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const MAIN_PART = 'word/document.xml';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A part's XML, or null when the package has no such part (no word/document.xml: an unusual layout mammoth still reads). */
function partXml(buffer: Buffer, directory: ZipDirectory, name: string): string | null {
  const entry = directory.entries.find((e) => e.name === name);
  if (!entry) return null;
  const data = buffer.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === METHOD_STORED) return data.toString('utf8');
  if (entry.method !== METHOD_DEFLATE) return null;
  // The zip guard has already checked this entry inflates to exactly its declared size.
  return inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) }).toString('utf8');
}

const TOKEN = /<(\/?)w:(p|tbl|tr|tc|t|tab|br|cr|delText|instrText|numId|ilvl|pStyle)\b[^>]*?(\/?)>/g;
const VALUE = /\bw:val="([^"]*)"/;

/**
 * The text of a .docx body as a reader sees it: paragraphs separated by a blank line, each with the marker
 * Word's automatic numbering shows before it ('1.2', '(b)', '•'), and each table row on one line with its
 * cells separated by tabs (header row first), so a table of controls keeps its rows.
 * Deleted (tracked) text and field codes are left out. Stops as soon as the text passes `maxChars`.
 * Returns null when the package has no standard main part.
 */
export function readDocxBodyText(buffer: Buffer, directory: ZipDirectory, maxChars: number, signal?: AbortSignal): string | null {
  const xml = partXml(buffer, directory, MAIN_PART);
  if (xml === null) return null;
  const lists = new ListCounters(parseNumbering(partXml(buffer, directory, 'word/numbering.xml'), partXml(buffer, directory, 'word/styles.xml')));
  let numbering: { numId: string | null; ilvl: number | null; style: string | null } = { numId: null, ilvl: null, style: null };
  if (!/<\/w:body>\s*<\/w:document>\s*$/.test(xml)) throw new Error('The document part is not complete XML');
  const budget = new TextBudget(maxChars);
  const out: string[] = [];
  let paragraph = '';
  let tableDepth = 0;
  let cells: string[] = [];
  let cell = '';
  let inText = false;
  let textStart = 0;
  let tokens = 0;
  const emit = (piece: string) => {
    budget.spend(piece.length);
    out.push(piece);
  };
  for (const match of xml.matchAll(TOKEN)) {
    tokens += 1;
    if (tokens % 50_000 === 0) signal?.throwIfAborted();
    const [, closing, tag, selfClosing] = match;
    const index = match.index ?? 0;
    if (tag === 't') {
      if (!closing && !selfClosing) {
        inText = true;
        textStart = index + match[0].length;
      } else if (closing && inText) {
        inText = false;
        paragraph += decodeXml(xml.slice(textStart, index));
        // One paragraph holding a whole book would otherwise grow unchecked until it ends.
        if (paragraph.length > maxChars) throw tooMuchTextError(maxChars);
      }
      continue;
    }
    if ((tag === 'numId' || tag === 'ilvl' || tag === 'pStyle') && selfClosing) {
      const value = VALUE.exec(match[0])?.[1] ?? null;
      if (tag === 'numId') numbering.numId = value;
      else if (tag === 'ilvl') numbering.ilvl = value === null ? null : Number(value);
      else numbering.style = value;
      continue;
    }
    if (tag === 'tab' && selfClosing) paragraph += tableDepth > 0 ? ' ' : '\t';
    else if ((tag === 'br' || tag === 'cr') && selfClosing) paragraph += tableDepth > 0 ? ' ' : '\n';
    else if (tag === 'p' && (closing || selfClosing)) {
      const list = lists.numberingOf(numbering.numId, numbering.ilvl, numbering.style);
      numbering = { numId: null, ilvl: null, style: null };
      const marker = list ? lists.next(list.numId, list.ilvl) : '';
      if (marker && paragraph.trim()) paragraph = `${marker} ${paragraph.trimStart()}`;
      if (tableDepth > 0) {
        const text = paragraph.trim();
        if (text) cell = cell ? `${cell} ${text}` : text;
      } else emit(`${paragraph}\n\n`);
      paragraph = '';
    } else if (tag === 'tbl') {
      tableDepth += closing ? -1 : selfClosing ? 0 : 1;
      if (closing && tableDepth === 0) emit('\n');
    } else if (tag === 'tr' && tableDepth === 1) {
      if (!closing && !selfClosing) cells = [];
      else if (closing) {
        if (cells.some((c) => c !== '')) emit(`${cells.join('\t')}\n`);
        cells = [];
      }
    } else if (tag === 'tc' && tableDepth === 1) {
      if (!closing && !selfClosing) cell = '';
      else if (closing) cells.push(cell.replace(/\s+/g, ' ').trim());
    }
  }
  if (paragraph) emit(paragraph);
  if (tableDepth !== 0) throw new Error('The document part has an unclosed table');
  return out.join('');
}
