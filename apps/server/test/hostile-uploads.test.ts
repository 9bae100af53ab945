import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { killWorker, root, startWorkerProcess } from '../../worker/test/helpers/worker-process';
import { expectHostileUploadsFailAlone } from './helpers/hostile-uploads';
import { DEMO_PASSWORD, freePort, signIn, startServerProcess, uploadEvidence } from './helpers/server-process';

const redisUrl = process.env.REDIS_URL;

/**
 * Issue 14, finding 1, in both shapes, one after the other in this file (each runs real processes that
 * would otherwise compete for the same two cores): the embedded shape, where the server process runs the
 * analysis jobs itself (no REDIS_URL), and the server queueing on BullMQ for a separate worker process.
 * Each gets a fresh database of its own (PostgreSQL when DATABASE_URL is set, as in CI, else PGlite for the
 * embedded shape; the worker shape needs PostgreSQL and Redis). With PGlite the health answers are not
 * timed: PGlite runs PostgreSQL in the server's own thread, and storing or loading a 20 MB file there holds
 * the event loop for seconds whatever the parser does (docs/SECURITY.md, "Not met").
 */
describe('crafted uploads, embedded shape', () => {
  it('each fails its own job with a clear message while /healthz answers within 200 ms, and the server stays up', async () => {
    const database = await createTestDatabase('cp_hostile');
    const server = await startServerProcess({ DATABASE_URL: database.url ?? undefined });
    try {
      const session = await signIn(server.baseUrl, 'admin', DEMO_PASSWORD);
      await expectHostileUploadsFailAlone(server.baseUrl, session, [`${server.baseUrl}/healthz`], { timeHealth: database.url !== null });
      expect(server.alive(), server.errors()).toBe(true);
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 240_000);
});

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
