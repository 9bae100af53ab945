import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import type { Caller } from '@compliance/domain/access/caller';
import { BullMqQueue, startBullMqWorker } from '@compliance/domain/jobs/bullmq-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import type { JobProcessors } from '@compliance/domain/jobs/job-runner';
import { createJob, waitForJob } from '@compliance/domain/jobs/job-service';
import { createCallerInNewOrganization } from './helpers/factories';
import { loadConfig } from '../src/env';
import { createJobQueue } from '../src/job-queue-factory';

const redisUrl = process.env.REDIS_URL;
const prefix = `test-${randomBytes(4).toString('hex')}`;
let handle: DatabaseHandle;
let changes: JobChanges;
let caller: Caller;
let tenantId: string;
let organizationId: string;
const runs = new Map<string, number>();

const processors: JobProcessors = {
  'analyze-contract': async (payload, ctx) => {
    const n = (runs.get(payload.documentId) ?? 0) + 1;
    runs.set(payload.documentId, n);
    await ctx.progress('Analyzing with AI batch 1/1', 50);
    if (payload.documentId.endsWith('2') && n === 1) throw new Error('provider returned 503');
    return { result: { ok: true }, provider: 'local', model: 'test' };
  },
  'analyze-evidence': async () => ({ result: {} }),
  'generate-policy': async () => ({ result: {} }),
};

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  changes = new JobChanges(handle.listen);
  ({ organizationId, tenantId, caller } = await createCallerInNewOrganization(handle.db));
});
afterAll(async () => handle.close());

describe.runIf(redisUrl)('BullMQ driver on Redis', () => {
  it('runs jobs through a worker with the shared runner, retrying a transient failure', async () => {
    const queue = new BullMqQueue(redisUrl!, prefix);
    const worker = startBullMqWorker(handle.db, processors, redisUrl!, { concurrency: 2, prefix });
    const ids = await withScope(handle.db, SYSTEM_SCOPE, async (tx) => [
      await createJob(tx, { tenantId, organizationId, name: 'analyze-contract', payload: { documentId: '00000000-0000-4000-8000-000000000001', tenantId }, createdBy: null }),
      await createJob(tx, { tenantId, organizationId, name: 'analyze-contract', payload: { documentId: '00000000-0000-4000-8000-000000000002', tenantId }, createdBy: null }),
    ]);
    for (const id of ids) await queue.enqueue('analyze-contract', id);
    const states = await Promise.all(ids.map((id) => waitForJob(handle.db, changes, caller, tenantId, id, 20_000)));
    expect(states.map((s) => s.status)).toEqual(['completed', 'completed']);
    expect(states[1]!.attempts).toBe(2);
    expect(await queue.depth()).toBe(0);
    await worker.close();
    await queue.close();
  });

  it("puts the server's jobs under QUEUE_PREFIX, where the workers of that prefix take them", async () => {
    const config = loadConfig({ NODE_ENV: 'test', REDIS_URL: redisUrl, QUEUE_PREFIX: prefix });
    const { queue } = await createJobQueue(config, handle.db);
    const id = await withScope(handle.db, SYSTEM_SCOPE, (tx) =>
      createJob(tx, { tenantId, organizationId, name: 'analyze-contract', payload: { documentId: '00000000-0000-4000-8000-000000000003', tenantId }, createdBy: null }),
    );
    await queue.enqueue('analyze-contract', id);
    const probe = new BullMqQueue(redisUrl!, prefix);
    expect(await probe.depth()).toBe(1);
    await probe.close();
    const worker = startBullMqWorker(handle.db, processors, redisUrl!, { concurrency: 1, prefix });
    expect((await waitForJob(handle.db, changes, caller, tenantId, id, 20_000)).status).toBe('completed');
    await worker.close();
    await queue.close();
  });
});
