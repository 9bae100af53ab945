/**
 * Benchmark of the history calls on real PostgreSQL (issue 13, part 4).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/bench-history.ts
 * Creates its own database and seeds one organization of BENCH_TENANTS_PER_ORG tenants (default 100)
 * over the full catalog. It times the roll-up first, then gives the organization a year of history: one
 * tenant gets a year of audit trail (BENCH_CHANGES_PER_DAY status changes and two uploads a day)
 * reconstructed by the one-time backfill, every other tenant a stored row for each of the 366 days. It
 * then times the trend and activity calls of that tenant, the organization's trend, and the roll-up
 * again (it reads no history, so it should not move). Prints p50/p95/p99; drops the database at the end.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { connectDatabase } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { createAiEngine } from '@compliance/ai/engine';
import { createProcessors } from '@compliance/domain/documents/processors';
import { backfillTenantHistory } from '@compliance/domain/history/history-service';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/env';
import { measure } from './http-timing';
import { seedLargeDataset } from './large-dataset';

const PASSWORD = 'Bench-Password-2026';
const TENANTS = Number(process.env.BENCH_TENANTS_PER_ORG ?? 100);
const CHANGES_PER_DAY = Number(process.env.BENCH_CHANGES_PER_DAY ?? 20);
const DAYS = 366;

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database).');
  process.exit(2);
}
console.log(`Load average at start: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
const database = await createTestDatabase('cp_bench');
const handle = await connectDatabase({ databaseUrl: database.url!, poolSize: 10 });
try {
  const seeded = await seedLargeDataset(handle.db, 1, TENANTS, PASSWORD);
  const orgId = seeded.orgIds[0]!;
  await sql`ANALYZE`.execute(handle.db);
  const config = { ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), throttle: { maxPerUsername: 1000, maxPerIp: 1000, windowMinutes: 1 }, rateLimit: { perUser: 0, perAddress: 0, windowSeconds: 60 } };
  const engine = createAiEngine({ provider: 'local' });
  const queue = new InProcessQueue(handle.db, createProcessors(handle.db, engine), 2);
  const app = await buildApp({ deps: { db: handle.db, config, queue, engine, jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) }, databaseKind: 'postgres', logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: seeded.username, password: PASSWORD }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const tenants = (await (await fetch(`${address}/api/tenants?organization_id=${orgId}`, { headers: { cookie } })).json()) as { id: string }[];
  const tenant = tenants[3]!.id;
  const get = (path: string) => () => fetch(`${address}${path}`, { headers: { cookie, 'x-tenant-id': tenant } });
  const header = '\n| Call | Runs | p50 ms | p95 ms | p99 ms | max ms | Target |\n|---|---|---|---|---|---|---|';

  console.log(`${header}`);
  const before = await measure(`GET /api/organizations/{id}/rollup (${TENANTS} tenants), no history`, 100, get(`/api/organizations/${orgId}/rollup`), 'unchanged');

  const seedStart = performance.now();
  const { changes, uploads } = await withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    // A year of the tenant's audit trail: status changes spread over every day, and two uploads a day.
    const changes = await sql`
      WITH r AS (SELECT array_agg(id ORDER BY id) AS ids FROM tenant_requirements WHERE tenant_id = ${tenant}::uuid)
      INSERT INTO audit_logs (timestamp, username, action, details, organization_id, tenant_id)
      SELECT now() - make_interval(secs => g * ${86_400 / CHANGES_PER_DAY}::float8), 'bench-editor-' || (g % 5), 'update_requirement_response',
        jsonb_build_object('message', 'Requirement updated: status', 'requirement_id', r.ids[g % 150 + 1],
          'changes', jsonb_build_object('status', jsonb_build_object('from', (ARRAY['Not Started', 'In Progress', 'Compliant'])[g % 3 + 1], 'to', (ARRAY['In Progress', 'Compliant', 'Not Started'])[g % 3 + 1]))),
        ${orgId}::uuid, ${tenant}::uuid
      FROM generate_series(1, ${CHANGES_PER_DAY * DAYS}::int) AS g
      CROSS JOIN r
    `.execute(tx);
    const uploads = await sql`
      INSERT INTO audit_logs (timestamp, username, action, details, organization_id, tenant_id)
      SELECT now() - make_interval(hours => g * 12), 'bench-analyst', 'upload_evidence', jsonb_build_object('message', 'Uploaded evidence ' || g), ${orgId}::uuid, ${tenant}::uuid
      FROM generate_series(1, ${2 * DAYS}::int) AS g
    `.execute(tx);
    // Every other tenant of the organization: a stored row for each day of the year.
    await sql`
      INSERT INTO tenant_daily_metrics (tenant_id, organization_id, day, total, compliant, in_progress, not_started, not_applicable, source)
      SELECT t.id, t.organization_id, (current_date - d), 200, 100 - d / 10, 40, 55 + d / 10, 5, 'backfill'
      FROM tenants t CROSS JOIN generate_series(1, ${DAYS}::int) AS d
      WHERE t.organization_id = ${orgId}::uuid AND t.id <> ${tenant}::uuid
    `.execute(tx);
    return { changes: Number(changes.numAffectedRows), uploads: Number(uploads.numAffectedRows) };
  });
  const backfillStart = performance.now();
  const days = await backfillTenantHistory(handle.db, tenant);
  const backfillMs = performance.now() - backfillStart;
  await sql`ANALYZE`.execute(handle.db);
  const stored = await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('tenant_daily_metrics').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow());
  console.log(`\nSeeded ${changes} status changes and ${uploads} uploads in the audit trail of one tenant, ${stored.n} daily rows in all, in ${((backfillStart - seedStart) / 1000).toFixed(1)} s; the backfill reconstructed ${days} days of that tenant in ${backfillMs.toFixed(0)} ms.`);

  console.log(header);
  // The dashboard of the same tenant as a yardstick: on a quiet machine its p95 is about 26 ms (bench-reports.ts).
  await measure('GET /api/reports/dashboard (yardstick)', 200, get(`/api/reports/dashboard?tenant_id=${tenant}`), 'p95 ≤ 50 ms');
  const rows = [
    await measure('GET /api/reports/trend?days=30', 200, get(`/api/reports/trend?days=30&tenant_id=${tenant}`), 'p95 ≤ 50 ms'),
    await measure('GET /api/reports/trend?days=366', 200, get(`/api/reports/trend?days=366&tenant_id=${tenant}`), 'p95 ≤ 50 ms'),
    await measure('GET /api/reports/activity?days=7', 200, get(`/api/reports/activity?days=7&tenant_id=${tenant}`), 'p95 ≤ 50 ms'),
    await measure('GET /api/reports/activity?days=366', 200, get(`/api/reports/activity?days=366&tenant_id=${tenant}`), 'p95 ≤ 50 ms'),
    await measure(`GET /api/organizations/{id}/trend?days=366 (${TENANTS} tenants)`, 100, get(`/api/organizations/${orgId}/trend?days=366`), 'p95 ≤ 150 ms'),
  ];
  const after = await measure(`GET /api/organizations/{id}/rollup (${TENANTS} tenants), a year of history`, 100, get(`/api/organizations/${orgId}/rollup`), 'unchanged');
  console.log(`\nRoll-up p95 ${before.p95.toFixed(1)} ms before the history, ${after.p95.toFixed(1)} ms after.`);
  const over = rows.filter((r) => r.target === 'p95 ≤ 50 ms' && r.p95 > 50);
  console.log(over.length ? `Over target: ${over.map((r) => r.name).join(', ')}` : 'Every trend and activity call of the tenant is within p95 ≤ 50 ms.');
  console.log(`Load average at end: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  await app.close();
} finally {
  await handle.close();
  await database.drop();
}
