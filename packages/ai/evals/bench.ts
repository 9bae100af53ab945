import { createAiEngine } from '../src/engine';
import { CATALOG, loadContracts, loadEvidence } from './evaluate';

/**
 * Speed of the local engine, warm (the first run loads the wink model and builds the requirement
 * index; it is reported separately). Targets from the issue: contract extraction of a ~2,500-word
 * contract ≤ 1 s; evidence analysis of a 20-page document (~10,000 words) against ~200 requirements ≤ 2 s.
 */
const RUNS = 7;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Whole lines from the fixtures until the text reaches `target` words. */
function compose(texts: readonly string[], target: number): string {
  const lines: string[] = [];
  let count = 0;
  for (let round = 0; count < target; round += 1) {
    for (const text of texts) {
      for (const line of text.split('\n')) {
        lines.push(line);
        count += words(line);
        if (count >= target) return lines.join('\n');
      }
      lines.push('');
    }
    if (round > 100) break;
  }
  return lines.join('\n');
}

async function measure(run: () => Promise<unknown>): Promise<{ first: number; p50: number; max: number }> {
  const times: number[] = [];
  let first = 0;
  for (let i = 0; i <= RUNS; i += 1) {
    const started = performance.now();
    await run();
    const elapsed = performance.now() - started;
    if (i === 0) first = elapsed;
    else times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { first, p50: times[Math.floor(times.length / 2)] ?? 0, max: times[times.length - 1] ?? 0 };
}

async function main(): Promise<void> {
  const engine = createAiEngine({ provider: 'local' });
  const signal = new AbortController().signal;
  const contracts = loadContracts();
  const contract = compose(
    contracts.map((c) => c.text),
    2_500,
  );
  const evidence = compose(
    loadEvidence().map((d) => d.text),
    10_000,
  );
  const requirements = CATALOG.slice(0, 200);

  const extraction = await measure(() => engine.extractObligations({ text: contract, requirements: CATALOG }, { signal }));
  const analysis = await measure(() => engine.analyzeEvidence({ text: evidence, fileName: 'combined-evidence.pdf', requirements }, { signal }));

  const rows = [
    { task: `Contract extraction (${words(contract)} words, ${CATALOG.length} requirements)`, target: 1000, ...extraction },
    { task: `Evidence analysis (${words(evidence)} words, ${requirements.length} requirements)`, target: 2000, ...analysis },
  ];
  console.log(`Local engine (${engine.model}), warm runs: ${RUNS}\n`);
  console.log('| Task | first run (cold) ms | p50 ms | max ms | target ms | within target |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(`| ${r.task} | ${r.first.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.max.toFixed(0)} | ${r.target} | ${r.max <= r.target ? 'yes' : 'NO'} |`);
  }
  if (rows.some((r) => r.p50 > r.target)) process.exitCode = 1;
}

await main();
