import MiniSearch from 'minisearch';
import type { AnalyzeEvidenceInput, AnalyzeEvidenceOutput, EvidenceLink, RequirementCandidate } from '../engine';
import { scoreDomains, decideDomain } from './domain-classifier';
import { documentDomainShares, genreDomain, leanOnDomain, softmax } from './evidence-domains';
import { guessDocumentType } from './document-type';
import { isFramingPassage, quoteSentences, type SentenceSpan } from './evidence-excerpts';
import { contentStems, indexTerms, termsOf, tokensInRange } from './nlp';
import { buildPhraseTable, matchPhrases } from './phrase-matcher';
import { getRequirementIndex, type RequirementIndex } from './requirement-matcher';
import { segmentText, type Segment, type SegmentedText } from './segmenter';
import { NOT_A_CONTROL, statesNoControl } from './sentence-kinds';

/** A run of 1–3 consecutive sentences (or a few short lines) of the document, with its exact span. */
export type Passage = {
  id: number;
  start: number;
  end: number;
  heading: string | null;
  stems: string[];
  terms: string[];
  headingStems: string[];
  /** Classifier probability of each domain for this passage (index = domain number). */
  domainProbabilities: Float64Array;
  /** Its sentences (or lines), so a link can quote the ones that state the control. */
  sentences: SentenceSpan[];
  /** It frames the document (purpose, scope, introduction) rather than stating a control. */
  framing: boolean;
  /** The terms only its sentences that state no control hold (a definition, an exception, a plan, a gap). */
  mentionTerms: ReadonlySet<string>;
};

export const MAX_LINKS = 40;
/** Minimum confidence for a link. */
export const LINK_THRESHOLD = 0.5;
/** Share of the threshold that the best link in the document's main domain needs when nothing else reaches the threshold. */
const FALLBACK_SHARE = 0.6;
const MAX_SENTENCES = 3;
const MAX_WORDS = 80;
const SHORT_LINE_WORDS = 12;
const SCREEN_HEADING_SHARE = 0.7;
/** A sentence of a few words that may be only a label ('Remote access.'), when it has no verb. */
const SHORT_LABEL = /^(?:\d+(?:\.\d+)*\.?\s+)?[A-Z][\w-]*(?:\s+(?:[\w-]+|&)){0,4}[.:]?$/;

/** Splits the segmented document into passages: paragraphs cut to ~3 sentences, short lines grouped under their heading. */
export function buildPassages(segmented: SegmentedText): Passage[] {
  const { tokens, segments } = segmented;
  // A text of short lines only (a screen capture, a label) has no headings: its lines are its content.
  const screen = segments.filter((segment) => segment.kind === 'heading').length >= SCREEN_HEADING_SHARE * segments.length;
  const groups: Array<{ start: number; end: number; heading: string | null; spans: SentenceSpan[] }> = [];
  // A passage quotes its sentences; an inline heading ("1. Passwords.") is quoted only in a passage of headings alone.
  const spanOf = (segment: Segment): SentenceSpan => ({ start: segment.start, end: segment.end, label: segment.kind === 'heading' });
  let current: { start: number; end: number; heading: string | null; spans: SentenceSpan[]; sentences: number; words: number; block: number; short: boolean } | null = null;
  for (const segment of segments) {
    if (!screen && segment.kind === 'heading' && segment.text.split(/\s+/).length <= SHORT_LINE_WORDS && !/[:=]/.test(segment.text)) continue;
    const words = segment.text.split(/\s+/).length;
    const short = words <= SHORT_LINE_WORDS;
    const sameRun =
      current !== null &&
      current.heading === segment.heading &&
      current.sentences < (short && current.short ? 8 : MAX_SENTENCES) &&
      current.words + words <= MAX_WORDS &&
      (current.block === segment.block || (short && current.short));
    if (current && sameRun) {
      current.end = segment.end;
      current.spans.push(spanOf(segment));
      current.sentences += 1;
      current.words += words;
      current.block = segment.block;
      current.short = current.short && short;
    } else {
      if (current) groups.push(current);
      current = { start: segment.start, end: segment.end, heading: segment.heading, spans: [spanOf(segment)], sentences: 1, words, block: segment.block, short };
    }
  }
  if (current) groups.push(current);
  return groups.map((group, id) => {
    const range = tokensInRange(tokens, group.start, group.end);
    const stems = contentStems(range);
    const headingStems = group.heading ? termsOf(group.heading.toLowerCase()).stems : [];
    // ('Remote access.' before 'Exceptions to MFA for remote access need …': an inline heading states nothing either way.)
    const mentionTerms = new Set<string>();
    const controlTerms = new Set<string>();
    for (const span of group.spans) {
      const range = tokensInRange(tokens, span.start, span.end);
      const terms = indexTerms(range);
      const text = segmented.text.slice(span.start, span.end);
      const label = span.label || (SHORT_LABEL.test(text) && !range.some((token) => token.pos === 'VERB' || token.pos === 'AUX'));
      if (statesNoControl(text, group.heading)) for (const term of terms) mentionTerms.add(term);
      else if (!label) for (const term of terms) controlTerms.add(term);
    }
    for (const term of controlTerms) mentionTerms.delete(term);
    const decision = decideDomain(scoreDomains([{ stems, weight: 1 }, { stems: headingStems, weight: 0.5 }]));
    return {
      id,
      start: group.start,
      end: group.end,
      heading: group.heading,
      stems,
      terms: indexTerms(range),
      headingStems,
      domainProbabilities: softmax(decision.scores),
      sentences: group.spans,
      framing: isFramingPassage(group.heading, segmented.text.slice(group.start, group.end)),
      mentionTerms,
    };
  });
}

/** `aboutExceptions`: the requirement is itself about exceptions, sanctions or definitions, which then show it. */
type RequirementProfile = { terms: string[]; weights: Map<string, number>; total: number; keywords: ReturnType<typeof buildPhraseTable<number>>; aboutExceptions: boolean };

const profileCache = new WeakMap<RequirementIndex, Map<string, RequirementProfile>>();

/** Distinctive vocabulary of a requirement: its terms weighted by inverse document frequency across the requirement set. */
function requirementProfile(index: RequirementIndex, requirement: RequirementCandidate): RequirementProfile {
  let profiles = profileCache.get(index);
  if (!profiles) {
    profiles = new Map();
    profileCache.set(index, profiles);
  }
  const cached = profiles.get(requirement.key);
  if (cached) return cached;
  const terms = [...termsOf(requirement.text).index, ...(requirement.keywords ?? []).flatMap((k) => termsOf(k.toLowerCase()).index)];
  const count = index.requirements.length;
  const weights = new Map<string, number>();
  for (const term of terms) weights.set(term, Math.log(1 + count / (index.documentFrequency.get(term) ?? 1)));
  let total = 0;
  for (const weight of weights.values()) total += weight;
  const keywords = buildPhraseTable((requirement.keywords ?? []).map((k) => [k.toLowerCase(), 1] as const));
  const profile = { terms: [...weights.keys()], weights, total, keywords, aboutExceptions: NOT_A_CONTROL.test(requirement.text) };
  profiles.set(requirement.key, profile);
  return profile;
}

const PASSAGE_SEARCH = {
  fields: ['text', 'heading'],
  boost: { heading: 0.5 },
  combineWith: 'OR' as const,
  prefix: false,
  fuzzy: false,
  tokenize: (text: string) => text.split(' '),
  processTerm: (term: string) => term || null,
};

/** Documents shorter than this (in content words) are scored as one window: a certificate or screenshot is one statement. */
const SHORT_DOCUMENT_WORDS = 150;

/**
 * Link confidence weights (calibrated on the labelled evidence fixtures, see evals/; the two for passages that
 * only mention a requirement on the graded response fixtures, evals/link-calibration.ts).
 */
const LINK_WEIGHTS = { bias: -4.6, coverage: 4, mass: 0.12, keywords: 0.9, passageDomain: 1.4, documentDomain: 3.5, framing: -1.5, mentionOnly: -3, mentionDiscount: 0.8, borrowedOnly: -2 };
/** Share of the best passage's confidence another passage needs to be quoted in its stead, when its own sentences hold more of the requirement. */
const QUOTE_SHARE = 0.8;
/** Passages the search proposes for each requirement before they are scored. */
const CANDIDATE_PASSAGES = 5;

/**
 * Scores one passage for one requirement: how much of the requirement's distinctive vocabulary it
 * covers (as a share, and as absolute weight), which of its catalog keywords it names, and whether the
 * passage and the document are about the requirement's domain. Coverage is also measured over the
 * passage's neighbours, at a discount, so a statement split over two passages still counts.
 */
function linkConfidence(profile: RequirementProfile, passage: Passage, window: ReadonlySet<string>, domain: number, documentShare: number): { confidence: number; own: number } {
  const present = new Set([...passage.terms, ...passage.headingStems]);
  const inText = new Set(passage.terms);
  let covered = 0;
  let coveredInWindow = 0;
  let coveredInText = 0;
  let inMentions = 0;
  for (const [term, weight] of profile.weights) {
    if (present.has(term)) covered += weight;
    else if (window.has(term)) coveredInWindow += weight;
    if (inText.has(term)) coveredInText += weight;
    if (passage.mentionTerms.has(term)) inMentions += weight;
  }
  // The share of what the passage's sentences hold of the requirement that only sentences stating no control hold.
  const mentionOnly = coveredInText > 0 && !profile.aboutExceptions ? inMentions / coveredInText : 0;
  const mass = covered + 0.6 * coveredInWindow;
  const coverage = profile.total > 0 ? mass / profile.total : 0;
  const keywordHits = matchPhrases(profile.keywords, passage.stems).length + 0.5 * matchPhrases(profile.keywords, passage.headingStems).length;
  const w = LINK_WEIGHTS;
  // What only sentences stating no control hold of the requirement counts for little.
  const lexical = (w.coverage * coverage + w.mass * Math.min(mass, 12) + w.keywords * Math.min(keywordHits, 3)) * (1 - w.mentionDiscount * mentionOnly);
  const z =
    w.bias +
    lexical +
    w.passageDomain * (passage.domainProbabilities[domain] ?? 0) +
    w.documentDomain * documentShare +
    (passage.framing ? w.framing : 0) +
    w.mentionOnly * mentionOnly +
    // 'VPN sessions are closed after 15 minutes' under 'Remote access', beside the sentence on MFA: a passage whose
    // own sentences share nothing with the requirement holds only its heading's and its neighbours' words.
    (coveredInText === 0 ? w.borrowedOnly : 0);
  return { confidence: 1 / (1 + Math.exp(-z)), own: coveredInText - inMentions };
}

/** The terms around each passage: its neighbours, or the whole document when it is short. */
function passageWindows(passages: readonly Passage[]): Array<ReadonlySet<string>> {
  const words = passages.reduce((sum, p) => sum + p.stems.length, 0);
  if (words <= SHORT_DOCUMENT_WORDS) {
    const all = new Set(passages.flatMap((p) => [...p.terms, ...p.headingStems]));
    return passages.map(() => all);
  }
  return passages.map((_, i) => new Set([i - 1, i + 1].flatMap((j) => passages[j]?.terms ?? [])));
}

export type EvidenceProgress = (stage: string, percent: number) => void;

/** Guesses the document type, ranks the document's passages against each requirement and links the supported ones. */
export function analyzeEvidenceLocally(
  input: AnalyzeEvidenceInput,
  progress: EvidenceProgress,
  checkAbort: () => void,
  threshold = LINK_THRESHOLD,
): AnalyzeEvidenceOutput {
  const { text, fileName, requirements } = input;
  const suggested_document_type = guessDocumentType(fileName, text);
  progress('Processing document', 10);
  const segmented = segmentText(text, { tables: false });
  const passages = buildPassages(segmented);
  checkAbort();
  progress('Analyzing with AI batch 1/1', 30);
  if (passages.length === 0 || requirements.length === 0) return { suggested_document_type, links: [] };
  const documentDomains = documentDomainShares(fileName, segmented.text, passages, suggested_document_type);
  // In an attestation or a test report every passage is the auditor's or tester's account of a control: each leans on the genre's domain too.
  const genre = genreDomain(suggested_document_type, segmented.text);
  if (genre !== null) for (const passage of passages) leanOnDomain(passage.domainProbabilities, genre);
  const search = new MiniSearch<{ id: number; text: string; heading: string }>({
    fields: ['text', 'heading'],
    tokenize: PASSAGE_SEARCH.tokenize,
    processTerm: PASSAGE_SEARCH.processTerm,
    searchOptions: PASSAGE_SEARCH,
  });
  search.addAll(passages.map((p) => ({ id: p.id, text: p.terms.join(' '), heading: p.headingStems.join(' ') })));
  const windows = passageWindows(passages);
  const index = getRequirementIndex(requirements);
  progress('Matching requirements', 50);
  const links: EvidenceLink[] = [];
  // A document with no link above the threshold (a terse screen, a register) still gets its best link in its main domain, when it is plausible.
  const mainDomain = documentDomains.indexOf(Math.max(...documentDomains.subarray(1)), 1);
  let fallback: EvidenceLink | null = null;
  requirements.forEach((requirement, i) => {
    if (i % 50 === 49) checkAbort();
    const profile = requirementProfile(index, requirement);
    if (profile.terms.length === 0) return;
    const candidates = search.search(profile.terms.join(' '), PASSAGE_SEARCH).slice(0, CANDIDATE_PASSAGES);
    const scored = candidates.flatMap((candidate) => {
      const passage = passages[candidate.id as number];
      return passage ? [{ passage, ...linkConfidence(profile, passage, windows[passage.id] ?? new Set(), requirement.domain_number, documentDomains[requirement.domain_number] ?? 0) }] : [];
    });
    const best = scored.reduce<(typeof scored)[number] | null>((top, s) => (!top || s.confidence > top.confidence ? s : top), null);
    if (!best) return;
    // The link quotes, of the passages scored nearly as high, the one whose own sentences state most of the
    // requirement: not 'VPN sessions are closed after 15 minutes' beside 'every VPN sign-in requires a Duo push'.
    const quoted = scored.reduce((top, s) => (s.confidence >= QUOTE_SHARE * best.confidence && s.own > top.own ? s : top), best);
    const quote = quoteSentences(text, segmented.tokens, quoted.passage.sentences, profile.weights);
    const link = { requirement_key: requirement.key, confidence: round(best.confidence), excerpt: text.slice(quote.start, quote.end) };
    if (best.confidence >= threshold) links.push(link);
    else if (requirement.domain_number === mainDomain && best.confidence >= FALLBACK_SHARE * threshold && (!fallback || link.confidence > fallback.confidence)) fallback = link;
  });
  if (links.length === 0 && fallback) links.push(fallback);
  progress('Finalizing analysis', 90);
  links.sort((a, b) => b.confidence - a.confidence || a.requirement_key.localeCompare(b.requirement_key));
  return { suggested_document_type, links: links.slice(0, MAX_LINKS) };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
