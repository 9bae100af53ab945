const LINE_BREAKS = /\r\n?|[\v\u2028\u0085]/g;
const PAGE_BREAKS = /[\f\u2029]/g;
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
const ODD_SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

function tidyLine(line: string): string {
  return line.replace(/ {2,}/g, ' ').replace(/^ +/, '').replace(/[\t ]+$/, '');
}

/**
 * One shape for every extractor's text: Unicode NFC, '\n' line ends, single spaces, no invisible or control
 * characters (tabs kept inside lines: they separate spreadsheet cells), lines trimmed, at most one blank line between
 * paragraphs.
 */
export function normaliseText(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(LINE_BREAKS, '\n')
    .replace(PAGE_BREAKS, '\n\n')
    .replace(INVISIBLE, '')
    .replace(CONTROLS, '')
    .replace(ODD_SPACES, ' ');
  return cleaned.split('\n').map(tidyLine).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

export function countWords(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(WORD)) count += 1;
  return count;
}
