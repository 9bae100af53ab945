/**
 * How contracts number their clauses: the markers at the start of a line ('7.2', '(b)', 'II.1.1', 'Section 4',
 * 'E2.3', bullets), and the running state that turns each marker into the clause reference a reader cites
 * ('7.2(b)', 'H.12(b)(1)', 'II.2.1', 'Annex II').
 */

export type Marker = { label: string; style: MarkerStyle; length: number; word?: string };
export type MarkerStyle = 'word' | 'numeric' | 'letterNumber' | 'letterDot' | 'paren' | 'closeParen' | 'bullet';

const WORD_MARKER = /^(Section|Clause|Article|Art\.|Paragraph|Part|§)\s*(\d{1,3}[A-Za-z]?(?:\.\d{1,3})*|[IVXLC]{1,6}|[A-Z](?=\s*[-–—:.]|\s+[A-Z]))\b\.?\s*[-–—:.]?\s*/i;
const NUMERIC_MARKER = /^(\d{1,3}[A-Z]?(?:\.\d{1,3})*)(\.|\))?(?=\s)/;
/** 'C.4.2', 'II.2.1': an annex or part letter, or a roman annex number, before decimal clause numbers. */
const LETTER_NUMBER_MARKER = /^([A-Z]|[IVXLC]{2,6})\.(\d{1,2}(?:\.\d{1,2})*)\.?(?=\s)/;
/** 'E2.3', 'AC1', 'B12.1', 'ISR-3.2', 'SEC-04': a part code fused with its number, as supplier schedules write them. */
const PART_NUMBER_MARKER = /^([A-Z]{1,2}\d{1,2}(?:\.\d{1,3})*|[A-Z]{2,5}-\d{1,3}(?:\.\d{1,3})*)\.?(?=\s+[A-Z"“(])/;
const LETTER_DOT_MARKER = /^([A-Za-z]|[IVX]{1,4}|[ivx]{1,4})\.(?=\s)/;
const PAREN_MARKER = /^\(([a-z]{1,2}|[ivxlc]{1,6}|\d{1,2}|[A-Z]{1,2})\)(?=\s)/;
const CLOSE_PAREN_MARKER = /^([a-z]|[ivxlc]{1,6}|\d{1,2})\)(?=\s)/;
/** Bullets as Word, PDF readers (symbol-font glyphs in the private-use area) and plain text write them. */
const BULLET_MARKER = /^(?:[-–—•*·▪◦]\s+|[●○■□►▸▹➢➤✓✔❖◆◇‣⁃\uF0A7\uF0B7\uF076\uF0D8\uF0FC]\s*(?=\S))/u;
const ROMAN = /^[ivxlc]+$/;

export function detectMarker(line: string): Marker | null {
  let m = WORD_MARKER.exec(line);
  if (m?.[1] && m[2]) {
    const word = m[1].toLowerCase().replace('.', '');
    return { label: m[2], style: 'word', length: m[0].length, word: word === 'art' ? 'article' : word };
  }
  m = LETTER_NUMBER_MARKER.exec(line);
  if (m?.[1] && m[2]) return { label: `${m[1]}.${m[2]}`, style: 'letterNumber', length: m[0].length };
  m = PART_NUMBER_MARKER.exec(line);
  if (m?.[1]) return { label: m[1], style: 'letterNumber', length: m[0].length };
  m = NUMERIC_MARKER.exec(line);
  if (m?.[1]) {
    const rest = line.slice(m[0].length).trimStart();
    const dotted = m[1].includes('.') || m[2] !== undefined;
    if (rest && (dotted || /^[A-Z"“(]/.test(rest))) return { label: m[1], style: 'numeric', length: m[0].length };
  }
  m = PAREN_MARKER.exec(line);
  if (m?.[1]) return { label: m[1], style: 'paren', length: m[0].length };
  m = CLOSE_PAREN_MARKER.exec(line);
  if (m?.[1]) return { label: m[1], style: 'closeParen', length: m[0].length };
  m = LETTER_DOT_MARKER.exec(line);
  if (m?.[1]) return { label: m[1], style: 'letterDot', length: m[0].length };
  m = BULLET_MARKER.exec(line);
  if (m) return { label: '-', style: 'bullet', length: m[0].length };
  return null;
}

export type ClauseState = {
  article: string | null;
  section: string | null;
  letter: string | null;
  letterStyle: MarkerStyle | null;
  /** The schedule or annex identifier ('II', 'B') that prefixes its decimal clause numbers. */
  annexId: string | null;
  /** 'Annex II', 'Schedule 2': the reference of a clause in the annex that has no number of its own. */
  annexLabel: string | null;
  annexTitle: string | null;
  /** The header row of the table being read ('ID Control Requirement'), context for its rows. */
  tableHeader: string | null;
};

export const ANNEX_ID = /\b(?:schedule|annex|appendix|exhibit|attachment|addendum)\s+([IVXLC]{1,6}|[A-Z]|\d{1,2})\b/i;

const ROMAN_DIGITS: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };

function romanValue(numeral: string): number {
  if (!ROMAN.test(numeral)) return -1;
  let total = 0;
  for (let i = 0; i < numeral.length; i += 1) {
    const value = ROMAN_DIGITS[numeral[i] ?? ''] ?? 0;
    const next = ROMAN_DIGITS[numeral[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

function nextLetter(letter: string | null): string | null {
  if (!letter || letter.length !== 1) return null;
  return String.fromCharCode(letter.charCodeAt(0) + 1);
}

/** Applies a marker to the clause state and returns the block's clause reference and nesting level. */
export function clauseFor(marker: Marker, state: ClauseState): { clause: string; level: number } {
  const { label, style } = marker;
  if (style === 'word') {
    state.letter = null;
    if (marker.word === 'article' || marker.word === 'part') {
      state.article = label;
      state.section = label;
      return { clause: label, level: 0 };
    }
    const clause = state.article && !label.includes('.') && !label.startsWith(state.article) ? `${state.article}.${label}` : label;
    state.section = clause;
    return { clause, level: 0 };
  }
  if (style === 'numeric' || style === 'letterNumber') {
    // 'Annex II' clause 2.1 is cited II.2.1; a lettered exhibit's own numbers ('Exhibit C' 9.3) stand as written.
    const prefixed = style === 'numeric' && state.annexId && /^[IVX]{1,5}$/.test(state.annexId) && !label.startsWith(`${state.annexId}.`);
    const clause = prefixed ? `${state.annexId}.${label}` : label;
    state.section = clause;
    state.letter = null;
    return { clause, level: 0 };
  }
  if (style === 'letterDot' && /^[A-Z]+$/.test(label)) {
    state.section = label;
    state.letter = null;
    return { clause: label, level: 0 };
  }
  const base = state.section ?? '';
  if (style === 'letterDot') {
    // 'i.', 'ii.' … opening a list (or continuing a roman one) are roman numerals, written 9.2(ii).
    const roman = /^[ivx]+$/.test(label) && (state.letter === null || /^[ivx]+$/.test(state.letter));
    state.letter = label;
    state.letterStyle = style;
    return { clause: roman ? `${base}(${label})` : letterClause(base, label), level: 1 };
  }
  if (style === 'bullet') {
    return { clause: state.letter ? letterClause(base, state.letter) : base || (state.annexLabel ?? ''), level: state.letter ? 2 : 1 };
  }
  // '(1)' under '(b)': a numbered sub-item, written H.12(b)(1); the letter stays the current one.
  if (style === 'paren' && /^\d+$/.test(label) && state.letter && /^[a-z]{1,2}$/.test(state.letter) && state.letterStyle === 'paren') {
    return { clause: `${letterClause(base, state.letter)}(${label})`, level: 2 };
  }
  const romanSibling = state.letter !== null && ROMAN.test(state.letter) && romanValue(label) === romanValue(state.letter) + 1;
  const isRoman = ROMAN.test(label) && !(state.letter && nextLetter(state.letter) === label) && !romanSibling;
  if (isRoman && state.letter && /^[a-z]$/.test(state.letter) && state.letterStyle !== 'letterDot') {
    return { clause: `${letterClause(base, state.letter)}(${label})`, level: 2 };
  }
  state.letter = label;
  state.letterStyle = style;
  return { clause: letterClause(base, label), level: 1 };
}

/** A lettered item's reference: '3(d)' whether the list writes '(d)', 'd)' or 'd.'; a letter with no clause above stands alone. */
function letterClause(base: string, letter: string): string {
  return base ? `${base}(${letter})` : letter;
}

/** 'ANNEX II' → 'Annex II'. */
export function annexLabel(reference: string): string {
  const [word = '', id = ''] = reference.split(/\s+/);
  return `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()} ${id}`;
}
