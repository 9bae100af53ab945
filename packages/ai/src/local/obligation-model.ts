import model from './obligation-model.json' with { type: 'json' };
import { FEATURES, type FeatureName } from './obligation-candidates';

/**
 * The obligation decision: a logistic regression over the candidate's signals. Its weights are data,
 * fitted by `evals/train-obligations.ts` on the labelled contracts (leaving whole documents and genres out
 * to validate) and committed as `obligation-model.json`.
 */
export type ObligationModel = { features: readonly string[]; weights: readonly number[]; bias: number; threshold: number };

export const OBLIGATION_MODEL: ObligationModel = model;

if (OBLIGATION_MODEL.features.join() !== FEATURES.join()) {
  throw new Error('obligation-model.json was fitted on other features: run evals/train-obligations.ts');
}

export function obligationProbability(features: Record<FeatureName, number>, fitted: ObligationModel = OBLIGATION_MODEL): number {
  let z = fitted.bias;
  FEATURES.forEach((name, i) => {
    z += (fitted.weights[i] ?? 0) * features[name];
  });
  return 1 / (1 + Math.exp(-z));
}
