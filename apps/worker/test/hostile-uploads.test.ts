import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { expectHostileUploadsFailAlone } from '../../server/test/helpers/hostile-uploads';
import { DEMO_PASSWORD, freePort, signIn, startServerProcess, uploadEvidence } from '../../server/test/helpers/server-process';
import { killWorker, root, startWorkerProcess } from './helpers/worker-process';

const redisUrl = process.env.REDIS_URL;

/**
 * Issue 14, finding 1, with the worker: the server queues the jobs on BullMQ and a separate worker process
 * runs them, both on a fresh PostgreSQL database. The embedded shape: apps/server/test/hostile-uploads.test.ts.
 */
describe.runIf(inject('databaseUrl') && redisUrl)('crafted uploads, server + BullMQ + worker', () => {
  it('each fails its own job while the server and the worker answer /healthz within 200 ms; a parser that crashes twice fails the job', async () => {
    const database = await createTestDatabase('cp_hostile_worker');
    const prefix = `hostile-${randomBytes(4).toString('hex')}`;
    const shared = { DATABASE_URL: database.url!, REDIS_URL: redisUrl!, QUEUE_PREFIX: prefix };
    const server = await startServerProcess(shared);
    const metricsPort = await freePort();
    const workerEnv = { ...shared, WORKER_METRICS_PORT: String(metricsPort), JOB_SWEEP_INTERVAL_MS: '0' };
    const handle = await connectDatabase({ databaseUrl: database.url!, poolSize: 2 });
    let worker = await startWorkerProcess(workerEnv);
    try {
      const session = await signIn(server.baseUrl, 'admin', DEMO_PASSWORD);
      await expectHostileUploadsFailAlone(server.baseUrl, session, [`${server.baseUrl}/healthz`, `http://127.0.0.1:${metricsPort}/healthz`]);
      expect(worker.exitCode).toBeNull();
      expect(server.alive(), server.errors()).toBe(true);

      // A worker whose parser overruns on every file (1 ms): the first crash is retried, the second fails the job.
      killWorker(worker);
      worker = await startWorkerProcess({ ...workerEnv, PARSER_TIME_LIMIT_MS: '1' });
      const answer = await uploadEvidence(server.baseUrl, session, 'contract.pdf', readFileSync(path.join(root, 'packages/documents/fixtures/contract.pdf')));
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toMatch(/^This file is too large or complex to read safely: reading it took too long\./);
      const job = await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('jobs').select(['attempts', 'status']).orderBy('created_at', 'desc').executeTakeFirstOrThrow());
      expect(job).toEqual({ attempts: 2, status: 'failed' });
      expect(worker.exitCode).toBeNull();
    } finally {
      killWorker(worker);
      await server.stop();
      await handle.close();
      await database.drop();
    }
  }, 240_000);
});
