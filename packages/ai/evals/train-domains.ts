import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMAIN_COUNT, scoreDomains } from '../src/local/domain-classifier';
import type { LearnedDomainModel } from '../src/local/learned-domains';
import { buildCandidates } from '../src/local/obligation-candidates';
import { detectParties } from '../src/local/parties';
import { domainVotes, getRequirementIndex } from '../src/local/requirement-matcher';
import { segmentText } from '../src/local/segmenter';
import { CATALOG, loadContracts, pairObligations } from './evaluate';

/**
 * Learns how labelled contract obligations word each domain (dev and holdout contracts, never the blind
 * split) on top of the catalog, lexicon and requirement votes, validates by leaving whole genres and whole
 * documents out, and writes src/local/domain-model.json.
 *
 *   npx tsx packages/ai/evals/train-domains.ts [--check] [--quick]   (--check: validate only, write nothing;
 *   --quick: leave-one-genre-out only)
 */
type Example = { stems: string[]; context: string[]; base: Float64Array; domain: number; contract: string; genre: string };

/** L2 penalty, passes of full-batch AdaGrad, and the least number of labelled obligations a stem must occur in. */
const L2 = 0.0003;
const EPOCHS = 100;
const RATE = 0.5;
const MIN_COUNT = 2;
const CONTEXT_WEIGHT = 0.5;

function examples(): Example[] {
  const index = getRequirementIndex(CATALOG);
  const out: Example[] = [];
  for (const contract of loadContracts().filter((c) => c.split !== 'blind')) {
    const segmented = segmentText(contract.text);
    const candidates = buildCandidates(segmented, detectParties(segmented.text));
    const predicted = candidates.map((c) => ({ text: '', start: c.start, end: c.end, domain_number: 0 }));
    for (const [g, p] of pairObligations(contract.text, contract.gold, predicted)) {
      const c = candidates[p];
      const gold = contract.gold[g];
      if (!c || !gold) continue;
      const context = [...c.context.stems, ...c.heading.stems];
      const base = scoreDomains([
        { stems: c.own.stems, weight: 1 },
        { stems: context, weight: 0.4 },
      ]);
      const votes = domainVotes(index, { terms: c.own.terms, contextTerms: c.leadTerms, stems: c.own.stems }, 2);
      for (let d = 1; d <= DOMAIN_COUNT; d += 1) base[d] = (base[d] ?? 0) + (votes[d] ?? 0);
      out.push({ stems: c.own.stems, context, base, domain: gold.domain_number, contract: contract.name, genre: contract.genre });
    }
  }
  return out;
}

type Fitted = LearnedDomainModel;

/**
 * Softmax regression over the stems (heading and frame stems as inputs of their own, at CONTEXT_WEIGHT), added to each example's scores
 * from the catalog, lexicon and requirement votes: it learns what those miss, not the domain afresh.
 */
function fit(list: readonly Example[]): Fitted {
  const counts = new Map<string, number>();
  for (const e of list) for (const key of inputKeys(e).keys()) counts.set(key, (counts.get(key) ?? 0) + 1);
  const vocabulary = [...counts].filter(([, n]) => n >= MIN_COUNT).map(([stem]) => stem);
  const column = new Map(vocabulary.map((stem, i) => [stem, i]));
  const rows = list.map((e) => inputsOf(e, column));
  const K = DOMAIN_COUNT;
  const weights = new Float64Array(vocabulary.length * K);
  const squares = new Float64Array(vocabulary.length * K).fill(1e-8);
  const bias = new Float64Array(K);
  const biasSquares = new Float64Array(K).fill(1e-8);
  for (let epoch = 0; epoch < EPOCHS; epoch += 1) {
    const gradient = new Float64Array(weights.length);
    const gradientBias = new Float64Array(K);
    list.forEach((e, i) => {
      const inputs = rows[i] ?? [];
      const p = softmax(logits(e, inputs, weights, bias));
      for (let k = 0; k < K; k += 1) {
        const error = (p[k] ?? 0) - (e.domain - 1 === k ? 1 : 0);
        gradientBias[k] = (gradientBias[k] ?? 0) + error;
        for (const [j, v] of inputs) gradient[j * K + k] = (gradient[j * K + k] ?? 0) + error * v;
      }
    });
    for (let q = 0; q < weights.length; q += 1) {
      const g = (gradient[q] ?? 0) / list.length + L2 * (weights[q] ?? 0);
      squares[q] = (squares[q] ?? 0) + g * g;
      weights[q] = (weights[q] ?? 0) - (RATE * g) / Math.sqrt(squares[q] ?? 1);
    }
    for (let k = 0; k < K; k += 1) {
      const g = (gradientBias[k] ?? 0) / list.length;
      biasSquares[k] = (biasSquares[k] ?? 0) + g * g;
      bias[k] = (bias[k] ?? 0) - (RATE * g) / Math.sqrt(biasSquares[k] ?? 1);
    }
  }
  const out: Record<string, number[]> = {};
  vocabulary.forEach((stem, j) => {
    const row = [...weights.slice(j * K, (j + 1) * K)].map((w) => Math.round(w * 1000) / 1000);
    if (row.some((w) => w !== 0)) out[stem] = row;
  });
  return { contextWeight: CONTEXT_WEIGHT, bias: [...bias].map((b) => Math.round(b * 1000) / 1000), weights: out };
}

/** An example's inputs by key: its own stems at 1, its heading and frame stems as `context:` + stem at CONTEXT_WEIGHT. */
function inputKeys(e: Example): Map<string, number> {
  const keys = new Map<string, number>();
  for (const stem of e.stems) keys.set(stem, 1);
  for (const stem of e.context) keys.set(`context:${stem}`, CONTEXT_WEIGHT);
  return keys;
}

function inputsOf(e: Example, column: ReadonlyMap<string, number>): Array<[number, number]> {
  const inputs: Array<[number, number]> = [];
  for (const [key, value] of inputKeys(e)) {
    const j = column.get(key);
    if (j !== undefined) inputs.push([j, value]);
  }
  return inputs;
}

function logits(e: Example, inputs: ReadonlyArray<[number, number]>, weights: Float64Array, bias: Float64Array): Float64Array {
  const z = new Float64Array(DOMAIN_COUNT);
  for (let k = 0; k < DOMAIN_COUNT; k += 1) z[k] = (bias[k] ?? 0) + (e.base[k + 1] ?? 0);
  for (const [j, v] of inputs) for (let k = 0; k < DOMAIN_COUNT; k += 1) z[k] = (z[k] ?? 0) + (weights[j * DOMAIN_COUNT + k] ?? 0) * v;
  return z;
}

function softmax(z: Float64Array): Float64Array {
  const top = Math.max(...z);
  const p = z.map((v) => Math.exp(v - top));
  const sum = p.reduce((a, b) => a + b, 0);
  return p.map((v) => v / sum);
}

/** The domain the product would choose: base scores plus the learned ones (the same sum as learnedDomainScores). */
function predict(e: Example, fitted: Fitted | null): number {
  let best = 1;
  let bestScore = -Infinity;
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) {
    let score = (e.base[d] ?? 0) + (fitted?.bias[d - 1] ?? 0);
    if (fitted) for (const [key, value] of inputKeys(e)) score += value * (fitted.weights[key]?.[d - 1] ?? 0);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

function crossValidated(all: readonly Example[], groupOf: (e: Example) => string): number {
  let correct = 0;
  for (const group of new Set(all.map(groupOf))) {
    const fitted = fit(all.filter((e) => groupOf(e) !== group));
    for (const e of all.filter((x) => groupOf(x) === group)) if (predict(e, fitted) === e.domain) correct += 1;
  }
  return correct / all.length;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function main(): void {
  const all = examples();
  console.log(`${all.length} labelled obligations from ${new Set(all.map((e) => e.contract)).size} contracts`);
  const baseOnly = all.filter((e) => predict(e, null) === e.domain).length / all.length;
  console.log(`catalog, lexicon and requirement votes only: ${pct(baseOnly)}`);
  console.log(`with the learned evidence: leave one genre out ${pct(crossValidated(all, (e) => e.genre))}`);
  if (!process.argv.includes('--quick')) console.log(`with the learned evidence: leave one document out ${pct(crossValidated(all, (e) => e.contract))}`);
  if (process.argv.includes('--check')) return;
  const fitted = fit(all);
  const inSample = all.filter((e) => predict(e, fitted) === e.domain).length / all.length;
  const target = join(dirname(fileURLToPath(import.meta.url)), '../src/local/domain-model.json');
  const weights = Object.fromEntries(Object.entries(fitted.weights).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(target, `${JSON.stringify({ ...fitted, weights })}\n`);
  console.log(`in sample ${pct(inSample)}; written ${target} (${Object.keys(weights).length} stems)`);
}

main();
