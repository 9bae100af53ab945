/**
 * Word's automatic list numbering, which is not part of a paragraph's text: the numbering definitions
 * (word/numbering.xml) and the paragraph styles that carry a numbering (word/styles.xml), and the counters
 * that turn a paragraph's list and level into the marker a reader sees ('1.2', '(b)', 'iii.', '•').
 */

type Level = { start: number; format: string; text: string };
type Definitions = {
  /** Levels by numbering instance (w:num), each inheriting its abstract definition's levels. */
  levels: Map<string, Level[]>;
  /** Numbering carried by a paragraph style: style id → list and level. */
  styles: Map<string, { numId: string; ilvl: number }>;
};

const val = (tag: string): string | null => /\bw:val="([^"]*)"/.exec(tag)?.[1] ?? null;

function parseLevels(abstractXml: string): Level[] {
  const levels: Level[] = [];
  for (const match of abstractXml.matchAll(/<w:lvl\b[^>]*\bw:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvl>/g)) {
    const body = match[2] ?? '';
    levels[Number(match[1])] = {
      start: Number(val(/<w:start\b[^>]*>/.exec(body)?.[0] ?? '') ?? 1),
      format: val(/<w:numFmt\b[^>]*>/.exec(body)?.[0] ?? '') ?? 'decimal',
      text: val(/<w:lvlText\b[^>]*>/.exec(body)?.[0] ?? '') ?? '',
    };
  }
  return levels;
}

/** Reads the numbering definitions and the numbered paragraph styles; either part may be missing. */
export function parseNumbering(numberingXml: string | null, stylesXml: string | null): Definitions {
  const abstracts = new Map<string, Level[]>();
  const levels = new Map<string, Level[]>();
  const styles = new Map<string, { numId: string; ilvl: number }>();
  if (numberingXml) {
    for (const match of numberingXml.matchAll(/<w:abstractNum\b[^>]*\bw:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g)) {
      abstracts.set(match[1] ?? '', parseLevels(match[2] ?? ''));
    }
    for (const match of numberingXml.matchAll(/<w:num\b[^>]*\bw:numId="(\d+)"[^>]*>([\s\S]*?)<\/w:num>/g)) {
      const body = match[2] ?? '';
      const abstractId = val(/<w:abstractNumId\b[^>]*>/.exec(body)?.[0] ?? '') ?? '';
      const own = [...(abstracts.get(abstractId) ?? [])];
      for (const override of body.matchAll(/<w:lvlOverride\b[^>]*\bw:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvlOverride>/g)) {
        const level = own[Number(override[1])];
        const start = val(/<w:startOverride\b[^>]*>/.exec(override[2] ?? '')?.[0] ?? '');
        if (level && start !== null) own[Number(override[1])] = { ...level, start: Number(start) };
      }
      levels.set(match[1] ?? '', own);
    }
  }
  if (stylesXml) {
    for (const match of stylesXml.matchAll(/<w:style\b[^>]*\bw:styleId="([^"]+)"[^>]*>([\s\S]*?)<\/w:style>/g)) {
      const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(match[2] ?? '')?.[1];
      const numId = numPr ? val(/<w:numId\b[^>]*>/.exec(numPr)?.[0] ?? '') : null;
      if (numId && numId !== '0') styles.set(match[1] ?? '', { numId, ilvl: Number(val(/<w:ilvl\b[^>]*>/.exec(numPr ?? '')?.[0] ?? '') ?? 0) });
    }
  }
  return { levels, styles };
}

const ROMAN: Array<[number, string]> = [
  [1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i'],
];

function roman(n: number): string {
  let rest = Math.max(1, Math.min(n, 3999));
  let out = '';
  for (const [value, digits] of ROMAN) {
    while (rest >= value) {
      out += digits;
      rest -= value;
    }
  }
  return out;
}

function letters(n: number): string {
  const letter = String.fromCharCode(97 + ((Math.max(1, n) - 1) % 26));
  return letter.repeat(Math.floor((Math.max(1, n) - 1) / 26) + 1);
}

function formatCounter(n: number, format: string): string {
  switch (format) {
    case 'lowerLetter':
      return letters(n);
    case 'upperLetter':
      return letters(n).toUpperCase();
    case 'lowerRoman':
      return roman(n);
    case 'upperRoman':
      return roman(n).toUpperCase();
    default:
      return String(n);
  }
}

/**
 * Counts the numbered paragraphs in reading order and renders each one's marker, as Word displays it. Each
 * list instance counts on its own (Word's "restart numbering" makes a new instance); a paragraph at a level
 * resets the deeper levels.
 */
export class ListCounters {
  private readonly counters = new Map<string, number[]>();

  constructor(private readonly definitions: Definitions) {}

  /** The numbering a paragraph has: its own (w:numPr) or its style's; numId 0 switches numbering off. */
  numberingOf(numId: string | null, ilvl: number | null, styleId: string | null): { numId: string; ilvl: number } | null {
    if (numId === '0') return null;
    const fromStyle = styleId ? this.definitions.styles.get(styleId) : undefined;
    const id = numId ?? fromStyle?.numId ?? null;
    return id ? { numId: id, ilvl: ilvl ?? fromStyle?.ilvl ?? 0 } : null;
  }

  /** The marker of the next paragraph of list `numId` at level `ilvl`, or '' when the list is not defined. */
  next(numId: string, ilvl: number): string {
    const levels = this.definitions.levels.get(numId);
    const level = levels?.[ilvl];
    if (!levels || !level) return '';
    if (level.format === 'bullet') return '•';
    if (level.format === 'none') return '';
    const counts = this.counters.get(numId) ?? [];
    counts[ilvl] = counts[ilvl] === undefined ? level.start : counts[ilvl] + 1;
    counts.length = ilvl + 1;
    this.counters.set(numId, counts);
    return level.text.replace(/%(\d)/g, (_, n: string) => {
      const index = Number(n) - 1;
      const at = levels[index];
      return at ? formatCounter(counts[index] ?? at.start, at.format) : '';
    });
  }
}
