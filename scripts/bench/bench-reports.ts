/**
 * Benchmark of the measuring half on real PostgreSQL (issue: catalog, dashboards and exports).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/bench-reports.ts
 * Creates its own database, seeds 5 organizations × 100 tenants × the full catalog, starts the server on
 * loopback, times sequential requests and prints p50/p95/p99; drops the database at the end.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { connectDatabase } from '@compliance/db/connect';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { createAiEngine } from '@compliance/ai/engine';
import { createProcessors } from '@compliance/domain/documents/processors';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/env';
import { measure } from './http-timing';
import { seedLargeDataset } from './large-dataset';

const PASSWORD = 'Bench-Password-2026';
const ORGS = Number(process.env.BENCH_ORGS ?? 5);
const TENANTS = Number(process.env.BENCH_TENANTS_PER_ORG ?? 100);

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database).');
  process.exit(2);
}
const database = await createTestDatabase('cp_bench');
const handle = await connectDatabase({ databaseUrl: database.url!, poolSize: 10 });
try {
  const seedStart = performance.now();
  const seeded = await seedLargeDataset(handle.db, ORGS, TENANTS, PASSWORD);
  console.log(`Seeded ${ORGS * TENANTS} tenants, ${seeded.tenantRequirementRows} tenant-requirement rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  await sql`ANALYZE`.execute(handle.db);
  const config = { ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), throttle: { maxPerUsername: 1000, maxPerIp: 1000, windowMinutes: 1 }, rateLimit: { perUser: 0, perAddress: 0, windowSeconds: 60 } };
  const engine = createAiEngine({ provider: 'local' });
  const queue = new InProcessQueue(handle.db, createProcessors(handle.db, engine), 2);
  const app = await buildApp({ deps: { db: handle.db, config, queue, engine, jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) }, databaseKind: 'postgres', logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: seeded.username, password: PASSWORD }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const tenants = (await (await fetch(`${address}/api/tenants?organization_id=${seeded.orgIds[0]}`, { headers: { cookie } })).json()) as { id: string }[];
  const tenant = tenants[3]!.id;
  const get = (path: string) => () => fetch(`${address}${path}`, { headers: { cookie, 'x-tenant-id': tenant } });
  console.log('\n| Call | Runs | p50 ms | p95 ms | p99 ms | max ms | Target |\n|---|---|---|---|---|---|---|');
  await measure('GET /api/reports/dashboard', 200, get(`/api/reports/dashboard?tenant_id=${tenant}`), 'p95 ≤ 50 ms');
  await measure(`GET /api/organizations/{id}/rollup (${TENANTS} tenants)`, 100, get(`/api/organizations/${seeded.orgIds[0]}/rollup`), 'p95 ≤ 150 ms');
  await measure('GET /api/requirements/', 200, get(`/api/requirements/?tenant_id=${tenant}`), 'p95 ≤ 80 ms');
  await measure('GET /api/requirements/export/csv', 30, get(`/api/requirements/export/csv?tenant_id=${tenant}`), '≤ 300 ms');
  await measure('GET /api/reports/export/executive-summary', 15, get(`/api/reports/export/executive-summary?tenant_id=${tenant}`), '≤ 1 s');
  await app.close();
} finally {
  await handle.close();
  if (process.env.BENCH_KEEP === '1') console.log(`Kept ${database.url}`);
  else await database.drop();
}
