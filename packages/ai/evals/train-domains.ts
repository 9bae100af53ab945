import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMAIN_COUNT, scoreDomains } from '../src/local/domain-classifier';
import { learnedDomainScores, type LearnedDomainCounts } from '../src/local/learned-domains';
import { buildCandidates } from '../src/local/obligation-candidates';
import { detectParties } from '../src/local/parties';
import { domainVotes, getRequirementIndex } from '../src/local/requirement-matcher';
import { segmentText } from '../src/local/segmenter';
import { CATALOG, loadContracts, pairObligations } from './evaluate';

/**
 * Counts how labelled contract obligations word each domain (dev and holdout contracts, never the blind
 * split), picks the weight of that evidence against the catalog's by leave-one-document-out accuracy
 * (leave-one-genre-out reported beside it), and writes src/local/domain-model.json.
 *
 *   npx tsx packages/ai/evals/train-domains.ts [--check]   (--check: validate only, write nothing)
 */
type Example = { stems: string[]; context: string[]; base: Float64Array; domain: number; contract: string; genre: string };

const WEIGHTS = [0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1];
const CONTEXT_WEIGHTS = [0, 0.2, 0.4];
const MIN_COUNT = 2;

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

function countsOf(list: readonly Example[], weight: number, contextWeight: number, minCount = 1): LearnedDomainCounts {
  const counts: Record<string, number[]> = {};
  const totals = new Array<number>(DOMAIN_COUNT).fill(0);
  for (const e of list) {
    for (const stem of new Set(e.stems)) {
      const row = (counts[stem] ??= new Array<number>(DOMAIN_COUNT).fill(0));
      row[e.domain - 1] = (row[e.domain - 1] ?? 0) + 1;
      totals[e.domain - 1] = (totals[e.domain - 1] ?? 0) + 1;
    }
  }
  for (const [stem, row] of Object.entries(counts)) if (row.reduce((a, b) => a + b, 0) < minCount) delete counts[stem];
  return { weight, contextWeight, totals, counts };
}

function predict(e: Example, counts: LearnedDomainCounts): number {
  const learned = learnedDomainScores(e.stems, e.context, counts);
  let best = 1;
  let bestScore = -Infinity;
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) {
    const score = (e.base[d] ?? 0) + (learned[d] ?? 0);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

function crossValidated(all: readonly Example[], groupOf: (e: Example) => string, weight: number, contextWeight: number): number {
  let correct = 0;
  for (const group of new Set(all.map(groupOf))) {
    const counts = countsOf(all.filter((e) => groupOf(e) !== group), weight, contextWeight, MIN_COUNT);
    for (const e of all.filter((x) => groupOf(x) === group)) if (predict(e, counts) === e.domain) correct += 1;
  }
  return correct / all.length;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function main(): void {
  const all = examples();
  console.log(`${all.length} labelled obligations from ${new Set(all.map((e) => e.contract)).size} contracts`);
  let best = { weight: 0, contextWeight: 0, accuracy: crossValidated(all, (e) => e.contract, 0, 0) };
  console.log(`catalog and lexicon only: ${pct(best.accuracy)}`);
  for (const weight of WEIGHTS.slice(1)) {
    for (const contextWeight of CONTEXT_WEIGHTS) {
      const accuracy = crossValidated(all, (e) => e.contract, weight, contextWeight);
      console.log(`weight ${weight}, context ${contextWeight}: leave one document out ${pct(accuracy)}`);
      if (accuracy > best.accuracy + 1e-9) best = { weight, contextWeight, accuracy };
    }
  }
  console.log(`chosen: weight ${best.weight}, context ${best.contextWeight}; leave one document out ${pct(best.accuracy)}, leave one genre out ${pct(crossValidated(all, (e) => e.genre, best.weight, best.contextWeight))}`);
  if (process.argv.includes('--check')) return;
  const model = countsOf(all, best.weight, best.contextWeight, MIN_COUNT);
  const target = join(dirname(fileURLToPath(import.meta.url)), '../src/local/domain-model.json');
  const sorted = Object.fromEntries(Object.entries(model.counts).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(target, `${JSON.stringify({ weight: model.weight, contextWeight: model.contextWeight, totals: model.totals, counts: sorted })}\n`);
  console.log(`written ${target} (${Object.keys(sorted).length} stems)`);
}

main();
