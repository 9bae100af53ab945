import { ANNEX_ID, annexLabel, clauseFor, detectMarker, type ClauseState } from './clause-numbering';
import { analyzeText, type Token } from './nlp';
import { blankPageFurniture } from './page-furniture';
import { tableBlock, tableCells } from './table-rows';

export type BlockKind = 'heading' | 'paragraph' | 'item';

/** A structural unit of the document: one numbered clause, list item, heading or unnumbered paragraph. */
export type Block = {
  index: number;
  start: number;
  end: number;
  /** Where the text after the clause marker begins. */
  bodyStart: number;
  kind: BlockKind;
  /** The marker as written ('7.2', '(b)', 'Section 4', '-') or null. */
  marker: string | null;
  clause: string | null;
  /** Text of this heading block, or of the nearest heading above (or this block's own inline heading). */
  heading: string | null;
  /** Nesting level for list items: 1 for (a), 2 for (a)(i). */
  level: number;
  /** A row of a table (tab-separated cells): the block spans the cell that states the row's content. */
  row: boolean;
  /** For a table row: its other cells (control family, area …); for a header row, the column names. */
  rowContext: string | null;
  /** The title of the schedule, annex or exhibit the block is in. */
  annex: string | null;
};

/** A sentence, list item or heading with its exact source span: `text === source.slice(start, end)`. */
export type Segment = {
  index: number;
  start: number;
  end: number;
  text: string;
  kind: 'heading' | 'sentence' | 'item';
  block: number;
  clause: string | null;
  heading: string | null;
  /** For a list item: the segment that introduces the list ('… shall implement the following:'). */
  leadIn: number | null;
  /** Position of this sentence within its block (0 = first). */
  position: number;
  /** Part of a table row (see Block.row). */
  row: boolean;
  rowContext: string | null;
  annex: string | null;
};

/** `text` is the input with page furniture blanked (same length): every span indexes both. */
export type SegmentedText = { text: string; tokens: Token[]; blocks: Block[]; segments: Segment[] };

const SCHEDULE_HEADING = /\b(SCHEDULE|ANNEX|APPENDIX|EXHIBIT|ATTACHMENT|ADDENDUM)\b|^(Schedule|Annex|Appendix|Exhibit|Attachment|Addendum)\b/;
const MODAL = /\b(shall|must|will|agrees?|undertakes?|required|responsible)\b/i;

/** Whether a line (without its marker) reads as a heading: short, no sentence punctuation, no modal verb. */
export function isHeadingText(body: string): boolean {
  const text = body.trim();
  if (!text || text.length > 90) return false;
  const words = text.split(/\s+/);
  const letters = text.replace(/[^A-Za-z]/g, '');
  const allCaps = letters.length >= 3 && letters === letters.toUpperCase();
  if (allCaps && words.length <= 15) return true;
  if (/[.;:,]$/.test(text) || words.length > 10) return false;
  if (!/^[A-Z0-9"“]/.test(text)) return false;
  return !MODAL.test(text);
}

/**
 * Splits a document into blocks (by its clause numbering and line structure) and each block into
 * sentences (wink-nlp sentence boundaries), keeping every span exact. With `tables` (the default) a run
 * of tab-separated lines is a table whose rows are blocks spanning their content cell; without, such
 * lines are ordinary lines (evidence passages keep whole rows).
 */
export function segmentText(source: string, options: { tables?: boolean } = {}): SegmentedText {
  const text = blankPageFurniture(source);
  const { tokens, sentences } = analyzeText(text);
  const blocks = splitBlocks(text, options.tables ?? true);
  const segments: Segment[] = [];
  let sentenceCursor = 0;
  const leadIns: Array<{ segment: number; level: number }> = [];
  let currentHeading: string | null = null;
  for (const block of blocks) {
    if (block.kind === 'heading') currentHeading = block.heading;
    else block.heading = currentHeading;
    const pieces: Array<{ start: number; end: number }> = [];
    while (sentenceCursor < sentences.length && (sentences[sentenceCursor]?.end ?? 0) <= block.bodyStart) sentenceCursor += 1;
    for (let i = sentenceCursor; i < sentences.length; i += 1) {
      const sentence = sentences[i];
      if (!sentence || sentence.start >= block.end) break;
      const span = trimSpan(text, Math.max(sentence.start, block.bodyStart), Math.min(sentence.end, block.end));
      if (!span || !/[A-Za-z0-9]/.test(text.slice(span.start, span.end))) continue;
      const previous = pieces[pieces.length - 1];
      if (previous && /^[a-z]/.test(text[span.start] ?? '')) previous.end = span.end;
      else pieces.push(span);
    }
    if (pieces.length === 0) {
      const span = trimSpan(text, block.bodyStart, block.end);
      if (span) pieces.push(span);
    }
    if (block.kind === 'item') {
      while (leadIns.length > 0 && (leadIns[leadIns.length - 1]?.level ?? 0) >= block.level) leadIns.pop();
    } else {
      leadIns.length = 0;
    }
    const leadInForBlock = block.kind === 'item' ? (leadIns[leadIns.length - 1]?.segment ?? null) : null;
    pieces.forEach((piece, position) => {
      const pieceText = text.slice(piece.start, piece.end);
      const inlineHeading = position === 0 && (pieces.length > 1 || block.marker !== null) && isInlineHeading(pieceText);
      if (inlineHeading) {
        block.heading = pieceText.replace(/\.$/, '');
        if (pieces.length === 1) currentHeading = block.heading;
      }
      const kind = block.kind === 'heading' || inlineHeading ? 'heading' : block.kind === 'item' ? 'item' : 'sentence';
      segments.push({
        index: segments.length,
        start: piece.start,
        end: piece.end,
        text: pieceText,
        kind,
        block: block.index,
        clause: block.clause,
        heading: block.heading,
        leadIn: leadInForBlock,
        position,
        row: block.row,
        rowContext: block.rowContext,
        annex: block.annex,
      });
    });
    const last = segments[segments.length - 1];
    if (last && last.block === block.index && /:\s*$/.test(last.text) && block.kind !== 'heading' && !block.row) {
      leadIns.push({ segment: last.index, level: block.kind === 'item' ? block.level : 0 });
    }
  }
  return { text, tokens, blocks, segments };
}

function isInlineHeading(sentence: string): boolean {
  const words = sentence.replace(/\.$/, '').split(/\s+/);
  return /\.$/.test(sentence) && words.length <= 4 && words.every((w) => /^[A-Z&]/.test(w) || /^(and|of|the|to|for|on)$/.test(w));
}

function trimSpan(text: string, start: number, end: number): { start: number; end: number } | null {
  let a = start;
  let b = end;
  while (a < b && /\s/.test(text[a] ?? '')) a += 1;
  while (b > a && /\s/.test(text[b - 1] ?? '')) b -= 1;
  return a < b ? { start: a, end: b } : null;
}

/** Groups lines into blocks: a marker or a blank line starts a block; a wrapped line continues one. */
function splitBlocks(text: string, tables: boolean): Block[] {
  const blocks: Block[] = [];
  const state: ClauseState = { article: null, section: null, letter: null, letterStyle: null, annexId: null, annexLabel: null, annexTitle: null, tableHeader: null };
  let current: Block | null = null;
  let inTable = false;
  let previousLine = '';
  const linePattern = /[^\n]*\n?/g;
  for (let match = linePattern.exec(text); match && match[0].length > 0; match = linePattern.exec(text)) {
    const raw = match[0];
    const lineStart = match.index;
    const leading = raw.length - raw.trimStart().length;
    const line = raw.trim();
    if (!line) {
      current = null;
      previousLine = '';
      continue;
    }
    const start = lineStart + leading;
    const end = start + line.length;
    const cells = tables ? tableCells(raw, lineStart) : null;
    if (cells) {
      const block = tableBlock(cells, blocks.length, inTable, state);
      blocks.push(block);
      inTable = true;
      current = null;
      previousLine = '';
      continue;
    }
    inTable = false;
    const marker = wrapsOnto(previousLine) && !subClauseOf(previousLine, line) ? null : detectMarker(line);
    if (!marker && current && isContinuation(previousLine, line)) {
      current.end = end;
      if (current.kind === 'heading') unlessStillHeading(current, text);
      previousLine = line;
      continue;
    }
    const body = marker ? line.slice(marker.length).trim() : line;
    const headingLike = isHeadingText(body) && !(marker && ['paren', 'closeParen', 'bullet'].includes(marker.style));
    let clause: string | null = null;
    let level = 0;
    if (!marker && headingLike && SCHEDULE_HEADING.test(line)) {
      state.article = null;
      state.section = null;
      state.letter = null;
      const annex = ANNEX_ID.exec(line);
      state.annexId = annex?.[1] ?? null;
      state.annexLabel = annex ? annexLabel(annex[0]) : null;
      state.annexTitle = body;
    }
    if (marker) ({ clause, level } = clauseFor(marker, state));
    else clause = state.section ?? (headingLike ? null : state.annexLabel);
    const kind: BlockKind = headingLike ? 'heading' : marker && level > 0 ? 'item' : 'paragraph';
    current = {
      index: blocks.length,
      start,
      end,
      bodyStart: start + (marker ? marker.length : 0) + (marker ? leadingSpace(line.slice(marker.length)) : 0),
      kind,
      marker: marker ? (marker.style === 'word' ? `${marker.word ?? ''} ${marker.label}` : marker.label) : null,
      clause,
      heading: headingLike ? body : null,
      level,
      row: false,
      rowContext: null,
      annex: state.annexTitle,
    };
    blocks.push(current);
    previousLine = line;
  }
  return blocks;
}

/**
 * A short first line of a wrapped clause ('C.2.1 Pre-employment screening of all Supplier Personnel with
 * access to Bank' + 'Data, covering identity, …') reads as a heading until its continuation shows a
 * sentence: then the block is the clause it is.
 */
function unlessStillHeading(block: Block, text: string): void {
  const body = text.slice(block.bodyStart, block.end).replace(/\s+/g, ' ').trim();
  if (isHeadingText(body) || !(/[.;:,]$/.test(body) || body.split(' ').length > 12)) return;
  block.kind = block.marker && block.level > 0 ? 'item' : 'paragraph';
  block.heading = null;
}

function leadingSpace(s: string): number {
  return s.length - s.trimStart().length;
}

/**
 * A long line that stops mid-sentence was wrapped (text extracted from PDF): the next line continues it,
 * even when it starts with something that looks like a clause number ('1.2 or higher;', '(60) days').
 */
function wrapsOnto(previous: string): boolean {
  return previous.length > 60 && !/[.;:!?"”]$/.test(previous) && !/[;,]\s*(and|or)$/.test(previous) && !isHeadingText(previous);
}

/** '2.1 …' after a long unpunctuated '2. Measures for ensuring …' heading: the numbering goes on, it is no wrap. */
function subClauseOf(previous: string, line: string): boolean {
  const parent = detectMarker(previous);
  const child = detectMarker(line);
  if (!parent || !child || !['numeric', 'letterNumber'].includes(child.style)) return false;
  return child.label.startsWith(`${parent.label.replace(/\.$/, '')}.`);
}

/** A line continues the previous one when that line was cut mid-sentence (text extracted from PDF). */
function isContinuation(previous: string, line: string): boolean {
  if (!previous) return false;
  if (/^[a-z]/.test(line)) return true;
  if (/[.;:!?"”]$/.test(previous) || (isHeadingText(previous) && /^[A-Z]/.test(line))) return false;
  return /^\(/.test(line) || previous.length > 70;
}

