import model from './domain-model.json' with { type: 'json' };
import { DOMAIN_COUNT, type DomainScores } from './domain-classifier';

/**
 * Domain evidence learned from labelled contract obligations: naive-Bayes log-likelihood ratios of each
 * stem per domain, counted by `evals/train-domains.ts` on the dev and holdout contracts and committed as
 * `domain-model.json` with the weight that leave-one-document-out validation chose. It adds the way
 * contracts word each domain to what the catalog's own texts say.
 */
export type LearnedDomainCounts = { weight: number; contextWeight: number; totals: number[]; counts: Record<string, number[]> };

const SMOOTHING = 0.5;

type Table = { ratios: Map<string, Float64Array>; weight: number; contextWeight: number };
const tables = new WeakMap<LearnedDomainCounts, Table>();

function tableOf(counts: LearnedDomainCounts): Table {
  const cached = tables.get(counts);
  if (cached) return cached;
  const vocabulary = Object.keys(counts.counts).length;
  const grand = counts.totals.reduce((sum, value) => sum + value, 0);
  const ratios = new Map<string, Float64Array>();
  for (const [stem, row] of Object.entries(counts.counts)) {
    const overall = (row.reduce((sum, value) => sum + value, 0) + SMOOTHING) / (grand + SMOOTHING * vocabulary);
    const values = new Float64Array(DOMAIN_COUNT + 1);
    for (let d = 1; d <= DOMAIN_COUNT; d += 1) {
      values[d] = Math.log(((row[d - 1] ?? 0) + SMOOTHING) / ((counts.totals[d - 1] ?? 0) + SMOOTHING * vocabulary) / overall);
    }
    ratios.set(stem, values);
  }
  const table = { ratios, weight: counts.weight, contextWeight: counts.contextWeight };
  tables.set(counts, table);
  return table;
}

export const DOMAIN_COUNTS: LearnedDomainCounts = model;

/** Per-domain scores (index = domain number) from an obligation's own stems and, at a discount, its context's. */
export function learnedDomainScores(stems: readonly string[], contextStems: readonly string[], counts: LearnedDomainCounts = DOMAIN_COUNTS): DomainScores {
  const { ratios, weight, contextWeight } = tableOf(counts);
  const scores = new Float64Array(DOMAIN_COUNT + 1);
  if (weight === 0) return scores;
  const add = (stem: string, w: number) => {
    const row = ratios.get(stem);
    if (row) for (let d = 1; d <= DOMAIN_COUNT; d += 1) scores[d] = (scores[d] ?? 0) + w * Math.max(-1, row[d] ?? 0);
  };
  for (const stem of new Set(stems)) add(stem, weight);
  for (const stem of new Set(contextStems)) add(stem, weight * contextWeight);
  return scores;
}
