/**
 * A 20-page PDF uploaded with wait, end to end over loopback HTTP: the multipart request, the job, and the
 * answer once the analysis is recorded (the route is woken by the job's change notification).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [REDIS_URL=redis://127.0.0.1:6379] \
 *     npx tsx scripts/bench/bench-upload-wait.ts [runs=20]
 * Runs the embedded shape (the in-process queue beside the routes) and, with REDIS_URL, the production
 * shape (the server adds to BullMQ, one worker process analyses). Creates its own database, seeds the
 * demo, uploads each file once (a distinct copy each run), prints the load average beside the figures and
 * drops the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createAiEngine } from '@compliance/ai/engine';
import { type DatabaseHandle, connectDatabase } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { unsafeSyncCatalog } from '@compliance/domain/catalog/catalog-repo';
import { seedDemoIfEmpty } from '@compliance/domain/demo/seed-service';
import { createProcessors } from '@compliance/domain/documents/processors';
import { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import type { JobQueue } from '@compliance/domain/jobs/job-queue';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/env';
import { percentile } from './http-timing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.argv[2] ?? 20);
const WARM_UP = 3;
const PASSWORD = 'Bench-Password-2026';
const pdf = readFileSync(path.join(root, 'packages/documents/fixtures/policy-20-pages.pdf'));
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL (and REDIS_URL for the production shape).');
  process.exit(2);
}

async function startWorker(databaseUrl: string, prefix: string): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/worker/src/main.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.on('data', (d) => String(d).includes('worker ready') && resolve()));
  return child;
}

/** Times RUNS uploads with wait (after WARM_UP) against a server using the given queue. */
async function timeUploads(handle: DatabaseHandle, queue: JobQueue, shape: string) {
  const config = { ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), throttle: { maxPerUsername: 1000, maxPerIp: 1000, windowMinutes: 1 }, rateLimit: { perUser: 0, perAddress: 0, windowSeconds: 60 } };
  const app = await buildApp({ deps: { db: handle.db, config, queue, engine: createAiEngine({ provider: 'local' }), jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) }, databaseKind: 'postgres', logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'analyst', password: PASSWORD }) });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('csrf_token='))!.slice('csrf_token='.length);
    const tenant = await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('tenants').select('id').where('name', '=', 'Acme Hospitals').executeTakeFirstOrThrow());
    const tenantId = tenant.id;
    const headers = { cookie: cookies.join('; '), 'x-csrf-token': csrf, 'x-tenant-id': tenantId };
    const times: number[] = [];
    /** From the job's recorded end (finished_at, written by the job's process) to the answer's arrival: the wait's own cost. */
    const afterFinish: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const form = new FormData();
      form.append('file', new Blob([pdf, `\n% ${shape} copy ${i} ${Date.now()}\n`], { type: 'application/pdf' }), `policy-${i}.pdf`);
      form.append('document_type', 'Policy');
      const started = performance.now();
      const res = await fetch(`${address}/api/evidence/upload`, { method: 'POST', headers, body: form });
      const body = (await res.json()) as { status?: string; job_id?: string; detail?: string };
      const ms = performance.now() - started;
      const arrived = Date.now();
      if (res.status !== 200 || body.status !== 'completed') throw new Error(`${shape}: HTTP ${res.status} ${JSON.stringify(body)}`);
      if (i < WARM_UP) continue;
      times.push(ms);
      const job = await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('jobs').select('finished_at').where('id', '=', body.job_id!).executeTakeFirstOrThrow());
      afterFinish.push(arrived - new Date(job.finished_at!).getTime());
    }
    times.sort((a, b) => a - b);
    afterFinish.sort((a, b) => a - b);
    console.log(`| ${shape} | ${RUNS} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} | ${times[0]!.toFixed(0)} | ${times.at(-1)!.toFixed(0)} | ${percentile(afterFinish, 50)} / ${afterFinish.at(-1)} | ${load()} |`);
  } finally {
    await app.close();
  }
}

const database = await createTestDatabase('cp_bench_upload');
const handle = await connectDatabase({ databaseUrl: database.url!, poolSize: 10 });
const workers: ChildProcess[] = [];
try {
  await unsafeSyncCatalog(handle.db);
  await seedDemoIfEmpty(handle.db, PASSWORD);
  console.log(`Load average before: ${load()}`);
  console.log('\n| Shape | Runs | p50 ms | p95 ms | min ms | max ms | job end → answer, p50 / max ms | load average (1, 5, 15 min) after |\n|---|---|---|---|---|---|---|---|');
  const inProcess = new InProcessQueue(handle.db, createProcessors(handle.db, createAiEngine({ provider: 'local' })), 2);
  await timeUploads(handle, inProcess, 'embedded (in-process queue)');
  await inProcess.close();
  if (process.env.REDIS_URL) {
    const prefix = `bench-upload-${Date.now()}`;
    workers.push(await startWorker(database.url!, prefix));
    const bull = new BullMqQueue(process.env.REDIS_URL, prefix);
    await timeUploads(handle, bull, 'production (BullMQ, 1 worker process)');
    await bull.close();
  }
} finally {
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.on('exit', r)))));
  await handle.close();
  await database.drop();
}
