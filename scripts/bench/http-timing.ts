import { performance } from 'node:perf_hooks';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Times `runs` sequential calls after 3 warm-up calls and prints one Markdown table row (ms). */
export async function measure(name: string, runs: number, call: () => Promise<Response>, target: string, warmUp = 3) {
  const times: number[] = [];
  for (let i = 0; i < warmUp; i++) await (await call()).arrayBuffer();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const row = { name, runs, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1)!, target };
  console.log(`| ${row.name} | ${row.runs} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} | ${row.target} |`);
  return row;
}
