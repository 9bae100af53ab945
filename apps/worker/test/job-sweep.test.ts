import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import { BullMqQueue, startBullMqWorker } from '@compliance/domain/jobs/bullmq-queue';
import { getJobRow } from '@compliance/domain/jobs/job-repo';
import { TIMED_OUT_MESSAGE } from '@compliance/domain/jobs/job-definitions';
import type { JobProcessors } from '@compliance/domain/jobs/job-runner';
import { sweepQueuedJobs } from '@compliance/domain/jobs/job-sweep';

const redisUrl = process.env.REDIS_URL;
const prefix = `sweep-${randomBytes(4).toString('hex')}`;
/**
 * Other test files share the run's database: these jobs were last changed three hours ago and this
 * sweep looks only at jobs older than 150 minutes (the domain's sweep test uses an hour and 50 minutes).
 */
const AGE_MS = 3 * 60 * 60_000;
const QUEUED_FOR_MS = 150 * 60_000;
let handle: DatabaseHandle;
let tenant: { id: string; organization_id: string };
const runs = new Map<string, number>();

const processors: JobProcessors = {
  'analyze-contract': async () => ({ result: {} }),
  'analyze-evidence': async (payload) => {
    runs.set(payload.documentId, (runs.get(payload.documentId) ?? 0) + 1);
    return { result: { ok: true }, provider: 'local', model: 'test' };
  },
  'generate-policy': async () => ({ result: {} }),
};

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  tenant = await withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    const org = await tx.insertInto('organizations').values({ name: `Sweep ${prefix}`, domain: null, logo_url: null, description: null }).returning('id').executeTakeFirstOrThrow();
    return tx.insertInto('tenants').values({ organization_id: org.id, name: 'T', description: null, assigned_frameworks: [] }).returning(['id', 'organization_id']).executeTakeFirstOrThrow();
  });
});
afterAll(async () => handle.close());

/** A stored document and its analysis job, queued an hour ago and never added to Redis (as after Redis lost its data). */
function createLostJob(deadlineInMs: number) {
  return withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    const document = await tx
      .insertInto('documents')
      .values({
        tenant_id: tenant.id, organization_id: tenant.organization_id, kind: 'evidence', name: 'Review', filename: 'review.pdf', file_kind: 'pdf',
        content_type: 'application/pdf', size_bytes: 1, sha256: 'x', description: null, document_type: null, uploaded_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = await tx
      .insertInto('jobs')
      .values({
        tenant_id: tenant.id, organization_id: tenant.organization_id, name: 'analyze-evidence',
        payload: JSON.stringify({ documentId: document.id, tenantId: tenant.id }), deadline_at: new Date(Date.now() + deadlineInMs), created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('jobs').set({ updated_at: new Date(Date.now() - AGE_MS) }).where('id', '=', job.id).execute();
    return { documentId: document.id, jobId: job.id };
  });
}

const jobRow = (id: string) => withScope(handle.db, SYSTEM_SCOPE, (tx) => getJobRow(tx, id));

async function settle(id: string, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    const row = await jobRow(id);
    if (row && !['queued', 'running'].includes(row.status)) return row;
    if (Date.now() > end) throw new Error(`job ${id} still ${row?.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(redisUrl)('the queued-job sweep on BullMQ', () => {
  it('hands a queued job with no Redis entry to a worker, which completes it once; sweeping again adds nothing', async () => {
    const queue = new BullMqQueue(redisUrl!, prefix);
    const enqueue = (name: Parameters<BullMqQueue['enqueue']>[0], id: string) => queue.enqueue(name, id);
    try {
      const lost = await createLostJob(60_000);
      expect((await queue.counts()).waiting).toBe(0);

      expect((await sweepQueuedJobs(handle.db, enqueue, { queuedForMs: QUEUED_FOR_MS })).requeued).toContain(lost.jobId);
      expect((await sweepQueuedJobs(handle.db, enqueue, { queuedForMs: QUEUED_FOR_MS })).requeued).toContain(lost.jobId);
      expect(await queue.counts()).toMatchObject({ waiting: 1, active: 0, delayed: 0 });

      const worker = startBullMqWorker(handle.db, processors, redisUrl!, { concurrency: 2, prefix });
      try {
        const done = await settle(lost.jobId, 20_000);
        expect(done).toMatchObject({ status: 'completed', attempts: 1 });
        expect((await sweepQueuedJobs(handle.db, enqueue, { queuedForMs: QUEUED_FOR_MS })).requeued).not.toContain(lost.jobId);
        await new Promise((r) => setTimeout(r, 500));
        expect(runs.get(lost.documentId)).toBe(1);
        expect(await queue.depth()).toBe(0);
      } finally {
        await worker.close();
      }
    } finally {
      await queue.close();
    }
  });

  // The domain's sweep test, running at the same time, may time this job out first: the end state is what counts.
  it('times out a queued job past its deadline instead of queuing it, and fails its document', async () => {
    const queue = new BullMqQueue(redisUrl!, prefix);
    try {
      const expired = await createLostJob(-1_000);

      const result = await sweepQueuedJobs(handle.db, (name, id) => queue.enqueue(name, id), { queuedForMs: QUEUED_FOR_MS });

      expect(result.requeued).not.toContain(expired.jobId);
      expect(await jobRow(expired.jobId)).toMatchObject({ status: 'timed_out', error: TIMED_OUT_MESSAGE });
      const document = await withScope(handle.db, SYSTEM_SCOPE, (tx) =>
        tx.selectFrom('documents').select(['status', 'error']).where('id', '=', expired.documentId).executeTakeFirstOrThrow(),
      );
      expect(document).toEqual({ status: 'failed', error: TIMED_OUT_MESSAGE });
      expect(await queue.depth()).toBe(0);
    } finally {
      await queue.close();
    }
  });
});
