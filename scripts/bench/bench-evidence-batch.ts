/**
 * A batch of evidence files through BullMQ with separate worker processes, end to end.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx scripts/bench/bench-evidence-batch.ts [files=100] [workers=2]
 * Creates its own database and queue prefix, starts the workers as child processes, uploads the batch
 * through the same upload service the REST route uses, and waits for every job; drops the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { loadCaller } from '@compliance/domain/access/caller';
import { unsafeSyncCatalog } from '@compliance/domain/catalog/catalog-repo';
import { seedDemoIfEmpty } from '@compliance/domain/demo/seed-service';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { waitForJob } from '@compliance/domain/jobs/job-service';
import { narrowToEditor } from '@compliance/domain/access/scopes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FILES = Number(process.argv[2] ?? 100);
const WORKERS = Number(process.argv[3] ?? 2);
const fixtures = ['policy-20-pages.pdf', 'contract.pdf', 'contract.docx', 'controls.xlsx', 'contract.doc'].map((name) => ({
  name,
  content: readFileSync(path.join(root, 'packages/documents/fixtures', name)),
}));

if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.error('Set DATABASE_URL and REDIS_URL.');
  process.exit(2);
}
const database = await createTestDatabase('cp_bench');
const handle = await connectDatabase({ databaseUrl: database.url!, poolSize: 10 });
const prefix = `bench-${Date.now()}`;
const workers: ChildProcess[] = [];
try {
  await unsafeSyncCatalog(handle.db);
  await seedDemoIfEmpty(handle.db, 'Bench-Password-2026');
  const actor = await withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    const user = await tx.selectFrom('users').selectAll().where('username', '=', 'analyst').executeTakeFirstOrThrow();
    const { password_hash: _hash, ...publicUser } = user;
    return { caller: await loadCaller(tx, publicUser), ip: '127.0.0.1', currentOrganizationId: null, currentTenantId: null };
  });
  const tenantId = actor.caller.tenants.keys().next().value!;
  for (let i = 0; i < WORKERS; i++) {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/worker/src/main.ts')], {
      env: { ...process.env, DATABASE_URL: database.url!, QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: '2' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    workers.push(child);
    await new Promise<void>((resolve) => child.stdout!.on('data', (d) => String(d).includes('worker ready') && resolve()));
  }
  const queue = new BullMqQueue(process.env.REDIS_URL!, prefix);
  const changes = new JobChanges(handle.listen);
  const started = performance.now();
  const jobs: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const file = fixtures[i % fixtures.length]!;
    const { jobId } = await uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), { kind: 'evidence', filename: `${i}-${file.name}`, content: Buffer.concat([file.content, Buffer.from(`\n% copy ${i}\n`)]), documentType: 'Policy' });
    jobs.push(jobId);
  }
  const uploaded = performance.now();
  const states = await Promise.all(jobs.map((id) => waitForJob(handle.db, changes, actor.caller, tenantId, id, 300_000)));
  const finished = performance.now();
  const byStatus = states.reduce<Record<string, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {});
  console.log(`| ${FILES} evidence files | ${WORKERS} workers × 2 | upload ${((uploaded - started) / 1000).toFixed(1)} s | end to end ${((finished - started) / 1000).toFixed(1)} s | ${JSON.stringify(byStatus)} |`);
  await queue.close();
} finally {
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.on('exit', r)))));
  await handle.close();
  await database.drop();
}
