/**
 * Starts the product for the browser tests on a database of its own: a fresh database on
 * DATABASE_URL's server (dropped on exit), else an embedded PGlite in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { loadConfig } from '../apps/server/src/env';
import { startServer } from '../apps/server/src/start';

const database = await createTestDatabase('cp_e2e');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cp-e2e-'));
const config = {
  ...loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir }),
  databaseUrl: database.url ?? undefined,
  // The browser tests run the jobs inside the server (the in-process driver); the BullMQ driver and the
  // worker process have their own integration and fault tests.
  redisUrl: undefined,
  // The browser tests log in many times from one address.
  throttle: { maxPerUsername: 1000, maxPerIp: 1000, windowMinutes: 15 },
  // Every browser of the tests calls from one address, many times a second.
  rateLimit: { perUser: 100_000, perAddress: 100_000, windowSeconds: 60 },
};
const { app } = await startServer(config, { logger: false });
await app.listen({ port: config.port, host: config.host });
console.log(`e2e server on ${config.port} using ${database.source}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => {});
  await database.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
