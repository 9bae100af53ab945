/** A run of text on a PDF page, as pdf.js reports it (position in PDF points, y growing upwards). */
export interface PositionedText {
  text: string;
  x: number;
  y: number;
  width: number;
  /** Font height; 0 for pure spacing runs. */
  height: number;
  /** pdf.js's own judgement that a line ends after this run. */
  endsLine: boolean;
}

interface Line {
  text: string;
  y: number;
  height: number;
  endX: number;
}

/** Runs whose baselines differ by less than half a line are on the same line (superscripts included). */
const SAME_LINE_FRACTION = 0.5;
/** A horizontal gap wider than this share of the font height between two runs is a word space. */
const WORD_GAP_FRACTION = 0.15;
/** A horizontal gap wider than this many font heights separates two cells of a table row. */
const COLUMN_GAP_HEIGHTS = 2;
/** A vertical gap this many font heights (and this much above the page's usual line gap) starts a paragraph. */
const PARAGRAPH_GAP_HEIGHTS = 1.5;
const PARAGRAPH_GAP_OVER_USUAL = 1.2;

function isSameLine(line: Line, run: PositionedText): boolean {
  const tolerance = Math.max(line.height, run.height, 1) * SAME_LINE_FRACTION;
  return Math.abs(run.y - line.y) < tolerance;
}

/**
 * The separator before a run: a tab where the gap is a table's column gap (pdf.js reports it as a
 * whitespace run as wide as the gap, or leaves the gap bare), a space for a word gap, else none.
 */
function separator(line: Line, run: PositionedText): string {
  const height = Math.max(line.height, run.height, 1);
  const gap = run.x - line.endX;
  if (gap > height * COLUMN_GAP_HEIGHTS && !/\t$/.test(line.text)) return '\t';
  if (/\s$/.test(line.text) || /^\s/.test(run.text)) return '';
  return gap > height * WORD_GAP_FRACTION ? ' ' : '';
}

function appendRun(line: Line, run: PositionedText): void {
  const height = Math.max(line.height, run.height, 1);
  if (run.text.trim() === '' && run.width > height * COLUMN_GAP_HEIGHTS) {
    line.text = `${line.text.trimEnd()}\t`;
    line.endX = run.x + run.width;
    return;
  }
  const between = separator(line, run);
  const text = /\t$/.test(line.text) || between === '\t' ? run.text.trimStart() : run.text;
  line.text = (between === '\t' ? line.text.trimEnd() : line.text) + between + text;
  line.height = Math.max(line.height, run.height);
  line.endX = run.x + run.width;
}

function startLine(run: PositionedText): Line {
  return { text: run.text, y: run.y, height: run.height, endX: run.x + run.width };
}

/** Groups runs into lines: a new line after pdf.js marks an end of line or when the baseline moves. */
export function groupIntoLines(runs: PositionedText[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  let lineEnded = false;
  for (const run of runs) {
    if (run.text === '') {
      lineEnded ||= run.endsLine;
      continue;
    }
    if (current && !lineEnded && isSameLine(current, run)) appendRun(current, run);
    else {
      if (current) lines.push(current);
      current = startLine(run);
    }
    lineEnded = run.endsLine;
  }
  if (current) lines.push(current);
  return lines.filter((line) => line.text.trim() !== '');
}

/** The page's usual line spacing: the lower quartile of the gaps, since wrapped lines are the tightest. */
function usualLineGap(gaps: number[]): number {
  const sorted = [...gaps].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 4)] ?? 0;
}

function startsParagraph(previous: Line, line: Line, usualGap: number): boolean {
  const gap = previous.y - line.y;
  if (gap <= 0) return true;
  const fontHeight = Math.max(previous.height, line.height);
  return fontHeight > 0 && gap > fontHeight * PARAGRAPH_GAP_HEIGHTS && gap > usualGap * PARAGRAPH_GAP_OVER_USUAL;
}

/**
 * Turns one page's runs into text: runs joined into lines (so a clause number stays at the start of its
 * line), lines separated by '\n', and a blank line where the vertical gap shows a new paragraph or the text
 * jumps back up the page (a new column).
 */
export function layoutPageText(runs: PositionedText[]): string {
  const lines = groupIntoLines(runs);
  const gaps = lines.slice(1).map((line, index) => (lines[index]?.y ?? line.y) - line.y).filter((gap) => gap > 0);
  const usualGap = usualLineGap(gaps);
  return lines
    .map((line, index) => {
      const previous = lines[index - 1];
      const separator = !previous ? '' : startsParagraph(previous, line, usualGap) ? '\n\n' : '\n';
      return separator + line.text;
    })
    .join('');
}
