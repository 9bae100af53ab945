/**
 * Running headers, footers and page numbers of text extracted from a paged document (PDF, or Word with
 * its headers exported), blanked out with spaces so that every offset into the text stays exact. Where a
 * page break falls inside a sentence, the whole break (furniture and the line breaks around it) becomes
 * spaces, so the clause reads as one line and keeps its own clause reference.
 */

const PAGE_NUMBER =
  /^(?:page\s+\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?|[-–—]\s*\d{1,4}\s*[-–—]|\d{1,4}\s*(?:of|\/)\s*\d{1,4}|\d{1,4}|[ivxlc]{1,6})$/i;
const PAGE_WORDS = /\bpage\s+\d{1,4}(\s*(of|\/)\s*\d{1,4})?\b/i;
const FURNITURE_WORDS = /\b(confidential|proprietary|page|copyright|©|all rights reserved|version|v\d|draft|rev(ision)?\.?\s*\d|classification|internal use)\b/i;
const SENTENCE_END = /[.;:!?"”)]$/;
const CLAUSE_START = /^(\(?[a-z]{1,3}\)|\(?\d{1,3}(\.\d{1,3})*[.)]?\s|[A-Z]\.\d|[-–•*·▪◦]\s|(Section|Clause|Article|Paragraph|Part|Schedule|Annex|Appendix|Exhibit|Attachment)\b)/i;
/** How many lines of a page's top or bottom a running header or footer may sit in, around a page number. */
const NEAR = 4;

type Line = { start: number; end: number; text: string };

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  const pattern = /[^\n\f]*(?:\r?\n|\f|$)/g;
  for (let match = pattern.exec(text); match && match.index < text.length; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex += 1;
      continue;
    }
    const raw = match[0].replace(/[\r\n\f]+$/, '');
    lines.push({ start: match.index, end: match.index + raw.length, text: raw.trim() });
  }
  return lines;
}

function shape(line: string): string {
  return line.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
}

/** Indexes of the lines that are page furniture. */
export function findPageFurniture(text: string): Set<number> {
  const lines = linesOf(text);
  const furniture = new Set<number>();
  const pageNumbers: number[] = [];
  lines.forEach((line, i) => {
    if (!line.text || line.text.includes('\t')) return;
    if (PAGE_NUMBER.test(line.text) || (PAGE_WORDS.test(line.text) && line.text.length <= 120)) {
      // A lone small number is a page number only when the lines around it are not a numbered list.
      if (/^\d{1,4}$/.test(line.text) && !isolated(lines, i)) return;
      pageNumbers.push(i);
      furniture.add(i);
    }
  });
  const counts = new Map<string, number[]>();
  lines.forEach((line, i) => {
    if (!line.text || line.text.length > 140 || line.text.includes('\t') || furniture.has(i)) return;
    const key = shape(line.text);
    counts.set(key, [...(counts.get(key) ?? []), i]);
  });
  for (const indexes of counts.values()) {
    if (indexes.length < 2) continue;
    const sample = lines[indexes[0] ?? 0]?.text ?? '';
    const nearPageNumbers = indexes.filter((i) => pageNumbers.some((p) => Math.abs(p - i) <= NEAR)).length;
    const prose = !/[={}"\[\]]|^[\w.-]+:\s/.test(sample);
    const byPageNumbers = nearPageNumbers >= Math.ceil(indexes.length / 2);
    const byWording = indexes.length >= 3 && FURNITURE_WORDS.test(sample) && !/[.;:]$/.test(sample);
    if (prose && (byPageNumbers || byWording)) {
      for (const i of indexes) furniture.add(i);
    }
  }
  return furniture;
}

function isolated(lines: readonly Line[], i: number): boolean {
  const before = lines[i - 1]?.text ?? '';
  const after = lines[i + 1]?.text ?? '';
  return before === '' || after === '' || SENTENCE_END.test(before) === false;
}

/** The text with its page furniture blanked (same length, same offsets). */
export function blankPageFurniture(text: string): string {
  const furniture = findPageFurniture(text);
  if (furniture.size === 0) return text;
  const lines = linesOf(text);
  const chars = text.split('');
  const blank = (from: number, to: number, keepBreaks: boolean) => {
    for (let k = from; k < to; k += 1) if (!(keepBreaks && (chars[k] === '\n' || chars[k] === '\f'))) chars[k] = ' ';
  };
  let i = 0;
  while (i < lines.length) {
    if (!furniture.has(i)) {
      i += 1;
      continue;
    }
    // The run of furniture and blank lines around this page break.
    let first = i;
    while (first > 0 && (lines[first - 1]?.text === '' || furniture.has(first - 1))) first -= 1;
    let last = i;
    while (last + 1 < lines.length && (lines[last + 1]?.text === '' || furniture.has(last + 1))) last += 1;
    const before = lines[first - 1];
    const after = lines[last + 1];
    const midSentence = before !== undefined && after !== undefined && !SENTENCE_END.test(before.text) && !CLAUSE_START.test(after.text);
    for (let k = first; k <= last; k += 1) {
      const line = lines[k];
      if (line && furniture.has(k)) blank(line.start, line.end, true);
    }
    if (midSentence && before && after) {
      const leading = text.slice(after.start).length - text.slice(after.start).trimStart().length;
      blank(before.end, after.start + leading, false);
    }
    i = last + 1;
  }
  return chars.join('');
}
