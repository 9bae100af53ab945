import { catalogRequirements } from '@compliance/catalog/catalog';
import { DOMAINS } from '@compliance/contracts/domains';
import { DOMAIN_PHRASES } from './lexicon';
import { termsOf } from './nlp';
import { buildPhraseTable, matchPhrases, type PhraseTable } from './phrase-matcher';

export const DOMAIN_COUNT = DOMAINS.length;

/** A piece of evidence for the classifier: content stems and how much they count (the sentence 1, its heading less). */
export type DomainInput = { stems: readonly string[]; weight: number };

export type DomainScores = Float64Array;

type DomainModel = {
  /** log P(term | domain) / P(term) per term, index 0 unused (domains are 1-based). */
  logRatio: Map<string, Float64Array>;
  phrases: PhraseTable<Array<readonly [number, number]>>;
};

/** Weight of the catalog's naive-Bayes evidence relative to the curated phrases. */
const CATALOG_WEIGHT = 0.35;
const SMOOTHING = 0.5;

let model: DomainModel | undefined;

/**
 * Built once from the whole unified catalog (requirement texts, keywords counted twice) plus the curated
 * domain phrases, so classification does not depend on which requirements a caller passes in.
 */
function domainModel(): DomainModel {
  if (model) return model;
  const counts = new Map<string, Float64Array>();
  const totals = new Float64Array(DOMAIN_COUNT + 1);
  const add = (stem: string, domain: number, amount: number) => {
    let row = counts.get(stem);
    if (!row) {
      row = new Float64Array(DOMAIN_COUNT + 1);
      counts.set(stem, row);
    }
    row[domain] = (row[domain] ?? 0) + amount;
    totals[domain] = (totals[domain] ?? 0) + amount;
  };
  for (const requirement of catalogRequirements) {
    for (const stem of new Set(termsOf(requirement.text).stems)) add(stem, requirement.domain_number, 1);
    for (const keyword of requirement.keywords) for (const stem of new Set(termsOf(keyword).stems)) add(stem, requirement.domain_number, 2);
  }
  const vocabulary = counts.size;
  const grandTotal = totals.reduce((sum, value) => sum + value, 0);
  const logRatio = new Map<string, Float64Array>();
  for (const [stem, row] of counts) {
    const overall = (row.reduce((sum, value) => sum + value, 0) + SMOOTHING) / (grandTotal + SMOOTHING * vocabulary);
    const ratios = new Float64Array(DOMAIN_COUNT + 1);
    for (let d = 1; d <= DOMAIN_COUNT; d += 1) {
      const inDomain = ((row[d] ?? 0) + SMOOTHING) / ((totals[d] ?? 0) + SMOOTHING * vocabulary);
      ratios[d] = Math.log(inDomain / overall);
    }
    logRatio.set(stem, ratios);
  }
  const merged = new Map<string, Array<readonly [number, number]>>();
  for (const [domain, phrases] of Object.entries(DOMAIN_PHRASES)) {
    for (const [phrase, weight] of Object.entries(phrases)) {
      const list = merged.get(phrase) ?? [];
      list.push([Number(domain), weight]);
      merged.set(phrase, list);
    }
  }
  model = { logRatio, phrases: buildPhraseTable(merged) };
  return model;
}

/** Raw per-domain scores (index = domain number) for the given inputs. */
export function scoreDomains(inputs: readonly DomainInput[]): DomainScores {
  const { logRatio, phrases } = domainModel();
  const scores = new Float64Array(DOMAIN_COUNT + 1);
  for (const { stems, weight } of inputs) {
    for (const stem of new Set(stems)) {
      const ratios = logRatio.get(stem);
      if (!ratios) continue;
      for (let d = 1; d <= DOMAIN_COUNT; d += 1) scores[d] = (scores[d] ?? 0) + weight * CATALOG_WEIGHT * Math.max(-1, ratios[d] ?? 0);
    }
    for (const hit of matchPhrases(phrases, stems)) {
      for (const [domain, phraseWeight] of hit.value) scores[domain] = (scores[domain] ?? 0) + weight * phraseWeight;
    }
  }
  return scores;
}

export type DomainDecision = { domain_number: number; confidence: number; scores: DomainScores };

/**
 * The best domain and a confidence from the softmax of the scores (plus any extra evidence, such as
 * the domain of the best-matching requirement). Ties go to the lower domain number: deterministic.
 */
export function decideDomain(scores: DomainScores, extra?: DomainScores): DomainDecision {
  const combined = new Float64Array(DOMAIN_COUNT + 1);
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) combined[d] = (scores[d] ?? 0) + (extra?.[d] ?? 0);
  let best = 1;
  for (let d = 2; d <= DOMAIN_COUNT; d += 1) if ((combined[d] ?? 0) > (combined[best] ?? 0)) best = d;
  const top = combined[best] ?? 0;
  let sum = 0;
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) sum += Math.exp((combined[d] ?? 0) - top);
  return { domain_number: best, confidence: 1 / sum, scores: combined };
}

export function classifyDomain(inputs: readonly DomainInput[], extra?: DomainScores): DomainDecision {
  return decideDomain(scoreDomains(inputs), extra);
}
