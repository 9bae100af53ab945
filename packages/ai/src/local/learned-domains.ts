import model from './domain-model.json' with { type: 'json' };
import { DOMAIN_COUNT, type DomainScores } from './domain-classifier';

/**
 * Domain evidence learned from labelled contract obligations: a softmax regression over the stems of the
 * obligation and of its heading and frame (weighed apart), fitted by `evals/train-domains.ts` on the dev
 * and holdout contracts on top of the catalog, lexicon and requirement votes (whose scores it adds to),
 * and committed as `domain-model.json`. It adds the way contracts word each domain to what the catalog's
 * own texts say.
 */
export type LearnedDomainModel = {
  /** The input value of a heading or frame stem (an obligation's own stems are 1). */
  contextWeight: number;
  /** Per domain (index = domain number − 1). */
  bias: number[];
  /** Per stem, one weight per domain (index = domain number − 1); a heading or frame stem is keyed `context:` + stem. */
  weights: Record<string, number[]>;
};

export const DOMAIN_MODEL: LearnedDomainModel = model;

/** Per-domain scores (index = domain number) from an obligation's own stems and, at a discount, its context's. */
export function learnedDomainScores(stems: readonly string[], contextStems: readonly string[], fitted: LearnedDomainModel = DOMAIN_MODEL): DomainScores {
  const scores = new Float64Array(DOMAIN_COUNT + 1);
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) scores[d] = fitted.bias[d - 1] ?? 0;
  const add = (stem: string, amount: number) => {
    const row = Object.hasOwn(fitted.weights, stem) ? fitted.weights[stem] : undefined;
    if (row) for (let d = 1; d <= DOMAIN_COUNT; d += 1) scores[d] = (scores[d] ?? 0) + amount * (row[d - 1] ?? 0);
  };
  for (const stem of new Set(stems)) add(stem, 1);
  for (const stem of new Set(contextStems)) add(`context:${stem}`, fitted.contextWeight);
  return scores;
}
