import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCandidates, FEATURES, type Candidate } from '../src/local/obligation-candidates';
import { candidateWords, type ObligationModel } from '../src/local/obligation-model';
import { detectParties } from '../src/local/parties';
import { segmentText } from '../src/local/segmenter';
import { loadContracts, pairObligations, type ContractFixture } from './evaluate';

/**
 * Fits the obligation decision (logistic regression over the candidate signals and words) on the labelled contracts
 * of the dev and holdout splits — never the blind split — validates it by leaving out whole documents and
 * whole genres, and writes the weights to src/local/obligation-model.json.
 *
 *   npx tsx packages/ai/evals/train-obligations.ts [--check]   (--check: validate only, write nothing)
 */
type Example = { x: number[]; words: string[]; wordValue: number; y: number; contract: string; genre: string };
type Fitted = { weights: number[]; words: Map<string, number>; bias: number };

/** L2 penalties of the signals and of the words; words seen in fewer training candidates than MIN_COUNT get no weight. */
const L2_SIGNALS = 0.005;
const L2_WORDS = 0.002;
const MIN_COUNT = 4;
const EPOCHS = 400;
const RATE = 0.5;

function examplesOf(contract: ContractFixture): { examples: Example[]; covered: number } {
  const segmented = segmentText(contract.text);
  const candidates: Candidate[] = buildCandidates(segmented, detectParties(segmented.text));
  const predicted = candidates.map((c) => ({ text: segmented.text.slice(c.start, c.end), start: c.start, end: c.end, domain_number: 0 }));
  const positives = new Set(pairObligations(contract.text, contract.gold, predicted).map(([, p]) => p));
  return {
    examples: candidates.map((c, i) => {
      const { keys, value } = candidateWords(c);
      return { x: FEATURES.map((f) => c.features[f]), words: keys, wordValue: value, y: positives.has(i) ? 1 : 0, contract: contract.name, genre: contract.genre };
    }),
    covered: positives.size,
  };
}

/** Logistic regression by full-batch AdaGrad over sparse inputs: the signals, then one input per known word. */
function fit(examples: readonly Example[]): Fitted {
  const counts = new Map<string, number>();
  for (const e of examples) for (const w of e.words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const vocabulary = new Map<string, number>();
  for (const [word, count] of counts) if (count >= MIN_COUNT) vocabulary.set(word, FEATURES.length + vocabulary.size);
  const n = FEATURES.length + vocabulary.size;
  const rows = examples.map((e) => {
    const index: number[] = [];
    const value: number[] = [];
    e.x.forEach((v, j) => {
      if (v) index.push(j), value.push(v);
    });
    for (const w of e.words) {
      const k = vocabulary.get(w);
      if (k !== undefined) index.push(k), value.push(e.wordValue);
    }
    return { index, value, y: e.y };
  });
  const weights = new Float64Array(n);
  const squares = new Float64Array(n).fill(1e-8);
  let bias = 0;
  let biasSquares = 1e-8;
  for (let epoch = 0; epoch < EPOCHS; epoch += 1) {
    const gradient = new Float64Array(n);
    let gradientBias = 0;
    for (const row of rows) {
      let z = bias;
      for (let k = 0; k < row.index.length; k += 1) z += (weights[row.index[k] ?? 0] ?? 0) * (row.value[k] ?? 0);
      const error = 1 / (1 + Math.exp(-z)) - row.y;
      for (let k = 0; k < row.index.length; k += 1) {
        const j = row.index[k] ?? 0;
        gradient[j] = (gradient[j] ?? 0) + error * (row.value[k] ?? 0);
      }
      gradientBias += error;
    }
    for (let j = 0; j < n; j += 1) {
      const g = (gradient[j] ?? 0) / rows.length + (j < FEATURES.length ? L2_SIGNALS : L2_WORDS) * (weights[j] ?? 0);
      const square = (squares[j] ?? 0) + g * g;
      squares[j] = square;
      weights[j] = (weights[j] ?? 0) - (RATE * g) / Math.sqrt(square);
    }
    const g = gradientBias / rows.length;
    biasSquares += g * g;
    bias -= (RATE * g) / Math.sqrt(biasSquares);
  }
  const words = new Map<string, number>();
  for (const [word, k] of vocabulary) words.set(word, weights[k] ?? 0);
  return { weights: [...weights.slice(0, FEATURES.length)], words, bias };
}

function predict(model: Fitted, e: Example): number {
  let z = model.bias;
  e.x.forEach((v, j) => {
    z += (model.weights[j] ?? 0) * v;
  });
  for (const w of e.words) z += (model.words.get(w) ?? 0) * e.wordValue;
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
    for (const e of examples.filter((x) => groupOf(x) === group)) out.push({ p: predict(model, e), y: e.y });
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
  const inSample = score(examples.map((e) => ({ p: predict(fitted, e), y: e.y })), threshold, missed);
  console.log(`in sample: precision ${pct(inSample.precision)}, recall ${pct(inSample.recall)}, F1 ${pct(inSample.f1)}`);
  FEATURES.forEach((f, j) => console.log(`  ${f.padEnd(24)} ${(fitted.weights[j] ?? 0).toFixed(3)}`));
  console.log(`  ${'bias'.padEnd(24)} ${fitted.bias.toFixed(3)}`);
  const strongest = [...fitted.words].sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, 12);
  console.log(`  ${fitted.words.size} words; strongest: ${strongest.map(([w, v]) => `${w} ${v.toFixed(2)}`).join(', ')}`);
  if (process.argv.includes('--check')) return;
  const model: ObligationModel = {
    features: [...FEATURES],
    weights: fitted.weights.map((w) => Math.round(w * 10000) / 10000),
    words: Object.fromEntries([...fitted.words].sort(([a], [b]) => a.localeCompare(b)).map(([w, v]) => [w, Math.round(v * 10000) / 10000])),
    bias: Math.round(fitted.bias * 10000) / 10000,
    threshold,
  };
  const target = join(dirname(fileURLToPath(import.meta.url)), '../src/local/obligation-model.json');
  writeFileSync(target, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`written ${target}`);
}

main();
