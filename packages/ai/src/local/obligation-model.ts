import model from './obligation-model.json' with { type: 'json' };
import { FEATURES, type Candidate } from './obligation-candidates';

/**
 * The obligation decision: a logistic regression over the candidate's signals and the words of the span,
 * its heading and its frame (lead-in, annex title, table header). Its weights are data, fitted by
 * `evals/train-obligations.ts` on the labelled contracts (leaving whole documents and genres out to
 * validate) and committed as `obligation-model.json`.
 */
export type ObligationModel = {
  features: readonly string[];
  weights: readonly number[];
  /** Weight of each word, keyed `span:`, `heading:` or `frame:` + stem; words seen too rarely in training have none. */
  words: Readonly<Record<string, number>>;
  bias: number;
  threshold: number;
};

export const OBLIGATION_MODEL: ObligationModel = model;

if (OBLIGATION_MODEL.features.join() !== FEATURES.join()) {
  throw new Error('obligation-model.json was fitted on other features: run evals/train-obligations.ts');
}

/** The words of a candidate as model inputs, each the same value so that long spans do not outweigh short ones. */
export function candidateWords(candidate: Pick<Candidate, 'own' | 'heading' | 'context'>): { keys: string[]; value: number } {
  const keys = [
    ...new Set(candidate.own.stems.map((s) => `span:${s}`)),
    ...new Set(candidate.heading.stems.map((s) => `heading:${s}`)),
    ...new Set(candidate.context.stems.map((s) => `frame:${s}`)),
  ];
  return { keys, value: WORD_SCALE / Math.sqrt(Math.max(1, keys.length)) };
}

/** Scale of the word inputs relative to the 0–1 signals. */
export const WORD_SCALE = 3;

export function obligationProbability(candidate: Pick<Candidate, 'features' | 'own' | 'heading' | 'context'>, fitted: ObligationModel = OBLIGATION_MODEL): number {
  let z = fitted.bias;
  FEATURES.forEach((name, i) => {
    z += (fitted.weights[i] ?? 0) * candidate.features[name];
  });
  const { keys, value } = candidateWords(candidate);
  for (const key of keys) z += (fitted.words[key] ?? 0) * value;
  return 1 / (1 + Math.exp(-z));
}
