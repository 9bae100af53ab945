// Asks one URL every 50 ms (never two at once) from a process of its own, so the timings are the server's,
// not delays of the test process that starts it. Prints {probes, slowestMs, late, lateAt} as JSON when its
// stdin closes. Usage: node health-probe.mjs <url> <limitMs>
const [url, limit] = process.argv.slice(2);
const limitMs = Number(limit);
// The probe's own first request pays for setting up its HTTP client; it is not a measurement.
await fetch(url).catch(() => undefined);
const started = performance.now();
let running = true;
let probes = 0;
let slowestMs = 0;
const lateAt = [];
process.stdin.on('data', () => undefined);
process.stdin.on('end', () => (running = false));
while (running) {
  const begun = performance.now();
  const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then((answer) => answer.ok, () => false);
  const took = performance.now() - begun;
  probes += 1;
  slowestMs = Math.max(slowestMs, took);
  if (!ok || took > limitMs) lateAt.push({ atMs: Math.round(begun - started), tookMs: Math.round(took), ok });
  await new Promise((resolve) => setTimeout(resolve, 50));
}
process.stdout.write(JSON.stringify({ probes, slowestMs: Math.round(slowestMs), late: lateAt.length, lateAt }));
