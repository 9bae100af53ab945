import { indexTerms, tokensInRange, type Token } from './nlp';

/** The exact span of one sentence (or line) of a passage; `label` for a heading line. */
export type SentenceSpan = { start: number; end: number; label: boolean };

/** Headings of the parts of a document that frame it rather than state its controls. */
const FRAMING_HEADING =
  /^\W*(\d+(\.\d+)*\.?\s*)?(purpose|scope|purpose and scope|introduction|overview|background|about this \w+|objectives?|aims?|applicability|audience|definitions|terms( and definitions)?|document (control|history|information)|version history|revision history|change history|references|related (documents|policies))\b/i;

/** Sentences that say what the document is, is for or covers: "This policy applies to all employees …". */
const FRAMING_SENTENCE =
  /^\W*(\d+(\.\d+)*\.?\s*)?((the (purpose|aim|objective) of )?(this|these) (\w+\s){0,2}?(policy|policies|standard|procedure|document|plan|playbook|runbook|guideline|guidelines|rules|process|schedule)\b.{0,60}?\b(applies|apply|sets? out|describes?|defines?|establish(es)?|explains?|covers?|is intended|are intended|aims?|outlines?|is to|are to|provides?)\b|it applies to\b)/i;

/** Whether a passage frames the document (purpose, scope, introduction) instead of stating a control. */
export function isFramingPassage(heading: string | null, text: string): boolean {
  return (heading !== null && FRAMING_HEADING.test(heading)) || FRAMING_SENTENCE.test(text);
}

/** A span of several lines (table rows, settings) split into its non-empty lines, each quotable alone. */
function linesOf(text: string, span: SentenceSpan): SentenceSpan[] {
  const lines: SentenceSpan[] = [];
  let start = span.start;
  while (start < span.end) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 || newline > span.end ? span.end : newline;
    const line = text.slice(start, end);
    const lead = line.length - line.trimStart().length;
    if (line.trim()) lines.push({ start: start + lead, end: start + line.trimEnd().length, label: span.label });
    start = end + 1;
  }
  return lines;
}

const termCache = new WeakMap<readonly Token[], Map<string, ReadonlySet<string>>>();

/** The index terms of a sentence, computed once per analysed document (its token array). */
function sentenceTerms(tokens: readonly Token[], span: SentenceSpan): ReadonlySet<string> {
  let cache = termCache.get(tokens);
  if (!cache) {
    cache = new Map();
    termCache.set(tokens, cache);
  }
  const key = `${span.start}:${span.end}`;
  let terms = cache.get(key);
  if (!terms) {
    terms = new Set(indexTerms(tokensInRange(tokens, span.start, span.end)));
    cache.set(key, terms);
  }
  return terms;
}

/** Share of the best sentence's weight a neighbouring sentence needs to be quoted with it. */
const NEIGHBOUR_SHARE = 0.6;

/**
 * The whole sentences of a passage that state what a requirement asks for: the sentence covering most
 * of the requirement's weighted terms, widened to adjacent sentences that cover nearly as much (a
 * statement and its elaboration). Framing sentences are quoted only when nothing else matches.
 */
export function quoteSentences(
  text: string,
  tokens: readonly Token[],
  spans: readonly SentenceSpan[],
  weights: ReadonlyMap<string, number>,
): { start: number; end: number } {
  const statements = spans.filter((span) => !span.label);
  const sentences = (statements.length > 0 ? statements : spans).flatMap((span) => linesOf(text, span));
  const scores = sentences.map((sentence) => {
    let score = 0;
    for (const term of sentenceTerms(tokens, sentence)) score += weights.get(term) ?? 0;
    return FRAMING_SENTENCE.test(text.slice(sentence.start, sentence.end)) ? score * 0.25 : score;
  });
  let best = 0;
  for (let i = 1; i < scores.length; i += 1) if ((scores[i] ?? 0) > (scores[best] ?? 0)) best = i;
  const first = sentences[0];
  const bestSentence = sentences[best];
  if (!first || !bestSentence || (scores[best] ?? 0) === 0) return { start: first?.start ?? 0, end: sentences[sentences.length - 1]?.end ?? 0 };
  const floor = NEIGHBOUR_SHARE * (scores[best] ?? 0);
  let from = best;
  let to = best;
  while (from > 0 && (scores[from - 1] ?? 0) >= floor) from -= 1;
  while (to < sentences.length - 1 && (scores[to + 1] ?? 0) >= floor) to += 1;
  return wholeSentences(text, { start: sentences[from]?.start ?? bestSentence.start, end: sentences[to]?.end ?? bestSentence.end });
}

/** What may stand before a quote on its line: a list marker, a clause or row number ("1.3", "(b)", "AUTH-08", "CC6.1", "C2"). */
const LINE_MARKER = /^\s*([-•*–]|\(?[a-z0-9]{1,4}[.)]|\d+(\.\d+)*\.?|[a-z]{1,8}-?\d+(\.\d+)*)?\s*$/i;
/** The end of the sentence or table cell before a quote on the same line. */
const SENTENCE_BEFORE = /([.!?:;]\s+|\t\s*)$/;

/** Where a sentence a PDF wrapped onto the next lines ends: the quote follows it to its full stop. */
const OPEN_SENTENCE_END = /[^.!?:;)"”]$/;
const WRAPPED_TAIL = /^\n(?!\s*\n)([^\n]*?[.!?](?=\s|$)|[^\n]*)/;
const MAX_WRAPPED_LINES = 4;

function throughWrappedLines(text: string, end: number): number {
  let at = end;
  for (let line = 0; line < MAX_WRAPPED_LINES && OPEN_SENTENCE_END.test(text.slice(Math.max(0, at - 1), at)); line += 1) {
    const next = WRAPPED_TAIL.exec(text.slice(at, at + 400));
    const continues = next?.[1] && (/^[a-z]/.test(next[1]) || (/[A-Za-z0-9]$/.test(text.slice(at - 1, at)) && /^[A-Za-z0-9(]/.test(next[1])));
    if (!next || !continues || /^\s*([-•*–]\s|\(?[a-z0-9]{1,4}[.)]\s|\d+(\.\d+)+\s)/i.test(next[1] ?? '')) break;
    at += next[0].length;
  }
  return at;
}

/** Where a sentence that a PDF wrapped before a quote's first line began ('… Staff who operate asset management' + 'procedures receive …'). */
function backToSentenceStart(text: string, start: number): number {
  let at = start;
  for (let line = 0; line < MAX_WRAPPED_LINES && /^[a-z]/.test(text.charAt(at)) && text.charAt(at - 1) === '\n'; line += 1) {
    const previousStart = text.lastIndexOf('\n', at - 2) + 1;
    const previous = text.slice(previousStart, at - 1);
    if (!previous.trim() || !/[A-Za-z0-9,]$/.test(previous.trimEnd())) break;
    let cut = -1;
    for (const match of previous.matchAll(/[.!?;:]\s+/g)) cut = (match.index ?? 0) + match[0].length;
    if (cut >= 0) return previousStart + cut;
    at = previousStart;
  }
  return at;
}

/**
 * Widens a span that a sentence split left inside a sentence ("Policy |v3.2 …" read as a list marker),
 * a word ("Microsoft.|Keyvault") or a line a PDF wrapped, to the whole sentence and whole words.
 */
function wholeSentences(text: string, span: { start: number; end: number }): { start: number; end: number } {
  let { start, end } = span;
  while (end < text.length && /\S/.test(text.charAt(end)) && /\S/.test(text.charAt(end - 1))) end += 1;
  end = throughWrappedLines(text, end);
  start = backToSentenceStart(text, start);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const prefix = text.slice(lineStart, start);
  if (!LINE_MARKER.test(prefix) && !SENTENCE_BEFORE.test(prefix)) {
    let cut = 0;
    for (const match of prefix.matchAll(/[.!?;:]\s+|\t/g)) cut = (match.index ?? 0) + match[0].length;
    start = lineStart + cut + (prefix.slice(cut).length - prefix.slice(cut).trimStart().length);
  }
  return { start, end };
}
