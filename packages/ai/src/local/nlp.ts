import winkNLP, { type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** One token of the input with its character span (end exclusive) and normalised forms. */
export type Token = {
  start: number;
  end: number;
  value: string;
  lower: string;
  /** Porter stem from the wink model, hyphens removed ('sub-processors' → 'subprocessor'). */
  stem: string;
  stop: boolean;
  kind: string;
  /** Universal part of speech from wink's tagger ('VERB', 'NOUN', …). */
  pos: string;
};

export type AnalyzedText = {
  tokens: Token[];
  /** Sentence spans from wink's sentence boundary detection, as [start, end) character offsets. */
  sentences: Array<{ start: number; end: number }>;
};

let instance: WinkMethods | undefined;

/** The wink-nlp pipeline with the English lite model shipped in the npm package (no download). Loaded on first use. */
function nlp(): WinkMethods {
  instance ??= winkNLP(model, ['sbd', 'negation', 'pos']);
  return instance;
}

/** Tokenises the text and finds its sentences, keeping exact character offsets into the input. */
export function analyzeText(text: string): AnalyzedText {
  const engine = nlp();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const tokenCollection = doc.tokens();
  const values = tokenCollection.out() as string[];
  const spaces = tokenCollection.out(its.precedingSpaces) as string[];
  // wink's typings declare stem and lemma with a third parameter that its own ItsFunction type does not allow.
  const stems = tokenCollection.out(its.stem as unknown as ItsFunction<string>) as string[];
  const lemmas = tokenCollection.out(its.lemma as unknown as ItsFunction<string>) as string[];
  const stops = tokenCollection.out(its.stopWordFlag) as unknown as boolean[];
  const kinds = tokenCollection.out(its.type) as string[];
  const tags = tokenCollection.out(its.pos) as string[];
  const tokens: Token[] = [];
  let offset = 0;
  for (let i = 0; i < values.length; i += 1) {
    offset += (spaces[i] ?? '').length;
    const value = values[i] ?? '';
    const start = text.indexOf(value, offset) === offset ? offset : locate(text, value, offset);
    const end = start + value.length;
    tokens.push({
      start,
      end,
      value,
      lower: value.toLowerCase(),
      stem: normaliseStem(stems[i] ?? value.toLowerCase(), lemmas[i] ?? value.toLowerCase()),
      stop: stops[i] === true,
      kind: kinds[i] ?? 'word',
      pos: tags[i] ?? 'X',
    });
    offset = end;
  }
  const spans = doc.sentences().out(its.span) as unknown as Array<[number, number]>;
  const sentences = spans.flatMap(([first, last]) => {
    let a = first;
    let b = last;
    while (a < b && !tokens[a]?.value.trim()) a += 1;
    while (b > a && !tokens[b]?.value.trim()) b -= 1;
    const from = tokens[a];
    const to = tokens[b];
    return from && to && from.value.trim() ? [{ start: from.start, end: to.end }] : [];
  });
  return { tokens, sentences };
}

/**
 * Porter stems that merge unrelated words ('aware'/'awareness', 'integrity'/'integrate', 'inform'/'information',
 * 'controller'/'control', 'customer'/'custom'): for these the lemma is used instead, keeping the families apart.
 */
const AMBIGUOUS_STEMS = new Set(['awar', 'integr', 'continu', 'control', 'organ', 'gener', 'inform', 'sever', 'custom', 'design', 'author', 'except', 'direct', 'associ', 'adequ', 'commun', 'minim', 'nation']);

function normaliseStem(stem: string, lemma: string): string {
  const chosen = AMBIGUOUS_STEMS.has(stem) ? lemma.toLowerCase() : stem;
  return chosen.replace(/-/g, '');
}

/** wink reconstructs the text losslessly; this fallback only guards against a surprise in its spacing. */
function locate(text: string, value: string, from: number): number {
  const found = text.indexOf(value, from);
  return found < 0 ? from : found;
}

const WORD = /^[a-z0-9][a-z0-9]*$/;

function isContent(token: Token): boolean {
  return !token.stop && (token.kind === 'word' || token.kind === 'number') && WORD.test(token.stem) && /[a-z]/.test(token.stem);
}

const IDENTIFIER = /[a-z][A-Z]|_[A-Za-z]/;

/**
 * Stems of the words inside a configuration identifier ('MinimumPasswordLength', 'log_retention_days'),
 * or null for an ordinary word. Configuration exports name their settings this way.
 */
function identifierStems(token: Token): string[] | null {
  if (token.kind !== 'word' || !IDENTIFIER.test(token.value)) return null;
  const words = token.value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase();
  return termsOf(words).stems;
}

/** Content stems in order (stop words, punctuation and bare numbers dropped): the unit for phrase matching. */
export function contentStems(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const parts = identifierStems(token);
    if (parts) out.push(...parts);
    else if (isContent(token) && token.stem.length > 1) out.push(token.stem);
  }
  return out;
}

/** Lower-cased surface forms of the content tokens (hyphens removed): exact vocabulary lookups without stem collisions. */
export function contentWords(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (const token of tokens) if (isContent(token)) out.push(token.lower.replace(/-/g, ''));
  return out;
}

/**
 * Index terms for ranking: each content stem plus, for hyphenated words, each part,
 * so 'multi-factor' matches both 'multifactor' and 'factor'.
 */
export function indexTerms(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const parts = identifierStems(token);
    if (parts) {
      out.push(...parts);
      for (let i = 1; i < parts.length; i += 1) out.push(`${parts[i - 1]}${parts[i]}`);
      continue;
    }
    if (!isContent(token)) continue;
    if (token.stem.length > 1) out.push(token.stem);
    if (token.lower.includes('-')) {
      for (const part of token.lower.split('-')) if (/^[a-z]{3,}$/.test(part)) out.push(part);
    }
  }
  return out;
}

/** Tokens starting inside [start, end), found by binary search. */
export function tokensInRange(tokens: readonly Token[], start: number, end: number): Token[] {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((tokens[mid]?.start ?? 0) < start) lo = mid + 1;
    else hi = mid;
  }
  const result: Token[] = [];
  for (let i = lo; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!token || token.start >= end) break;
    result.push(token);
  }
  return result;
}

type TextTerms = { stems: string[]; words: string[]; index: string[] };
const termCache = new Map<string, TextTerms>();

/** Stems and index terms of a short standalone text (requirement, keyword, phrase), cached: catalog texts repeat across calls. */
export function termsOf(text: string): TextTerms {
  const cached = termCache.get(text);
  if (cached) return cached;
  const { tokens } = analyzeText(text);
  const terms = { stems: contentStems(tokens), words: contentWords(tokens), index: indexTerms(tokens) };
  if (termCache.size > 50_000) termCache.clear();
  termCache.set(text, terms);
  return terms;
}
