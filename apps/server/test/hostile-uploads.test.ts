import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { expectHostileUploadsFailAlone } from './helpers/hostile-uploads';
import { DEMO_PASSWORD, signIn, startServerProcess } from './helpers/server-process';

/**
 * Issue 14, finding 1, in the embedded shape: the server process runs the analysis jobs itself (no
 * REDIS_URL), on a fresh database of its own (PostgreSQL when DATABASE_URL is set, as in CI, else PGlite).
 * The same uploads against BullMQ and the worker process: apps/worker/test/hostile-uploads.test.ts.
 * With PGlite the health answers are not timed: PGlite runs PostgreSQL in the server's own thread, and
 * storing or loading a 20 MB file there holds the event loop for seconds whatever the parser does
 * (docs/SECURITY.md, "Not met").
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
