/**
 * How the policy downloads read the Markdown of a policy, line by line: the one set of rules that the
 * DOCX builder (formatting) and the TXT builder (plain text) both follow.
 */

/** '#' to '######' then at least one space and the heading text. */
export const HASH_HEADING = /^(#{1,6})\s+(.*)$/;
/** A line that is one bold run and nothing else, e.g. '**Document Control**'. */
export const BOLD_LINE = /^\*\*([^*]+)\*\*$/;
export const BULLET = /^\s*[-*+]\s+(.*)$/;
export const TABLE_ROW = /^\s*\|.*\|\s*$/;
export const TABLE_SEPARATOR = /^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*\|?\s*$/;
export const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
export const QUOTE = /^\s*>\s?/;
/**
 * Inline markers: bold, inline code, italics, links. Splitting a line by it keeps each marked part
 * whole; underscores inside a word (snake_case) are not emphasis.
 */
const INLINE = /(\*\*[^*]+\*\*|(?<!\w)__[^_]+__(?!\w)|`[^`]+`|\*[^*\s][^*]*\*|(?<!\w)_[^_\s][^_]*_(?!\w)|\[[^\]]+\]\([^)\s]+\))/;
/** A backslash escape of a Markdown punctuation character ('\\*' shows '*'). */
const ESCAPE = /\\([\\`*_{}[\]()#+\-.!|>~])/g;

export interface InlinePart {
  kind: 'text' | 'bold' | 'italic' | 'code' | 'link';
  /** The words shown, markers removed. */
  text: string;
  /** A link's address. */
  href?: string;
}

/** One line's inline parts in order, each with its markers removed. */
export function inlineParts(line: string): InlinePart[] {
  const parts: InlinePart[] = [];
  for (const part of line.split(INLINE)) {
    if (!part) continue;
    if ((part.startsWith('**') && part.endsWith('**')) || (part.startsWith('__') && part.endsWith('__'))) {
      parts.push({ kind: 'bold', text: part.slice(2, -2) });
    } else if (part.startsWith('`') && part.endsWith('`') && part.length > 1) {
      parts.push({ kind: 'code', text: part.slice(1, -1) });
    } else if (/^[*_].+[*_]$/.test(part) && part[0] === part.at(-1)) {
      parts.push({ kind: 'italic', text: part.slice(1, -1) });
    } else {
      const link = part.startsWith('[') ? /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part) : null;
      parts.push(link ? { kind: 'link', text: link[1]!, href: link[2]! } : { kind: 'text', text: part.replace(ESCAPE, '$1') });
    }
  }
  return parts;
}

/** The text of a heading line without its closing hashes ('## Scope ##' → 'Scope'). */
export function headingText(text: string): string {
  return text.replace(/\s+#+\s*$/, '');
}

/** The cells of one table row, trimmed; an escaped pipe ('\\|') stays inside its cell as '|'. */
export function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** A run of consecutive table rows starting at `start`: its rows' cells (separator dropped) and its last index. */
export function readTable(lines: readonly string[], start: number): { rows: string[][]; end: number } {
  let end = start;
  while (end + 1 < lines.length && TABLE_ROW.test(lines[end + 1]!)) end += 1;
  const rows = lines.slice(start, end + 1).filter((line) => !TABLE_SEPARATOR.test(line)).map(tableCells);
  return { rows, end };
}

export function policyLines(markdown: string): string[] {
  return markdown.replace(/\r\n?/g, '\n').split('\n');
}
