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
import { getJobRow } from '@compliance/domain/jobs/job-repo';
import { createEditorInNewTenant, killAllWorkers, killWorker, root, startWorkerProcess } from './helpers/worker-process';
import { narrowToEditor } from '@compliance/domain/access/scopes';

const url = inject('databaseUrl');
const redisUrl = process.env.REDIS_URL;

afterAll(killAllWorkers);

describe.runIf(url && redisUrl)('a worker killed in the middle of an analysis', () => {
  it('loses the job to another worker, which completes it once, with nothing duplicated', async () => {
    const fake = await startFakeOpenAiServer({ delayMs: 2500 });
    const handle = await connectDatabase({ databaseUrl: url!, poolSize: 3 });
    const prefix = `crash-${randomBytes(4).toString('hex')}`;
    const env = {
      DATABASE_URL: url!, REDIS_URL: redisUrl!, QUEUE_PREFIX: prefix, AI_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test', AI_MODEL: 'fake-model', WORKER_LOCK_MS: '2000', WORKER_STALLED_INTERVAL_MS: '1000',
      // No recovery sweep: it would take other test files' queued jobs in the shared database.
      JOB_SWEEP_INTERVAL_MS: '0',
    };
    try {
      await unsafeSyncCatalog(handle.db);
      const actor = await createEditorInNewTenant(handle.db, prefix, ['ISO 27001']);
      const tenantId = actor.currentTenantId!;
      const first = await startWorkerProcess(env);
      const queue = new BullMqQueue(redisUrl!, prefix);
      const content = readFileSync(path.join(root, 'packages/documents/fixtures/contract.pdf'));
      const { jobId, documentId } = await uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), { kind: 'contract', filename: 'msa.pdf', content });
      const job = () => withScope(handle.db, SYSTEM_SCOPE, (tx) => getJobRow(tx, jobId));
      const until = async (check: () => Promise<boolean>, ms: number) => {
        const end = Date.now() + ms;
        while (Date.now() < end) {
          if (await check()) return true;
          await new Promise((r) => setTimeout(r, 100));
        }
        return false;
      };
      expect(await until(async () => (await job())?.status === 'running' && fake.requests.length > 0, 20_000)).toBe(true);
      killWorker(first);
      await startWorkerProcess(env);
      expect(await until(async () => (await job())?.status === 'completed', 60_000)).toBe(true);
      const done = (await job())!;
      expect(done.attempts).toBeGreaterThanOrEqual(2);
      const obligations = await withScope(handle.db, SYSTEM_SCOPE, (tx) =>
        tx.selectFrom('contract_obligations').select(['ordinal', 'text']).where('document_id', '=', documentId).execute(),
      );
      expect(obligations.length).toBeGreaterThan(0);
      expect(new Set(obligations.map((o) => o.ordinal)).size).toBe(obligations.length);
      expect(new Set(obligations.map((o) => o.text)).size).toBe(obligations.length);
      await queue.close();
    } finally {
      await handle.close();
      await fake.close();
    }
  }, 120_000);
});
