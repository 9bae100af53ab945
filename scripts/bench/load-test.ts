/**
 * Load test on real PostgreSQL while evidence is being analysed.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/load-test.ts
 * Creates its own database, seeds BENCH_ORGS × BENCH_TENANTS_PER_ORG tenants (5 × 100) with the full
 * catalog, forks the server (scripts/bench/load-server.ts, in-process job queue), keeps LOAD_PENDING
 * evidence uploads (4) waiting or running throughout, and drives each endpoint with autocannon for
 * LOAD_DURATION seconds (20) over LOAD_CONNECTIONS connections (10). Prints requests per second,
 * p50/p95/p99 from every response time, errors, and the server's RSS and heap (after a full GC) at
 * start (after a warm-up), middle and end (uploads drained); fails when any request errs or memory
 * at the end exceeds the start by more than LOAD_HEAP_BOUND_MB of heap used after GC (32: retained
 * objects), or the RSS peak of the run's second half exceeds that of its first half by more than
 * LOAD_RSS_BOUND_MB (128). RSS is judged by its peaks: V8 keeps heap space it grew into and the
 * allocator keeps freed native memory, so a single end-minus-start RSS reading swings by hundreds of MiB.
 * With LOAD_WORKERS=N (and REDIS_URL) the server only queues the analyses on BullMQ and N worker
 * processes (apps/worker, WORKER_CONCURRENCY 2 each) run them, the production shape; the default 0
 * runs them in the server process (the embedded shape). Drops the database at the end.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { connectDatabase } from '@compliance/db/connect';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { percentile } from './http-timing';
import { seedLargeDataset } from './large-dataset';

const here = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-Password-2026';
const ORGS = Number(process.env.BENCH_ORGS ?? 5);
const TENANTS = Number(process.env.BENCH_TENANTS_PER_ORG ?? 100);
const DURATION = Number(process.env.LOAD_DURATION ?? 20);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 10);
const PENDING = Number(process.env.LOAD_PENDING ?? 4);
const HEAP_BOUND_MB = Number(process.env.LOAD_HEAP_BOUND_MB ?? 32);
const RSS_BOUND_MB = Number(process.env.LOAD_RSS_BOUND_MB ?? 128);
const WORKERS = Number(process.env.LOAD_WORKERS ?? 0);
const queuePrefix = `load-${randomBytes(4).toString('hex')}`;
const fixtures = ['policy-20-pages.pdf', 'contract.docx', 'controls.xlsx', 'contract.doc', 'contract.pdf'].map((name) => ({
  name,
  content: readFileSync(path.resolve(here, '../../packages/documents/fixtures', name)),
}));
type Memory = { rss: number; heapUsed: number; heapTotal: number };
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (the load test creates and drops its own database).');
  process.exit(2);
}
if (WORKERS > 0 && !process.env.REDIS_URL) {
  console.error('LOAD_WORKERS needs REDIS_URL (the workers take the analyses from BullMQ on Redis).');
  process.exit(2);
}

/** One worker process on the load test's database and queue namespace; resolves once it is ready. */
function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(path.resolve(here, '../../node_modules/.bin/tsx'), [path.resolve(here, '../../apps/worker/src/main.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, QUEUE_PREFIX: queuePrefix, WORKER_CONCURRENCY: '2', WORKER_METRICS_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('worker ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
  });
}
const database = await createTestDatabase('cp_load');
let server: ChildProcess | undefined;
const workers: ChildProcess[] = [];
let failed = false;
try {
  const handle = await connectDatabase({ databaseUrl: database.url!, poolSize: 4 });
  const seedStart = performance.now();
  const seeded = await seedLargeDataset(handle.db, ORGS, TENANTS, PASSWORD);
  await sql`ANALYZE`.execute(handle.db);
  await handle.close();
  console.log(`Seeded ${ORGS * TENANTS} tenants, ${seeded.tenantRequirementRows} tenant-requirement rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  console.log(`Load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);

  const child = fork(path.join(here, 'load-server.ts'), {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: database.url!, LOAD_QUEUE_PREFIX: WORKERS > 0 ? queuePrefix : '' },
  });
  server = child;
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { address: string }) => resolve(m.address));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  for (let i = 0; i < WORKERS; i++) workers.push(await startWorker(database.url!));
  console.log(WORKERS > 0 ? `Analyses run in ${WORKERS} worker process(es) on BullMQ (prefix ${queuePrefix}).` : 'Analyses run in the server process (in-process queue).');
  // Replies carry the request's id: the per-second samples and the after-GC readings overlap in time.
  let nextId = 0;
  const memory = (kind: 'after-gc' | 'now') =>
    new Promise<Memory>((resolve) => {
      const id = nextId++;
      const onMessage = (m: Memory & { type?: string; id?: number }) => {
        if (m.type !== 'memory' || m.id !== id) return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send({ type: 'memory', id, gc: kind === 'after-gc' });
    });

  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: seeded.username, password: PASSWORD }) });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const cookie = cookies.join('; ');
  const csrf = cookies.find((c) => c.startsWith('csrf_token='))!.slice('csrf_token='.length);
  const tenants = (await (await fetch(`${address}/api/tenants?organization_id=${seeded.orgIds[0]}`, { headers: { cookie } })).json()) as { id: string }[];
  const tenant = tenants[3]!.id;
  const analysisTenant = tenants[4]!.id;

  // The analysis batch: PENDING uploads in flight at all times, each waiting for its analysis.
  let feeding = true;
  const analysed = { completed: 0, other: 0, uploadErrors: 0 };
  const feeder = async (lane: number, once = false) => {
    for (let i = lane; feeding; i += PENDING) {
      const file = fixtures[i % fixtures.length]!;
      const form = new FormData();
      form.append('document_type', 'Policy');
      // A comment after the file's end makes each copy other bytes: the same file twice in a tenant is refused.
      form.append('file', new Blob([file.content, `\n% copy ${i}\n`]), `${i}-${file.name}`);
      const res = await fetch(`${address}/api/evidence/upload?tenant_id=${analysisTenant}`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrf }, body: form });
      if (res.ok) analysed.completed += 1;
      else if (res.status >= 500) analysed.uploadErrors += 1;
      else analysed.other += 1;
      await res.arrayBuffer();
      if (once) return;
    }
  };

  const samples: Memory[] = [];
  const sampler = setInterval(() => void memory('now').then((m) => samples.push(m)), 1_000);
  const headers = { cookie, 'x-tenant-id': tenant };
  const run = async (url: string, seconds: number) => {
    const times: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: `${address}${url}`, connections: CONNECTIONS, duration: seconds, headers }, (error, done) => (error ? reject(error) : resolve(done)));
      instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    });
    times.sort((a, b) => a - b);
    return { result, times };
  };

  // Warm-up: every file type analysed once (engine models, pdf.js) and a short run of requests, so the
  // start figure includes what a running server keeps loaded anyway.
  for (let i = 0; i < fixtures.length; i++) await feeder(i, true);
  await run('/api/reports/dashboard', 3);
  const start = await memory('after-gc');
  const feeders = Array.from({ length: PENDING }, (_, lane) => feeder(lane));
  const rows: string[] = [];
  const marks: Memory[] = [start];
  for (const [name, url] of [['GET /api/reports/dashboard', `/api/reports/dashboard?tenant_id=${tenant}`], ['GET /api/requirements/', `/api/requirements/?tenant_id=${tenant}`]] as const) {
    const before = analysed.completed;
    const { result, times } = await run(url, DURATION);
    const errors = result.errors + result.timeouts + result.non2xx;
    if (errors > 0) failed = true;
    rows.push(
      `| ${name} | ${CONNECTIONS} | ${DURATION} s | ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${times.at(-1)!.toFixed(1)} | ${errors} | ${analysed.completed - before} |`,
    );
    if (marks.length === 1) marks.push(await memory('after-gc'));
  }
  feeding = false;
  clearInterval(sampler);
  await Promise.all(feeders);
  marks.push(await memory('after-gc'));

  console.log('\n| Call | Connections | Duration | Requests | Req/s | p50 ms | p95 ms | p99 ms | max ms | Errors | Evidence analysed meanwhile |\n|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`\nEvidence uploads analysed during the run: ${analysed.completed} completed, ${analysed.other} refused (4xx), ${analysed.uploadErrors} server errors.`);
  const [, middle, end] = marks as [Memory, Memory, Memory];
  console.log('\n| Server memory (after full GC) | RSS MiB | heap used MiB | heap total MiB |\n|---|---|---|---|');
  for (const [label, m] of [['start (after warm-up)', start], ['middle (after the dashboard run, analyses in flight)', middle], ['end (after the requirements run, analyses drained)', end]] as const) {
    console.log(`| ${label} | ${mb(m.rss)} | ${mb(m.heapUsed)} | ${mb(m.heapTotal)} |`);
  }
  const peakOf = (part: Memory[]) => part.reduce((max, m) => Math.max(max, m.rss), 0);
  const half = Math.floor(samples.length / 2);
  const [firstPeak, secondPeak] = [peakOf(samples.slice(0, half)), peakOf(samples.slice(half))];
  console.log(`Peak RSS sampled every second: ${mb(Math.max(firstPeak, secondPeak))} MiB over ${samples.length} samples (first half ${mb(firstPeak)}, second half ${mb(secondPeak)}).`);
  const growth = (end.rss - start.rss) / 1024 / 1024;
  const peakGrowth = (secondPeak - firstPeak) / 1024 / 1024;
  const heapGrowth = (end.heapUsed - start.heapUsed) / 1024 / 1024;
  const flat = peakGrowth <= RSS_BOUND_MB && heapGrowth <= HEAP_BOUND_MB;
  console.log(
    `Start → end: heap used ${heapGrowth.toFixed(1)} MiB, RSS ${growth.toFixed(1)} MiB; RSS peak second half − first half ${peakGrowth.toFixed(1)} MiB (bounds: heap ≤ ${HEAP_BOUND_MB} MiB, peak ≤ ${RSS_BOUND_MB} MiB): ${flat ? 'flat' : 'GREW'}`,
  );
  if (!flat || analysed.uploadErrors > 0) failed = true;
  console.log(`Load average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(failed ? 'RESULT: FAILED' : 'RESULT: zero errors, memory flat');
} finally {
  for (const worker of workers) {
    try {
      process.kill(-worker.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (server && server.exitCode === null) {
    server.send({ type: 'stop' });
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  if (WORKERS > 0) {
    const queue = new BullMqQueue(process.env.REDIS_URL!, queuePrefix);
    await queue.bullQueue.obliterate({ force: true });
    await queue.close();
  }
  await database.drop();
}
process.exit(failed ? 1 : 0);
