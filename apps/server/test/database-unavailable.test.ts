import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiEngine } from '@compliance/ai/engine';
import { type DatabaseHandle, connectDatabase } from '@compliance/db/connect';
import { createProcessors } from '@compliance/domain/documents/processors';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/env';

/**
 * A database that cannot be reached (restarting, down) is the server's trouble, not the request's: every
 * transport answers 503 with a sentence to try again, never a 500 or the driver's message.
 */
const DETAIL = 'The database is unavailable right now. Please try again in a moment.';
let handle: DatabaseHandle;
let queue: InProcessQueue;
let app: FastifyInstance;

beforeAll(async () => {
  // Port 1 on loopback: nothing listens there, so every connection is refused at once.
  handle = await connectDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/unreachable', poolSize: 1 });
  const engine = createAiEngine({ provider: 'local' });
  queue = new InProcessQueue(handle.db, createProcessors(handle.db, engine), 1);
  app = await buildApp({ deps: { db: handle.db, config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), queue, engine, jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) }, databaseKind: 'postgres', logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await queue.close();
  await handle.close();
});

describe('an unreachable database', () => {
  const cookie = 'session=abc; csrf_token=def';

  it.each([
    ['POST', '/api/auth/login', { username: 'someone', password: 'secret-password' }, {}],
    ['GET', '/api/auth/me', undefined, { cookie }],
    ['GET', '/api/requirements/', undefined, { cookie }],
    ['GET', '/api/evidence/00000000-0000-4000-8000-000000000001/download', undefined, { cookie }],
  ] as const)('%s %s answers 503 with a clear detail', async (method, url, payload, headers) => {
    const res = await app.inject({ method, url, payload: payload as never, headers });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().detail).toBe(DETAIL);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at .+\.(ts|js):\d+/);
  });

  it('answers 503 on /trpc as well', async () => {
    const res = await app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.body).toContain(DETAIL);
    expect(res.headers['retry-after']).toBe('5');
  });
});
