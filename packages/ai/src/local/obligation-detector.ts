import { catalogRequirements } from '@compliance/catalog/catalog';
import { BOILERPLATE, BOILERPLATE_HEADING, CONTRACT_WORDS, NOTICE_DETAIL, NOTICE_WORD, SECURITY_PHRASES, SECURITY_WORDS } from './lexicon';
import { contentStems, contentWords, indexTerms, termsOf, tokensInRange, type Token } from './nlp';
import { subjectRole, type Parties, type PartyRole } from './parties';
import { buildPhraseTable, matchPhrases, type PhraseTable } from './phrase-matcher';
import type { Segment, SegmentedText } from './segmenter';

/** An obligation found in the text, before classification and matching. */
export type DetectedObligation = {
  start: number;
  end: number;
  text: string;
  clause: string | null;
  role: PartyRole;
  /** How much security content it carries (vocabulary and catalog keyword weights). */
  security: number;
  /** Detection confidence in [0, 1]. */
  confidence: number;
  stems: string[];
  terms: string[];
  /** Heading and list lead-in stems: context for classification, weighted lower. */
  contextStems: string[];
  /** The list lead-in's terms (for list items): the subject and verb the item completes, used in matching. */
  leadTerms: string[];
};

const STRONG_MODAL =
  /\b(shall|must|agrees? to|undertakes? to|(?:is|are) required to|(?:is|are|remains?|shall be|will be) (?:solely |fully )?responsible for|commits? to|(?:is|are) (?:obliged|obligated) to|warrants? that)\b/i;
const WEAK_MODAL = /\bwill\b/i;
const WILL_BOILERPLATE = /\bwill (not )?(be liable|be deemed|accrue|bear interest|automatically renew|continue|remain in full force|be debited|be charged|specify)\b/i;
const ELABORATION = /^(this|these|such)\b/i;
const ELABORATION_VERB = /\b(includ\w*|shall|must|will|comprise\w*|cover\w*)\b/i;

/** Minimum security score for a duty of the provider side (or of no named party). */
const PROVIDER_THRESHOLD = 2.5;
/** The customer's duties count only when they are clearly security duties. */
const CUSTOMER_THRESHOLD = 4;
/** Extra security content required of a 'will' sentence, unless the document writes its duties with 'will'. */
const WEAK_MODAL_MARGIN = 0.5;
/** Extra security content required in commercial or legal sections (fees, notices, term …). */
const BOILERPLATE_MARGIN = 2;
/** Extra security content required under a commercial or legal heading. */
const HEADING_MARGIN = 1;
/** Weight of the section heading's security content. */
const HEADING_WEIGHT = 0.5;
/** Weight of a list's lead-in and of its items' mean security content, for each item. */
const LIST_CONTEXT_WEIGHT = 0.5;

type SecurityLexicon = { words: Map<string, number>; phrases: PhraseTable<number> };
let lexicon: SecurityLexicon | undefined;

function securityLexicon(): SecurityLexicon {
  if (lexicon) return lexicon;
  const words = new Map<string, number>();
  for (const [word, weight] of Object.entries(SECURITY_WORDS)) {
    for (const form of inflections(word.replace(/-/g, ''))) if (!words.has(form) || form === word) words.set(form, weight);
  }
  const phrases = new Map<string, number>();
  for (const requirement of catalogRequirements) {
    for (const keyword of requirement.keywords) if (keyword.includes(' ')) phrases.set(keyword.toLowerCase(), 2);
  }
  for (const [phrase, weight] of Object.entries(SECURITY_PHRASES)) phrases.set(phrase, weight);
  lexicon = { words, phrases: buildPhraseTable(phrases) };
  return lexicon;
}

/** A word with its regular inflections ('revoke' → revokes, revoked, revoking), for exact surface lookups. */
export function inflections(word: string): string[] {
  const forms = [word, `${word}s`, `${word}es`, `${word}ed`, `${word}d`, `${word}ing`];
  if (word.endsWith('e')) forms.push(`${word.slice(0, -1)}ing`);
  if (word.endsWith('y')) forms.push(`${word.slice(0, -1)}ies`, `${word.slice(0, -1)}ied`);
  if (word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  return forms;
}

/**
 * Security content of a text: its distinct vocabulary words (looked up by surface form, so 'continue'
 * does not count as 'continuity') plus multi-word phrases matched on stems.
 */
export function securityScore(stems: readonly string[], words: readonly string[]): number {
  const lexiconWords = securityLexicon().words;
  let score = 0;
  for (const word of new Set(words)) score += lexiconWords.get(word) ?? 0;
  for (const hit of matchPhrases(securityLexicon().phrases, stems)) score += hit.value;
  return score;
}

/** Commercial and legal categories the sentence belongs to ('payment', 'law', 'notices', 'definition' …). */
export function boilerplateCategories(sentence: string): string[] {
  const lower = sentence.toLowerCase().trim();
  const categories = Object.entries(BOILERPLATE)
    .filter(([, pattern]) => pattern.test(lower))
    .map(([name]) => name);
  if (NOTICE_WORD.test(lower) && NOTICE_DETAIL.test(lower)) categories.push('notices');
  return categories;
}

type Modal = { index: number; strength: 'strong' | 'weak' };

export function findModal(sentence: string): Modal | null {
  const strong = STRONG_MODAL.exec(sentence);
  if (strong) return { index: strong.index, strength: 'strong' };
  const weak = WEAK_MODAL.exec(sentence);
  if (weak && !WILL_BOILERPLATE.test(sentence)) return { index: weak.index, strength: 'weak' };
  return null;
}

type Analysis = { stems: string[]; terms: string[]; security: number };

/**
 * Stems and terms of a span for classification and matching, leaving out the parties' names and generic
 * contract words ('the Supplier shall provide the Services' says nothing about the subject matter);
 * the security score counts every word.
 */
function analyse(text: string, tokens: readonly Token[], start: number, end: number, parties: Parties): Analysis {
  const range = tokensInRange(tokens, start, end);
  const names = nameRanges(text, start, end, parties);
  const generic = contractWords();
  const kept = range.filter((token) => !generic.has(token.lower) && !names.some(([a, b]) => token.start >= a && token.start < b));
  const partyData = names.some(([, b]) => PARTY_DATA.test(text.slice(b, Math.min(end, b + 20)))) ? PARTY_DATA_WEIGHT : 0;
  return { stems: contentStems(kept), terms: indexTerms(kept), security: securityScore(contentStems(range), contentWords(range)) + partyData };
}

/** A party's defined data ('Customer Data', 'Authority Data', 'Client Systems'): what the security duties protect. */
const PARTY_DATA = /^\s+(Personal\s+)?(Data|Information|Systems|Content|Materials|Records)\b/;
const PARTY_DATA_WEIGHT = 1.5;

function nameRanges(text: string, start: number, end: number, parties: Parties): Array<[number, number]> {
  const slice = text.slice(start, end);
  const ranges: Array<[number, number]> = [];
  for (const pattern of [parties.provider, parties.customer]) {
    for (const match of slice.matchAll(pattern)) ranges.push([start + (match.index ?? 0), start + (match.index ?? 0) + match[0].length]);
  }
  return ranges;
}

let contractWordSet: Set<string> | undefined;

function contractWords(): Set<string> {
  contractWordSet ??= new Set(CONTRACT_WORDS);
  return contractWordSet;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

type Context = {
  segmented: SegmentedText;
  parties: Parties;
  willIsDeontic: boolean;
  analysisOf: (segment: Segment) => Analysis;
  headingOf: (heading: string | null) => Analysis;
  leadRoles: Map<number, PartyRole | null>;
  listMeans: Map<number, number>;
};

/**
 * Finds obligations: sentences with deontic phrasing whose duty falls on the supplier side (or the customer,
 * for security duties), list items under a '… shall … the following:' lead-in, and a lead sentence joined
 * with its 'This includes …' / 'Such … must …' elaboration. Commercial and legal boilerplate and sentences
 * without security content are rejected.
 */
export function detectObligations(segmented: SegmentedText, parties: Parties): DetectedObligation[] {
  const { text, tokens, segments } = segmented;
  const analyses = new Map<number, Analysis>();
  const headings = new Map<string, Analysis>();
  const context: Context = {
    segmented,
    parties,
    willIsDeontic: usesWillForDuties(text),
    analysisOf: (segment) => {
      let result = analyses.get(segment.index);
      if (!result) {
        result = analyse(text, tokens, segment.start, segment.end, parties);
        analyses.set(segment.index, result);
      }
      return result;
    },
    headingOf: (heading) => {
      if (!heading) return { stems: [], terms: [], security: 0 };
      let result = headings.get(heading);
      if (!result) {
        const { stems, words, index } = termsOf(heading.replace(parties.provider, ' ').replace(parties.customer, ' ').toLowerCase());
        result = { stems, terms: index, security: securityScore(stems, words) };
        headings.set(heading, result);
      }
      return result;
    },
    leadRoles: new Map(),
    listMeans: new Map(),
  };

  const results: DetectedObligation[] = [];
  let previousRole: PartyRole | null = null;
  let previousBlock = -1;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i];
    if (!segment || segment.kind === 'heading') continue;
    if (segment.block !== previousBlock && segment.leadIn === null) previousRole = null;
    previousBlock = segment.block;
    if (segment.kind === 'item' && segment.leadIn !== null) {
      const last = lastOfBlock(segments, i);
      const found = detectListItem(context, segment, segments[last] ?? segment);
      if (found) results.push(found);
      i = last;
      continue;
    }
    const found = detectSentence(context, segment, previousRole);
    previousRole = found.role;
    if (found.obligation) results.push(found.obligation);
    if (found.consumedNext) i += 1;
  }
  return results;
}

function lastOfBlock(segments: readonly Segment[], index: number): number {
  let last = index;
  while (segments[last + 1]?.block === segments[index]?.block) last += 1;
  return last;
}

function headingPenalty(context: Context, segment: Segment): number {
  return segment.heading && BOILERPLATE_HEADING.test(segment.heading) && context.headingOf(segment.heading).security < 2 ? HEADING_MARGIN : 0;
}

/** A list item (the whole item block) under a lead-in that imposes a duty. */
function detectListItem(context: Context, first: Segment, last: Segment): DetectedObligation | null {
  const { segmented, parties } = context;
  const lead = first.leadIn === null ? undefined : segmented.segments[first.leadIn];
  if (!lead) return null;
  if (!context.leadRoles.has(lead.index)) context.leadRoles.set(lead.index, leadInRole(lead, parties));
  const role = context.leadRoles.get(lead.index) ?? null;
  if (!role) return null;
  const text = segmented.text.slice(first.start, last.end);
  const item = analyse(segmented.text, segmented.tokens, first.start, last.end, parties);
  const leadAnalysis = context.analysisOf(lead);
  const heading = context.headingOf(first.heading);
  if (!context.listMeans.has(lead.index)) context.listMeans.set(lead.index, listSecurity(segmented, lead.index, parties));
  const listMean = context.listMeans.get(lead.index) ?? 0;
  const security = item.security + LIST_CONTEXT_WEIGHT * (leadAnalysis.security + listMean) + HEADING_WEIGHT * heading.security;
  const threshold = (role === 'customer' ? CUSTOMER_THRESHOLD : PROVIDER_THRESHOLD) + headingPenalty(context, first);
  if (security < threshold || boilerplateCategories(text).length > 0) return null;
  return {
    start: first.start,
    end: last.end,
    text,
    clause: first.clause,
    role,
    security,
    confidence: sigmoid(security - threshold + 1),
    stems: item.stems,
    terms: item.terms,
    contextStems: [...leadAnalysis.stems, ...heading.stems],
    leadTerms: leadAnalysis.terms,
  };
}

/** A sentence with a modal verb, joined with a following 'This includes …' / 'Such … must …' sentence. */
function detectSentence(
  context: Context,
  segment: Segment,
  previousRole: PartyRole | null,
): { obligation: DetectedObligation | null; role: PartyRole | null; consumedNext: boolean } {
  const modal = findModal(segment.text);
  if (!modal || /:\s*$/.test(segment.text)) return { obligation: null, role: previousRole, consumedNext: false };
  const role = subjectRole(segment.text.slice(0, modal.index), context.parties, previousRole);
  const categories = boilerplateCategories(segment.text);
  if (categories.includes('definition')) return { obligation: null, role, consumedNext: false };
  const own = context.analysisOf(segment);
  const next = context.segmented.segments[segment.index + 1];
  const elaborated =
    next !== undefined && next.block === segment.block && next.kind !== 'heading' && ELABORATION.test(next.text) && ELABORATION_VERB.test(next.text);
  const more = elaborated && next ? context.analysisOf(next) : null;
  const heading = context.headingOf(segment.heading);
  const base = role === 'customer' ? CUSTOMER_THRESHOLD : PROVIDER_THRESHOLD;
  const threshold =
    base +
    (modal.strength === 'weak' && !context.willIsDeontic ? WEAK_MODAL_MARGIN : 0) +
    BOILERPLATE_MARGIN * categories.length +
    headingPenalty(context, segment);
  const total = own.security + 0.5 * (more?.security ?? 0) + HEADING_WEIGHT * heading.security;
  if (total < threshold) return { obligation: null, role, consumedNext: false };
  const end = more && next ? next.end : segment.end;
  return {
    role,
    consumedNext: more !== null,
    obligation: {
      start: segment.start,
      end,
      text: context.segmented.text.slice(segment.start, end),
      clause: segment.clause,
      role,
      security: total,
      confidence: sigmoid(total - threshold + 1),
      stems: more ? [...own.stems, ...more.stems] : own.stems,
      terms: more ? [...own.terms, ...more.terms] : own.terms,
      contextStems: heading.stems,
      leadTerms: [],
    },
  };
}

/** Whether the document states its duties with 'will' ('Vendor will …', common in US contracts) rather than 'shall' or 'must'. */
function usesWillForDuties(text: string): boolean {
  const will = text.match(/\bwill\b/gi)?.length ?? 0;
  const shall = text.match(/\b(shall|must)\b/gi)?.length ?? 0;
  return will > shall;
}

/** Mean security content of the items under a lead-in: a list of security duties lends its weight to each item. */
function listSecurity(segmented: SegmentedText, leadIn: number, parties: Parties): number {
  const blocks = new Map<number, { start: number; end: number }>();
  for (const segment of segmented.segments) {
    if (segment.leadIn !== leadIn) continue;
    const span = blocks.get(segment.block);
    blocks.set(segment.block, { start: span?.start ?? segment.start, end: segment.end });
  }
  if (blocks.size === 0) return 0;
  let total = 0;
  for (const span of blocks.values()) total += analyse(segmented.text, segmented.tokens, span.start, span.end, parties).security;
  return total / blocks.size;
}

/** The role of a list's lead-in when it imposes a duty ('The Supplier shall implement the following:'), else null. */
function leadInRole(lead: Segment, parties: Parties): PartyRole | null {
  const modal = findModal(lead.text);
  if (!modal) return null;
  const categories = boilerplateCategories(lead.text);
  if (categories.includes('definition') || categories.includes('payment')) return null;
  return subjectRole(lead.text.slice(0, modal.index), parties, null);
}
