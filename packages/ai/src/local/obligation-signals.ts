import { catalogRequirements } from '@compliance/catalog/catalog';
import { BOILERPLATE, CONTRACT_WORDS, NOTICE_DETAIL, NOTICE_WORD, SECURITY_PHRASES, SECURITY_WORDS } from './lexicon';
import { contentStems, contentWords, indexTerms, tokensInRange, type Token } from './nlp';
import type { Parties } from './parties';
import { buildPhraseTable, matchPhrases, type PhraseTable } from './phrase-matcher';

/** The lexical signals of a duty: deontic wording, security content, commercial and legal boilerplate. */

const STRONG_MODAL =
  /\b(shall|must|agrees? to|undertakes? to|(?:is|are) required to|(?:is|are|remains?|shall be|will be) (?:solely |fully )?responsible for|commits? to|(?:is|are) (?:obliged|obligated) to|warrants? that|(?:is|are) (?:required|mandatory|prohibited|not permitted))\b/i;
const WEAK_MODAL = /\b(will|should)\b/i;
const WILL_BOILERPLATE = /\bwill (not )?(be liable|be deemed|accrue|bear interest|automatically renew|continue|remain in full force|be debited|be charged|specify)\b/i;

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

export type Modal = { index: number; strength: 'strong' | 'weak' };

export function findModal(sentence: string): Modal | null {
  const strong = STRONG_MODAL.exec(sentence);
  if (strong) return { index: strong.index, strength: 'strong' };
  const weak = WEAK_MODAL.exec(sentence);
  if (weak && !WILL_BOILERPLATE.test(sentence)) return { index: weak.index, strength: 'weak' };
  return null;
}

export type Analysis = { stems: string[]; terms: string[]; security: number };

export const NO_ANALYSIS: Analysis = { stems: [], terms: [], security: 0 };

/** A party's defined data ('Customer Data', 'Authority Data', 'Client Systems'): what the security duties protect. */
const PARTY_DATA = /^\s+(Personal\s+)?(Data|Information|Systems|Content|Materials|Records)\b/;
const PARTY_DATA_WEIGHT = 1.5;

let contractWordSet: Set<string> | undefined;

/**
 * Stems and terms of a span for classification and matching, leaving out the parties' names and generic
 * contract words ('the Supplier shall provide the Services' says nothing about the subject matter);
 * the security score counts every word.
 */
export function analyse(text: string, tokens: readonly Token[], start: number, end: number, parties: Parties): Analysis {
  const range = tokensInRange(tokens, start, end);
  const names = nameRanges(text, start, end, parties);
  contractWordSet ??= new Set(CONTRACT_WORDS);
  const generic = contractWordSet;
  const kept = range.filter((token) => !generic.has(token.lower) && !names.some(([a, b]) => token.start >= a && token.start < b));
  const partyData = names.some(([, b]) => PARTY_DATA.test(text.slice(b, Math.min(end, b + 20)))) ? PARTY_DATA_WEIGHT : 0;
  return { stems: contentStems(kept), terms: indexTerms(kept), security: securityScore(contentStems(range), contentWords(range)) + partyData };
}

function nameRanges(text: string, start: number, end: number, parties: Parties): Array<[number, number]> {
  const slice = text.slice(start, end);
  const ranges: Array<[number, number]> = [];
  for (const pattern of [parties.provider, parties.customer]) {
    for (const match of slice.matchAll(pattern)) ranges.push([start + (match.index ?? 0), start + (match.index ?? 0) + match[0].length]);
  }
  return ranges;
}

/** Whether the document states its duties with 'will' ('Vendor will …', common in US contracts) rather than 'shall' or 'must'. */
export function usesWillForDuties(text: string): boolean {
  const will = text.match(/\bwill\b/gi)?.length ?? 0;
  const shall = text.match(/\b(shall|must)\b/gi)?.length ?? 0;
  return will > shall;
}
