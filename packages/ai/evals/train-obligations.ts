import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCandidates, FEATURES, type Candidate } from '../src/local/obligation-candidates';
import type { ObligationModel } from '../src/local/obligation-model';
import { detectParties } from '../src/local/parties';
import { segmentText } from '../src/local/segmenter';
import { loadContracts, pairObligations, type ContractFixture } from './evaluate';

/**
 * Fits the obligation decision (logistic regression over the candidate signals) on the labelled contracts
 * of the dev and holdout splits — never the blind split — validates it by leaving out whole documents and
 * whole genres, and writes the weights to src/local/obligation-model.json.
 *
 *   npx tsx packages/ai/evals/train-obligations.ts [--check]   (--check: validate only, write nothing)
 */
type Example = { x: number[]; y: number; contract: string; genre: string };

const L2 = 0.02;
const STEPS = 3000;
const RATE = 0.3;

function examplesOf(contract: ContractFixture): { examples: Example[]; covered: number } {
  const segmented = segmentText(contract.text);
  const candidates: Candidate[] = buildCandidates(segmented, detectParties(segmented.text));
  const predicted = candidates.map((c) => ({ text: segmented.text.slice(c.start, c.end), start: c.start, end: c.end, domain_number: 0 }));
  const positives = new Set(pairObligations(contract.text, contract.gold, predicted).map(([, p]) => p));
  return {
    examples: candidates.map((c, i) => ({ x: FEATURES.map((f) => c.features[f]), y: positives.has(i) ? 1 : 0, contract: contract.name, genre: contract.genre })),
    covered: positives.size,
  };
}

function fit(examples: readonly Example[]): { weights: number[]; bias: number } {
  const n = FEATURES.length;
  const weights = new Array<number>(n).fill(0);
  let bias = 0;
  for (let step = 0; step < STEPS; step += 1) {
    const gradient = new Array<number>(n).fill(0);
    let gradientBias = 0;
    for (const e of examples) {
      let z = bias;
      for (let j = 0; j < n; j += 1) z += (weights[j] ?? 0) * (e.x[j] ?? 0);
      const error = 1 / (1 + Math.exp(-z)) - e.y;
      for (let j = 0; j < n; j += 1) gradient[j] = (gradient[j] ?? 0) + error * (e.x[j] ?? 0);
      gradientBias += error;
    }
    for (let j = 0; j < n; j += 1) weights[j] = (weights[j] ?? 0) - RATE * ((gradient[j] ?? 0) / examples.length + L2 * (weights[j] ?? 0));
    bias -= (RATE * gradientBias) / examples.length;
  }
  return { weights, bias };
}

function predict(model: { weights: number[]; bias: number }, x: readonly number[]): number {
  let z = model.bias;
  x.forEach((v, j) => {
    z += (model.weights[j] ?? 0) * v;
  });
  return 1 / (1 + Math.exp(-z));
}

type Scores = { precision: number; recall: number; f1: number };

function score(pairs: ReadonlyArray<{ p: number; y: number }>, threshold: number, missed: number): Scores {
  const tp = pairs.filter((r) => r.p >= threshold && r.y === 1).length;
  const predicted = pairs.filter((r) => r.p >= threshold).length;
  const gold = pairs.filter((r) => r.y === 1).length + missed;
  const precision = predicted ? tp / predicted : 0;
  const recall = gold ? tp / gold : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Predictions for each example from a model fitted without its group (its document or its genre). */
function crossValidate(examples: readonly Example[], groupOf: (e: Example) => string): Array<{ p: number; y: number }> {
  const out: Array<{ p: number; y: number }> = [];
  for (const group of new Set(examples.map(groupOf))) {
    const model = fit(examples.filter((e) => groupOf(e) !== group));
    for (const e of examples.filter((x) => groupOf(x) === group)) out.push({ p: predict(model, e.x), y: e.y });
  }
  return out;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function main(): void {
  const contracts = loadContracts().filter((c) => c.split !== 'blind');
  const examples: Example[] = [];
  let gold = 0;
  let covered = 0;
  for (const contract of contracts) {
    const built = examplesOf(contract);
    examples.push(...built.examples);
    gold += contract.gold.length;
    covered += built.covered;
  }
  const missed = gold - covered;
  console.log(`${contracts.length} contracts, ${new Set(contracts.map((c) => c.genre)).size} genres, ${examples.length} candidates, ${gold} gold obligations; candidates cover ${pct(covered / gold)} of them`);
  const byGenre = crossValidate(examples, (e) => e.genre);
  const byDocument = crossValidate(examples, (e) => e.contract);
  // Precision and recall matter alike (a missed duty and a false one both cost an analyst): the threshold
  // maximises the lower of the two under leave-one-genre-out validation.
  let threshold = 0.5;
  let bestFloor = -1;
  for (let t = 0.3; t <= 0.701; t += 0.025) {
    const s = score(byGenre, t, missed);
    const floor = Math.min(s.precision, s.recall);
    if (floor > bestFloor + 1e-9) {
      bestFloor = floor;
      threshold = Math.round(t * 1000) / 1000;
    }
  }
  for (const [name, rows] of [
    ['leave one genre out', byGenre],
    ['leave one document out', byDocument],
  ] as const) {
    const s = score(rows, threshold, missed);
    console.log(`${name}: precision ${pct(s.precision)}, recall ${pct(s.recall)}, F1 ${pct(s.f1)} (threshold ${threshold})`);
  }
  const fitted = fit(examples);
  const inSample = score(examples.map((e) => ({ p: predict(fitted, e.x), y: e.y })), threshold, missed);
  console.log(`in sample: precision ${pct(inSample.precision)}, recall ${pct(inSample.recall)}, F1 ${pct(inSample.f1)}`);
  FEATURES.forEach((f, j) => console.log(`  ${f.padEnd(24)} ${(fitted.weights[j] ?? 0).toFixed(3)}`));
  console.log(`  ${'bias'.padEnd(24)} ${fitted.bias.toFixed(3)}`);
  if (process.argv.includes('--check')) return;
  const model: ObligationModel = {
    features: [...FEATURES],
    weights: fitted.weights.map((w) => Math.round(w * 10000) / 10000),
    bias: Math.round(fitted.bias * 10000) / 10000,
    threshold,
  };
  const target = join(dirname(fileURLToPath(import.meta.url)), '../src/local/obligation-model.json');
  writeFileSync(target, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`written ${target}`);
}

main();
