import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import type { Caller } from '@compliance/domain/access/caller';
import { AppError } from '@compliance/domain/errors';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { createJob, getJobState, waitForJob, watchJob } from '@compliance/domain/jobs/job-service';
import type { JobProcessors } from '@compliance/domain/jobs/job-runner';
import { createCallerInNewOrganization } from './helpers/factories';

let handle: DatabaseHandle;
let changes: JobChanges;
let tenantId: string;
let organizationId: string;
let caller: Caller;
const calls: Record<string, number> = {};

/** Test processors: behaviour chosen by the document id, so one queue covers every case. */
const BEHAVIOUR = {
  ok: '00000000-0000-4000-8000-000000000001',
  flaky: '00000000-0000-4000-8000-000000000002',
  bad: '00000000-0000-4000-8000-000000000003',
  slow: '00000000-0000-4000-8000-000000000004',
};
const processors: JobProcessors = {
  'analyze-contract': async (payload, ctx) => {
    calls[payload.documentId] = (calls[payload.documentId] ?? 0) + 1;
    await ctx.progress('Extracting text content', 20);
    await ctx.progress('Analyzing with AI batch 1/2', 50);
    if (payload.documentId === BEHAVIOUR.flaky && calls[payload.documentId] === 1) throw new Error('connection reset');
    if (payload.documentId === BEHAVIOUR.bad) throw new AppError('BAD_REQUEST', 'This PDF has no extractable text.');
    if (payload.documentId === BEHAVIOUR.slow) await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    await ctx.progress('Finalizing analysis', 90);
    return { result: { count: 3 }, provider: 'local', model: 'test-model' };
  },
  'analyze-evidence': async () => ({ result: {} }),
  'generate-policy': async () => ({ result: {} }),
};

async function job(documentId: string, deadlineMs?: number) {
  return withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    const id = await createJob(tx, { tenantId, organizationId, name: 'analyze-contract', payload: { documentId, tenantId }, createdBy: null });
    if (deadlineMs !== undefined) await tx.updateTable('jobs').set({ deadline_at: new Date(Date.now() + deadlineMs) }).where('id', '=', id).execute();
    return id;
  });
}

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  changes = new JobChanges(handle.listen);
  ({ organizationId, tenantId, caller } = await createCallerInNewOrganization(handle.db));
});
afterAll(async () => handle.close());

describe('in-process job queue', () => {
  it('runs a job to completion and records stages, provider and model in PostgreSQL', async () => {
    const queue = new InProcessQueue(handle.db, processors, 2);
    const id = await job(BEHAVIOUR.ok);
    const seen: string[] = [];
    const watching = (async () => {
      for await (const state of watchJob(handle.db, changes, caller, tenantId, id)) seen.push(state.status);
    })();
    await queue.enqueue('analyze-contract', id);
    const state = await waitForJob(handle.db, changes, caller, tenantId, id, 10_000);
    await watching;
    expect(state).toMatchObject({ status: 'completed', percent: 100, stage: 'Complete', provider: 'local', model: 'test-model', result: { count: 3 }, attempts: 1 });
    expect(seen.at(-1)).toBe('completed');
    await queue.close();
  });

  it('retries a transient failure and completes on the second attempt', async () => {
    const queue = new InProcessQueue(handle.db, processors, 1);
    const id = await job(BEHAVIOUR.flaky);
    await queue.enqueue('analyze-contract', id);
    const state = await waitForJob(handle.db, changes, caller, tenantId, id, 15_000);
    expect(state.status).toBe('completed');
    expect(state.attempts).toBe(2);
    expect(calls[BEHAVIOUR.flaky]).toBe(2);
    await queue.close();
  });

  it('fails a job at once with the user-facing message of a permanent error', async () => {
    const queue = new InProcessQueue(handle.db, processors, 1);
    const id = await job(BEHAVIOUR.bad);
    await queue.enqueue('analyze-contract', id);
    const state = await waitForJob(handle.db, changes, caller, tenantId, id, 10_000);
    expect(state).toMatchObject({ status: 'failed', error: 'This PDF has no extractable text.', attempts: 1 });
    await queue.close();
  });

  it('stops a job at its deadline and marks it timed out', async () => {
    const queue = new InProcessQueue(handle.db, processors, 1);
    const id = await job(BEHAVIOUR.slow, 600);
    await queue.enqueue('analyze-contract', id);
    const state = await waitForJob(handle.db, changes, caller, tenantId, id, 10_000);
    expect(state.status).toBe('timed_out');
    expect(state.error).toContain('longer than 90 seconds');
    await queue.close();
  });

  it('recovers jobs a stopped process left running', async () => {
    const id = await job(BEHAVIOUR.ok);
    await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('jobs').set({ status: 'running', attempts: 1 }).where('id', '=', id).execute());
    const queue = new InProcessQueue(handle.db, processors, 1);
    expect(await queue.recover()).toBeGreaterThanOrEqual(1);
    const state = await waitForJob(handle.db, changes, caller, tenantId, id, 10_000);
    expect(state.status).toBe('completed');
    await queue.close();
  });

  it("refuses to show a job to a caller without the job's tenant", async () => {
    const outsider = await createCallerInNewOrganization(handle.db, 'Admin');
    const id = await job(BEHAVIOUR.ok);
    await expect(getJobState(handle.db, outsider.caller, outsider.tenantId, id)).rejects.toThrow('Job not found');
  });
});
