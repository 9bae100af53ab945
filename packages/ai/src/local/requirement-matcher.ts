import MiniSearch from 'minisearch';
import type { RequirementCandidate } from '../engine';
import { DOMAIN_COUNT, type DomainScores } from './domain-classifier';
import { termsOf } from './nlp';
import { buildPhraseTable, matchPhrases, type PhraseTable } from './phrase-matcher';

type IndexedRequirement = { id: number; key: string; domain_number: number; text: string; keywords: string };

/** BM25 index over requirement text and keywords, plus TF-IDF vectors for a calibrated similarity. */
export type RequirementIndex = {
  requirements: readonly RequirementCandidate[];
  search: MiniSearch<IndexedRequirement>;
  /** In how many requirements each term occurs. */
  documentFrequency: Map<string, number>;
  vectors: Array<Map<string, number>>;
  norms: Float64Array;
  keywordTable: PhraseTable<number[]>;
};

export type RankedRequirement = {
  requirement: RequirementCandidate;
  /** Raw BM25 score from minisearch (used for ranking candidates). */
  bm25: number;
  /** TF-IDF cosine similarity between the query and the requirement. */
  similarity: number;
  /** Calibrated match score in [0, 1]. */
  score: number;
  keywordHits: number;
};

const SEARCH_OPTIONS = {
  fields: ['text', 'keywords'],
  boost: { keywords: 1.4 },
  combineWith: 'OR' as const,
  prefix: false,
  fuzzy: false,
  tokenize: (text: string) => text.split(' '),
  processTerm: (term: string) => term || null,
};

const cache = new Map<string, RequirementIndex>();
/** BM25 candidates re-scored by the calibrated similarity. */
const CANDIDATES = 12;
const CACHE_LIMIT = 16;

function fingerprint(requirements: readonly RequirementCandidate[]): string {
  let hash = 0;
  for (const r of requirements) {
    const s = `${r.key}\u0000${r.domain_number}\u0000${r.text}\u0000${(r.keywords ?? []).join('\u0001')}`;
    for (let i = 0; i < s.length; i += 1) hash = (Math.imul(hash, 31) + s.charCodeAt(i)) | 0;
  }
  return `${requirements.length}:${hash}`;
}

/** Builds (or reuses, for the same requirement set) the ranking index. */
export function getRequirementIndex(requirements: readonly RequirementCandidate[]): RequirementIndex {
  const key = fingerprint(requirements);
  const cached = cache.get(key);
  if (cached) return cached;
  const search = new MiniSearch<IndexedRequirement>({
    fields: ['text', 'keywords'],
    storeFields: [],
    tokenize: SEARCH_OPTIONS.tokenize,
    processTerm: SEARCH_OPTIONS.processTerm,
    searchOptions: SEARCH_OPTIONS,
  });
  const documents = requirements.map((r, id) => ({
    id,
    key: r.key,
    domain_number: r.domain_number,
    text: termsOf(r.text).index.join(' '),
    keywords: (r.keywords ?? []).map((k) => termsOf(k.toLowerCase()).index.join(' ')).join(' '),
  }));
  search.addAll(documents);
  const termLists = requirements.map((r) => [
    ...termsOf(r.text).index,
    ...(r.keywords ?? []).flatMap((k) => termsOf(k.toLowerCase()).index),
  ]);
  const documentFrequency = new Map<string, number>();
  for (const terms of termLists) for (const term of new Set(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = (term: string) => Math.log(1 + requirements.length / (documentFrequency.get(term) ?? 1));
  const vectors = termLists.map((terms) => {
    const vector = new Map<string, number>();
    for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + 1);
    for (const [term, count] of vector) vector.set(term, (1 + Math.log(count)) * idf(term));
    return vector;
  });
  const norms = Float64Array.from(vectors, (vector) => Math.sqrt([...vector.values()].reduce((sum, w) => sum + w * w, 0)) || 1);
  const keywordEntries = new Map<string, number[]>();
  requirements.forEach((r, id) => {
    for (const keyword of r.keywords ?? []) {
      const list = keywordEntries.get(keyword.toLowerCase()) ?? [];
      list.push(id);
      keywordEntries.set(keyword.toLowerCase(), list);
    }
  });
  const index = { requirements, search, documentFrequency, vectors, norms, keywordTable: buildPhraseTable(keywordEntries) };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, index);
  return index;
}

export type MatchQuery = {
  /** Index terms of the obligation. */
  terms: readonly string[];
  /** Terms that complete it at half weight (a list item's lead-in). */
  contextTerms?: readonly string[];
  /** Content stems of the obligation text, for keyword phrase hits. */
  stems: readonly string[];
  /** The classified domain; a requirement in the same domain is boosted. */
  domain?: number;
};

/** TF-IDF vector of a query under the index's document frequencies. */
function queryVector(index: RequirementIndex, query: MatchQuery): { vector: Map<string, number>; norm: number } {
  const count = index.requirements.length;
  const vector = new Map<string, number>();
  const add = (term: string, amount: number) => vector.set(term, (vector.get(term) ?? 0) + amount);
  for (const term of query.terms) add(term, 1);
  for (const term of query.contextTerms ?? []) add(term, 0.5);
  let norm = 0;
  for (const [term, tf] of vector) {
    const weight = (1 + Math.log(Math.max(tf, 1))) * Math.log(1 + count / (index.documentFrequency.get(term) ?? 0.5));
    vector.set(term, weight);
    norm += weight * weight;
  }
  return { vector, norm: Math.sqrt(norm) || 1 };
}

function cosine(a: Map<string, number>, aNorm: number, b: Map<string, number>, bNorm: number): number {
  let dot = 0;
  for (const [term, weight] of a) dot += weight * (b.get(term) ?? 0);
  return dot / (aNorm * bNorm);
}

function queryString(query: MatchQuery): string {
  return [...new Set([...query.terms, ...(query.contextTerms ?? [])])].join(' ');
}

/**
 * Ranks requirements for a query: BM25 (minisearch) picks the candidates, then a calibrated score in
 * [0, 1] combines the TF-IDF cosine similarity, catalog keyword phrases found in the obligation and
 * agreement with its classified domain.
 */
export function rankRequirements(index: RequirementIndex, query: MatchQuery, limit = 5): RankedRequirement[] {
  if (query.terms.length === 0 || index.requirements.length === 0) return [];
  const keywordHits = new Map<number, number>();
  for (const hit of matchPhrases(index.keywordTable, query.stems)) {
    for (const id of hit.value) keywordHits.set(id, (keywordHits.get(id) ?? 0) + 1);
  }
  const { vector, norm } = queryVector(index, query);
  const results = index.search.search(queryString(query), SEARCH_OPTIONS);
  const ranked: RankedRequirement[] = [];
  for (const result of results.slice(0, CANDIDATES)) {
    const id = result.id as number;
    const requirement = index.requirements[id];
    const requirementVector = index.vectors[id];
    if (!requirement || !requirementVector) continue;
    const hits = keywordHits.get(id) ?? 0;
    const similarity = cosine(vector, norm, requirementVector, index.norms[id] ?? 1);
    const agree = query.domain === undefined ? 0.5 : requirement.domain_number === query.domain ? 1 : 0;
    const z = -3.5 + 10 * similarity + 0.6 * Math.min(hits, 2) + agree;
    ranked.push({ requirement, bm25: result.score, similarity, score: 1 / (1 + Math.exp(-z)), keywordHits: hits });
  }
  ranked.sort((a, b) => b.score - a.score || b.bm25 - a.bm25 || a.requirement.key.localeCompare(b.requirement.key));
  return ranked.slice(0, limit);
}

/**
 * Per-domain evidence from the ranking: for each domain, the best similarity among the candidate
 * requirements of that domain, scaled so a strong match (cosine ≥ 0.4) counts `weight`.
 */
export function domainVotes(index: RequirementIndex, query: MatchQuery, weight: number): DomainScores {
  const votes = new Float64Array(DOMAIN_COUNT + 1);
  for (const ranked of rankRequirements(index, { ...query, domain: undefined }, CANDIDATES)) {
    const d = ranked.requirement.domain_number;
    votes[d] = Math.max(votes[d] ?? 0, weight * Math.min(1, ranked.similarity / 0.4));
  }
  return votes;
}
