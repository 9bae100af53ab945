import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import { type JobName, TIMED_OUT_MESSAGE } from './job-definitions';
import { getJobRow } from './job-repo';
import { type JobProcessors, runJob } from './job-runner';
import { ABANDONED_AFTER_MS, sweepQueuedJobs } from './job-sweep';

/**
 * The run's database is shared with other test files, whose jobs may sit queued for a while: these
 * jobs were last changed an hour ago and the sweep looks only at jobs older than 50 minutes. The
 * sweep test of the worker uses older jobs, so this one only records them (they are never enqueued).
 */
const AGE_MS = 60 * 60_000;
const QUEUED_FOR_MS = 50 * 60_000;

let handle: DatabaseHandle;
let tenant: { id: string; organization_id: string };

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  tenant = await withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    const org = await tx
      .insertInto('organizations')
      .values({ name: `Sweep ${randomBytes(4).toString('hex')}`, domain: null, logo_url: null, description: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return tx.insertInto('tenants').values({ organization_id: org.id, name: 'T', description: null, assigned_frameworks: [] }).returning(['id', 'organization_id']).executeTakeFirstOrThrow();
  });
});
afterAll(async () => handle.close());

function createDocument() {
  return withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    const row = await tx
      .insertInto('documents')
      .values({
        tenant_id: tenant.id,
        organization_id: tenant.organization_id,
        kind: 'evidence',
        name: 'Access review',
        filename: 'review.pdf',
        file_kind: 'pdf',
        content_type: 'application/pdf',
        size_bytes: 1,
        sha256: 'x',
        description: null,
        document_type: null,
        uploaded_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A job row as the upload leaves it, last changed ageMs ago, with its deadline deadlineInMs from now. */
function createQueuedJob(documentId: string, options: { ageMs?: number; deadlineInMs: number; name?: JobName; status?: 'queued' | 'running' }) {
  const changed = new Date(Date.now() - (options.ageMs ?? AGE_MS));
  const name = options.name ?? 'analyze-evidence';
  const payload =
    name === 'generate-policy'
      ? { tenantId: tenant.id, policyType: 'Access Control Policy', frameworks: [], includeContracts: false }
      : { documentId, tenantId: tenant.id };
  return withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    const row = await tx
      .insertInto('jobs')
      .values({
        tenant_id: tenant.id,
        organization_id: tenant.organization_id,
        name,
        payload: JSON.stringify(payload),
        status: options.status ?? 'queued',
        deadline_at: new Date(Date.now() + options.deadlineInMs),
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('jobs').set({ updated_at: changed }).where('id', '=', row.id).execute();
    return row.id;
  });
}

const job = (id: string) => withScope(handle.db, SYSTEM_SCOPE, (tx) => getJobRow(tx, id));
const documentOf = (id: string) => withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('documents').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow());

function recordingEnqueue() {
  const calls: [JobName, string][] = [];
  return { calls, enqueue: async (name: JobName, id: string) => void calls.push([name, id]) };
}

describe('sweepQueuedJobs', () => {
  it('enqueues again the jobs queued for longer than the interval whose deadline has not passed, and nothing else', async () => {
    const documentId = await createDocument();
    const stale = await createQueuedJob(documentId, { deadlineInMs: 60_000 });
    const fresh = await createQueuedJob(documentId, { ageMs: 0, deadlineInMs: 60_000 });
    const running = await createQueuedJob(documentId, { deadlineInMs: 60_000, status: 'running' });
    const { calls, enqueue } = recordingEnqueue();

    const result = await sweepQueuedJobs(handle.db, enqueue, { queuedForMs: QUEUED_FOR_MS });

    expect(calls).toContainEqual(['analyze-evidence', stale]);
    expect(calls.map(([, id]) => id)).not.toContain(fresh);
    expect(calls.map(([, id]) => id)).not.toContain(running);
    expect(result.requeued).toContain(stale);
    expect((await job(stale))!.status).toBe('queued');
    expect((await documentOf(documentId)).status).toBe('queued');
  });

  it('times out a queued job past its deadline with the runner message, fails its document, and does it once', async () => {
    const documentId = await createDocument();
    const expired = await createQueuedJob(documentId, { deadlineInMs: -1_000 });
    const { calls, enqueue } = recordingEnqueue();

    const [first, second] = await Promise.all([
      sweepQueuedJobs(handle.db, enqueue, { queuedForMs: QUEUED_FOR_MS }),
      sweepQueuedJobs(handle.db, enqueue, { queuedForMs: QUEUED_FOR_MS }),
    ]);

    expect([...first.timedOut, ...second.timedOut].filter((id) => id === expired)).toHaveLength(1);
    expect(calls.map(([, id]) => id)).not.toContain(expired);
    const row = (await job(expired))!;
    expect(row).toMatchObject({ status: 'timed_out', stage: 'Timed out', error: TIMED_OUT_MESSAGE, percent: 0 });
    expect(row.finished_at).not.toBeNull();
    expect(await documentOf(documentId)).toEqual({ status: 'failed', error: TIMED_OUT_MESSAGE });
    const again = await sweepQueuedJobs(handle.db, enqueue, { queuedForMs: QUEUED_FOR_MS });
    expect(again.timedOut).not.toContain(expired);
  });

  it('leaves the document alone when a later analysis of it is still open', async () => {
    const documentId = await createDocument();
    const expired = await createQueuedJob(documentId, { deadlineInMs: -1_000 });
    await createQueuedJob(documentId, { ageMs: 0, deadlineInMs: 60_000 });

    await sweepQueuedJobs(handle.db, recordingEnqueue().enqueue, { queuedForMs: QUEUED_FOR_MS });

    expect((await job(expired))!.status).toBe('timed_out');
    expect(await documentOf(documentId)).toEqual({ status: 'queued', error: null });
  });

  it('times out an expired policy job, which has no document', async () => {
    const expired = await createQueuedJob('', { deadlineInMs: -1_000, name: 'generate-policy' });

    const result = await sweepQueuedJobs(handle.db, recordingEnqueue().enqueue, { queuedForMs: QUEUED_FOR_MS });

    expect(result.timedOut).toContain(expired);
    expect((await job(expired))!).toMatchObject({ status: 'timed_out', error: TIMED_OUT_MESSAGE });
  });
});

describe('a running job whose worker died and whose queue entry was lost', () => {
  it('is timed out once it is well past its deadline, with its document failed, and only once', async () => {
    const documentId = await createDocument();
    const abandoned = await createQueuedJob(documentId, { deadlineInMs: -ABANDONED_AFTER_MS - 5_000, status: 'running' });
    const { calls, enqueue } = recordingEnqueue();

    const [first, second] = await Promise.all([
      sweepQueuedJobs(handle.db, enqueue, { queuedForMs: QUEUED_FOR_MS }),
      sweepQueuedJobs(handle.db, enqueue, { queuedForMs: QUEUED_FOR_MS }),
    ]);

    expect([...first.abandoned, ...second.abandoned].filter((id) => id === abandoned)).toHaveLength(1);
    expect([...first.timedOut, ...second.timedOut].filter((id) => id === abandoned)).toHaveLength(1);
    expect(calls.map(([, id]) => id)).not.toContain(abandoned);
    expect((await job(abandoned))!).toMatchObject({ status: 'timed_out', stage: 'Timed out', error: TIMED_OUT_MESSAGE });
    expect(await documentOf(documentId)).toEqual({ status: 'failed', error: TIMED_OUT_MESSAGE });
  });

  it('is left to its runner while the deadline has not passed by the margin', async () => {
    const documentId = await createDocument();
    const justLate = await createQueuedJob(documentId, { deadlineInMs: -1_000, status: 'running' });
    const onTime = await createQueuedJob(documentId, { deadlineInMs: 60_000, status: 'running' });

    const result = await sweepQueuedJobs(handle.db, recordingEnqueue().enqueue, { queuedForMs: QUEUED_FOR_MS });

    expect(result.timedOut).not.toContain(justLate);
    expect(result.timedOut).not.toContain(onTime);
    expect((await job(justLate))!.status).toBe('running');
    expect((await job(onTime))!.status).toBe('running');
  });
});

describe('a job a worker takes after its deadline (re-added by a sweep shortly before it)', () => {
  it('is timed out without running, and its document fails with the same message', async () => {
    const documentId = await createDocument();
    const late = await createQueuedJob(documentId, { ageMs: 0, deadlineInMs: -1_000 });
    let ran = false;
    const processors: JobProcessors = {
      'analyze-contract': async () => ({ result: {} }),
      'analyze-evidence': async () => {
        ran = true;
        return { result: {} };
      },
      'generate-policy': async () => ({ result: {} }),
    };

    expect(await runJob(handle.db, processors, late, false)).toBe('timed_out');

    expect(ran).toBe(false);
    expect((await job(late))!).toMatchObject({ status: 'timed_out', error: TIMED_OUT_MESSAGE });
    expect(await documentOf(documentId)).toEqual({ status: 'failed', error: TIMED_OUT_MESSAGE });
  });
});
