import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type {} from '@compliance/db/testing/test-database';
import { startFakeOpenAiServer } from '@compliance/ai/testing/fake-openai-server';
import { connectDatabase } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { unsafeSyncCatalog } from '@compliance/domain/catalog/catalog-repo';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { type JobName, TIMED_OUT_MESSAGE } from '@compliance/domain/jobs/job-definitions';
import { createEditorInNewTenant, killAllWorkers, root, settleJob, startWorkerProcess } from './helpers/worker-process';
import { narrowToEditor } from '@compliance/domain/access/scopes';

/**
 * The 90 s deadline under an AI provider that never answers, in a real worker process. The job's
 * deadline is a column (set to now + 90 s at upload); the test moves it to now + 3 s before the job
 * is queued, so the same runner path is exercised without waiting 90 s.
 */
const url = inject('databaseUrl');
const redisUrl = process.env.REDIS_URL;
const SHORT_DEADLINE_MS = 3_000;

afterAll(killAllWorkers);

describe.runIf(url && redisUrl)('a hanging AI provider', () => {
  it('times the job out at its deadline with the spec message, and the worker goes on to complete the next job', async () => {
    const fake = await startFakeOpenAiServer({ hang: true });
    const handle = await connectDatabase({ databaseUrl: url!, poolSize: 3 });
    const prefix = `deadline-${randomBytes(4).toString('hex')}`;
    /** The production queue, with the job's deadline moved closer just before it is queued. */
    class ShortDeadlineQueue extends BullMqQueue {
      shortDeadline = true;
      override async enqueue(name: JobName, jobId: string) {
        if (this.shortDeadline) {
          await withScope(handle.db, SYSTEM_SCOPE, (tx) =>
            tx.updateTable('jobs').set({ deadline_at: new Date(Date.now() + SHORT_DEADLINE_MS) }).where('id', '=', jobId).execute(),
          );
        }
        await super.enqueue(name, jobId);
      }
    }
    const queue = new ShortDeadlineQueue(redisUrl!, prefix);
    try {
      await unsafeSyncCatalog(handle.db);
      const actor = await createEditorInNewTenant(handle.db, prefix, ['ISO 27001']);
      const tenantId = actor.currentTenantId!;
      const worker = await startWorkerProcess({
        DATABASE_URL: url!, REDIS_URL: redisUrl!, QUEUE_PREFIX: prefix, AI_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test', AI_MODEL: 'fake-model', WORKER_METRICS_PORT: '0',
        // No recovery sweep: it would take other test files' queued jobs in the shared database.
        JOB_SWEEP_INTERVAL_MS: '0',
      });
      const content = readFileSync(path.join(root, 'packages/documents/fixtures/contract.pdf'));
      const settle = (id: string, ms: number) => settleJob(handle.db, id, ms);

      const started = Date.now();
      const hung = await uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), { kind: 'contract', filename: 'hang.pdf', content });
      const timedOut = await settle(hung.jobId, 20_000);
      const elapsed = Date.now() - started;
      expect(timedOut.status).toBe('timed_out');
      expect(timedOut.error).toBe(TIMED_OUT_MESSAGE);
      expect(fake.requests.length).toBeGreaterThan(0);
      expect(elapsed).toBeGreaterThanOrEqual(SHORT_DEADLINE_MS - 200);
      expect(elapsed).toBeLessThan(SHORT_DEADLINE_MS + 8_000);

      fake.behaviour.hang = false;
      queue.shortDeadline = false;
      // Another file: the same bytes again in this tenant would be refused as a duplicate.
      const next = await uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), { kind: 'contract', filename: 'next.pdf', content: Buffer.concat([content, Buffer.from('\n% next\n')]) });
      expect((await settle(next.jobId, 30_000)).status).toBe('completed');
      expect(worker.exitCode).toBeNull();
      expect(worker.signalCode).toBeNull();
    } finally {
      await queue.close();
      await handle.close();
      await fake.close();
    }
  }, 60_000);
});
