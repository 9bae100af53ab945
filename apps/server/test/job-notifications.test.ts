import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, connectDatabase } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import type { Caller } from '@compliance/domain/access/caller';
import { BullMqQueue, startBullMqWorker } from '@compliance/domain/jobs/bullmq-queue';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JOB_CHANGED_CHANNEL, JobChanges } from '@compliance/domain/jobs/job-changes';
import { finishJob, updateJobProgress } from '@compliance/domain/jobs/job-repo';
import type { JobProcessors } from '@compliance/domain/jobs/job-runner';
import { type ReadCause, createJob, waitForJob, watchJob } from '@compliance/domain/jobs/job-service';
import { createCallerInNewOrganization } from './helpers/factories';

/**
 * Job waiters are woken by PostgreSQL notifications (the jobs table's trigger, carrying the job id only),
 * whichever process runs the job, with a timed re-check as the fallback. The waits here re-check only
 * every minute (longer than a test may run), so a wait that ends was woken by a notification unless it
 * counted a re-check.
 */
const NEVER = 60_000;
let handle: DatabaseHandle;
let changes: JobChanges;
let a: { organizationId: string; tenantId: string; caller: Caller };
let b: { organizationId: string; tenantId: string; caller: Caller };

const processors: JobProcessors = {
  'analyze-contract': async (_payload, ctx) => {
    await ctx.progress('Analyzing with AI batch 1/1', 50);
    return { result: { requirement_count: 2 }, provider: 'local', model: 'test' };
  },
  'analyze-evidence': async () => ({ result: {} }),
  'generate-policy': async () => ({ result: {} }),
};

const newJob = (owner: typeof a) =>
  withScope(handle.db, SYSTEM_SCOPE, (tx) =>
    createJob(tx, { tenantId: owner.tenantId, organizationId: owner.organizationId, name: 'analyze-contract', payload: { documentId: owner.tenantId, tenantId: owner.tenantId }, createdBy: null }),
  );

/** Counts each read of a wait by its cause, and resolves `first` once the wait has looked at the job. */
function readCounter() {
  const counts: Record<ReadCause, number> = { first: 0, notified: 0, recheck: 0 };
  let looked!: () => void;
  const first = new Promise<void>((resolve) => (looked = resolve));
  return { counts, first, onRead: (cause: ReadCause) => (counts[cause]++, cause === 'first' && looked()) };
}

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  changes = new JobChanges(handle.listen);
  a = await createCallerInNewOrganization(handle.db);
  b = await createCallerInNewOrganization(handle.db);
});
afterAll(async () => handle.close());

describe('job completion is pushed to its waiters', () => {
  it('wakes a wait through the notification when the in-process queue finishes the job', async () => {
    const queue = new InProcessQueue(handle.db, processors, 1);
    const id = await newJob(a);
    const reads = readCounter();
    const waiting = waitForJob(handle.db, changes, a.caller, a.tenantId, id, 20_000, { recheckMs: NEVER, onRead: reads.onRead });
    await reads.first;
    await queue.enqueue('analyze-contract', id);
    expect(await waiting).toMatchObject({ status: 'completed', result: { requirement_count: 2 } });
    expect(reads.counts.recheck).toBe(0);
    expect(reads.counts.notified).toBeGreaterThanOrEqual(1);
    expect(changes.waiterCount).toBe(0);
    await queue.close();
  });

  it.runIf(process.env.REDIS_URL && inject('databaseUrl'))('wakes a wait when a BullMQ worker on its own connections finishes the job', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const workerDb = await connectDatabase({ databaseUrl: inject('databaseUrl')!, poolSize: 2 });
    const worker = startBullMqWorker(workerDb.db, processors, process.env.REDIS_URL!, { concurrency: 1, prefix });
    const queue = new BullMqQueue(process.env.REDIS_URL!, prefix);
    try {
      const id = await newJob(a);
      const reads = readCounter();
      const waiting = waitForJob(handle.db, changes, a.caller, a.tenantId, id, 20_000, { recheckMs: NEVER, onRead: reads.onRead });
      await reads.first;
      await queue.enqueue('analyze-contract', id);
      expect((await waiting).status).toBe('completed');
      expect(reads.counts.recheck).toBe(0);
      expect(reads.counts.notified).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.close();
      await queue.close();
      await workerDb.close();
    }
  });

  it('streams each progress change to a watcher as it is written', async () => {
    const id = await newJob(a);
    const reads = readCounter();
    const controller = new AbortController();
    const seen: string[] = [];
    const watching = (async () => {
      for await (const state of watchJob(handle.db, changes, a.caller, a.tenantId, id, { signal: controller.signal, recheckMs: NEVER, onRead: reads.onRead })) seen.push(`${state.status} ${state.percent}`);
    })();
    await reads.first;
    // Each change is awaited until the watcher has shown it, so the sequence is exact.
    const shown = async (entry: string) => expect.poll(() => seen.at(-1), { timeout: 5_000, interval: 5 }).toBe(entry);
    await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('jobs').set({ status: 'running' }).where('id', '=', id).execute());
    await shown('running 0');
    for (const percent of [10, 40, 70]) {
      await withScope(handle.db, SYSTEM_SCOPE, (tx) => updateJobProgress(tx, id, `Step ${percent}`, percent));
      await shown(`running ${percent}`);
    }
    await withScope(handle.db, SYSTEM_SCOPE, (tx) => finishJob(tx, id, { status: 'completed', result: {} }));
    await watching;
    expect(seen).toEqual(['queued 0', 'running 0', 'running 10', 'running 40', 'running 70', 'completed 100']);
    expect(reads.counts.recheck).toBe(0);
  });

  it('finds a change whose notification never came with the timed re-check', async () => {
    const id = await newJob(a);
    const reads = readCounter();
    const waiting = waitForJob(handle.db, changes, a.caller, a.tenantId, id, 20_000, { recheckMs: 300, onRead: reads.onRead });
    await reads.first;
    // With replication's role the table's triggers stay silent: the row changes and nobody is told.
    await handle.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(tx);
      await finishJob(tx, id, { status: 'completed', result: { requirement_count: 7 } });
    });
    expect(await waiting).toMatchObject({ status: 'completed', result: { requirement_count: 7 } });
    expect(reads.counts.notified).toBe(0);
    expect(reads.counts.recheck).toBeGreaterThanOrEqual(1);
  });

  it.runIf(inject('databaseUrl'))('listens again after losing its connection, and has its waiters re-read what they missed', async () => {
    const url = new URL(inject('databaseUrl')!);
    const name = `cp_listener_${randomBytes(4).toString('hex')}`;
    url.searchParams.set('application_name', name);
    const own = await connectDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      const ownChanges = new JobChanges(own.listen);
      const id = await newJob(a);
      const reads = readCounter();
      const waiting = waitForJob(own.db, ownChanges, a.caller, a.tenantId, id, 20_000, { recheckMs: NEVER, onRead: reads.onRead });
      await reads.first;
      // The server ends the listening connection (a restart, a failover); the job finishes while it is gone.
      const ended = await sql<{ pid: number }>`SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE application_name = ${name} AND query LIKE 'LISTEN%'`.execute(handle.db);
      expect(ended.rows).toHaveLength(1);
      await withScope(handle.db, SYSTEM_SCOPE, (tx) => finishJob(tx, id, { status: 'completed', result: {} }));
      expect((await waiting).status).toBe('completed');
      expect(reads.counts.recheck).toBe(0);
      // The new connection hears later changes.
      const next = await newJob(a);
      const again = readCounter();
      const waitingAgain = waitForJob(own.db, ownChanges, a.caller, a.tenantId, next, 20_000, { recheckMs: NEVER, onRead: again.onRead });
      await again.first;
      await withScope(handle.db, SYSTEM_SCOPE, (tx) => finishJob(tx, next, { status: 'failed', error: 'x' }));
      expect((await waitingAgain).status).toBe('failed');
      expect(again.counts).toEqual({ first: 1, notified: 1, recheck: 0 });
    } finally {
      await own.close();
    }
  });

  it("tells another tenant's waiter nothing: neither the job nor that it changed", async () => {
    const own = await newJob(b);
    const foreign = await newJob(a);
    const reads = readCounter();
    const controller = new AbortController();
    const watching = (async () => {
      for await (const _ of watchJob(handle.db, changes, b.caller, b.tenantId, own, { signal: controller.signal, recheckMs: NEVER, onRead: reads.onRead }));
    })();
    await reads.first;
    // Tenant B asking for tenant A's job by id is refused, and leaves no waiter behind.
    await expect(waitForJob(handle.db, changes, b.caller, b.tenantId, foreign, 5_000)).rejects.toThrow('Job not found');
    // A's own waiter is woken by the change, so by then its notification has been handed out.
    const ownerReads = readCounter();
    const ownerWaiting = waitForJob(handle.db, changes, a.caller, a.tenantId, foreign, 20_000, { recheckMs: NEVER, onRead: ownerReads.onRead });
    await ownerReads.first;
    await withScope(handle.db, SYSTEM_SCOPE, (tx) => finishJob(tx, foreign, { status: 'completed', result: { secret: 'tenant A' } }));
    expect((await ownerWaiting).status).toBe('completed');
    expect(ownerReads.counts.notified).toBeGreaterThanOrEqual(1);
    expect(reads.counts).toEqual({ first: 1, notified: 0, recheck: 0 });
    controller.abort();
    await watching;
    expect(changes.waiterCount).toBe(0);
  });

  it('sends the job id alone on the channel', async () => {
    const payloads: string[] = [];
    const stop = await handle.listen(JOB_CHANGED_CHANNEL, { message: (payload) => payloads.push(payload), resumed: () => undefined });
    const id = await newJob(a);
    await withScope(handle.db, SYSTEM_SCOPE, (tx) => finishJob(tx, id, { status: 'failed', error: 'a tenant-specific message' }));
    await expect.poll(() => payloads.includes(id), { timeout: 5_000, interval: 5 }).toBe(true);
    await stop();
    for (const payload of payloads) expect(payload).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('leaves no waiter behind over many waits, whether they finish, time out or are abandoned', async () => {
    const done = await newJob(a);
    await withScope(handle.db, SYSTEM_SCOPE, (tx) => finishJob(tx, done, { status: 'completed', result: {} }));
    const open = await newJob(a);
    for (let round = 0; round < 10; round++) {
      const finished = Array.from({ length: 20 }, () => waitForJob(handle.db, changes, a.caller, a.tenantId, done, 5_000));
      const timedOut = Array.from({ length: 5 }, () => waitForJob(handle.db, changes, a.caller, a.tenantId, open, 20, { recheckMs: NEVER }));
      const refused = Array.from({ length: 5 }, () => waitForJob(handle.db, changes, b.caller, b.tenantId, open, 5_000).catch((error: Error) => error.message));
      const controller = new AbortController();
      const abandoned = Array.from({ length: 5 }, async () => {
        for await (const _ of watchJob(handle.db, changes, a.caller, a.tenantId, open, { signal: controller.signal, recheckMs: NEVER }));
      });
      expect((await Promise.all(finished)).every((s) => s.status === 'completed')).toBe(true);
      expect((await Promise.all(timedOut)).every((s) => s.status === 'queued')).toBe(true);
      expect(await Promise.all(refused)).toEqual(Array(5).fill('Job not found'));
      await expect.poll(() => changes.waiterCount, { timeout: 5_000, interval: 5 }).toBe(5);
      controller.abort();
      await Promise.all(abandoned);
      expect(changes.waiterCount).toBe(0);
    }
  });
});
