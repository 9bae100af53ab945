/**
 * How close the API comes to its SQL, and its throughput beside a session-only call, in one run.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/bench-api-vs-sql.ts
 * Creates its own database, seeds BENCH_ORGS × BENCH_TENANTS_PER_ORG tenants (5 × 100) with the full
 * catalog, forks the server (scripts/bench/load-server.ts) and then:
 *  1. times each hot call over HTTP and, interleaved call by call, the one SQL statement that computes
 *     the same answer (a named prepared statement on one raw connection, no row-level security), and
 *     prints both medians and their ratio (BENCH_RUNS, 200);
 *  2. drives each call with autocannon for LOAD_DURATION seconds (10) over LOAD_CONNECTIONS (10) and
 *     prints requests per second beside GET /api/auth/me (a session lookup and nothing else);
 *  3. grows the measured tenant to BENCH_GROWTH_TO requirements (5,000; contract requirements added in
 *     bulk) and prints its dashboard's p50 before and after.
 * The load average is printed at the start and the end. Drops the database at the end.
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '@compliance/db/connect';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { hashToken } from '@compliance/domain/auth/tokens';
import { organizationRollupStatement } from '@compliance/domain/reports/dashboard-repo';
import { dashboardStatement } from '@compliance/domain/reports/dashboard-statement';
import { REQUIREMENT_PAGE_SIZE } from '@compliance/contracts/requirement-pages';
import { requirementPageStatement } from '@compliance/domain/requirements/requirement-page-statement';
import { tenantRequirementsQuery } from '@compliance/domain/requirements/requirement-repo';
import { percentile } from './http-timing';
import { seedLargeDataset } from './large-dataset';

const here = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-Password-2026';
const ORGS = Number(process.env.BENCH_ORGS ?? 5);
const TENANTS = Number(process.env.BENCH_TENANTS_PER_ORG ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const DURATION = Number(process.env.LOAD_DURATION ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 10);
const GROWTH_TO = Number(process.env.BENCH_GROWTH_TO ?? 5000);
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database).');
  process.exit(2);
}
const database = await createTestDatabase('cp_bench_ratio');
let server: ChildProcess | undefined;
const raw = new pg.Client({ connectionString: database.url! });
try {
  const handle = await connectDatabase({ databaseUrl: database.url!, poolSize: 2 });
  const seeded = await seedLargeDataset(handle.db, ORGS, TENANTS, PASSWORD);
  await sql`ANALYZE`.execute(handle.db);
  console.log(`Seeded ${ORGS * TENANTS} tenants, ${seeded.tenantRequirementRows} tenant-requirement rows. Load average at start: ${load()} (${os.cpus().length} cores)`);

  server = fork(path.join(here, 'load-server.ts'), { execArgv: ['--import', 'tsx'], env: { ...process.env, DATABASE_URL: database.url!, LOAD_QUEUE_PREFIX: '' } });
  const address = await new Promise<string>((resolve, reject) => {
    server!.once('message', (m: { address: string }) => resolve(m.address));
    server!.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: seeded.username, password: PASSWORD }) });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const cookie = cookies.join('; ');
  const sessionToken = cookies.find((c) => c.startsWith('session='))!.slice('session='.length);
  const org = seeded.orgIds[0]!;
  const tenants = (await (await fetch(`${address}/api/tenants?organization_id=${org}`, { headers: { cookie } })).json()) as { id: string }[];
  const tenant = tenants[3]!.id;
  const { assigned_frameworks: frameworks } = await handle.db.selectFrom('tenants').select('assigned_frameworks').where('id', '=', tenant).executeTakeFirstOrThrow();

  await raw.connect();
  const statement = (name: string, query: RawBuilder<unknown>, wrap = false) => {
    const compiled = query.compile(handle.db);
    const text = wrap ? `SELECT json_agg(x) AS rows FROM (${compiled.sql}) x` : compiled.sql;
    return () => raw.query({ name, text, values: [...compiled.parameters] });
  };
  const sessionSql = sql`SELECT s.id, s.csrf_token, s.expires_at, s.current_tenant_id, u.id AS user_id, u.username, u.role, u.is_product_admin, u.is_active,
      (SELECT json_agg(json_build_object('organization_id', m.organization_id, 'role', m.role)) FROM memberships m WHERE m.user_id = u.id) AS memberships
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ${hashToken(sessionToken)}`;
  const headers = { cookie, 'x-tenant-id': tenant };
  // The screen's first page: the statement the service runs (REQUIREMENT_PAGE_SIZE rows and one more, to know
  // another page follows, the contract rows' numbers and the whole list's totals), here without row-level security.
  const firstPage = requirementPageStatement({ tenantId: tenant }, undefined, { limit: REQUIREMENT_PAGE_SIZE + 1 }, true);
  const calls = [
    { name: 'GET /api/auth/me', url: '/api/auth/me', sql: statement('b_me', sessionSql) },
    { name: 'GET /api/reports/dashboard', url: `/api/reports/dashboard?tenant_id=${tenant}`, sql: statement('b_dash', dashboardStatement(tenant, null, 10)) },
    { name: 'GET /api/requirements/', url: `/api/requirements/?tenant_id=${tenant}`, sql: statement('b_req', tenantRequirementsQuery({ tenantId: tenant, frameworks }), true) },
    { name: 'GET /api/requirements/page (first page)', url: `/api/requirements/page?tenant_id=${tenant}`, sql: statement('b_req_page', firstPage) },
    { name: `GET /api/organizations/{id}/rollup (${TENANTS} tenants)`, url: `/api/organizations/${org}/rollup`, sql: statement('b_rollup', organizationRollupStatement(org, 10)) },
  ];

  async function medianApi(url: string): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      const res = await fetch(`${address}${url}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      if (i >= 3) times.push(performance.now() - start);
    }
    return percentile(times.sort((a, b) => a - b), 50);
  }

  console.log(`\n| Call | API p50 ms | SQL p50 ms | API / SQL |\n|---|---|---|---|`);
  for (const call of calls) {
    const api: number[] = [];
    const db: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      let start = performance.now();
      const res = await fetch(`${address}${call.url}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${call.name}: HTTP ${res.status}`);
      if (i >= 3) api.push(performance.now() - start);
      start = performance.now();
      await call.sql();
      if (i >= 3) db.push(performance.now() - start);
    }
    api.sort((a, b) => a - b);
    db.sort((a, b) => a - b);
    const [a, s] = [percentile(api, 50), percentile(db, 50)];
    console.log(`| ${call.name} | ${a.toFixed(2)} | ${s.toFixed(2)} | ${(a / s).toFixed(1)}× |`);
  }

  console.log(`\n| Call (${CONNECTIONS} connections, ${DURATION} s) | req/s | p50 ms | p99 ms | errors | vs /api/auth/me |\n|---|---|---|---|---|---|`);
  let baseline = 0;
  for (const call of calls) {
    const result = await autocannon({ url: `${address}${call.url}`, headers, connections: CONNECTIONS, duration: DURATION });
    const rps = result.requests.average;
    if (!baseline) baseline = rps;
    const errors = result.errors + result.non2xx;
    console.log(`| ${call.name} | ${rps.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} | ${(rps / baseline).toFixed(2)} |`);
  }
  // Growth: the same tenant's dashboard once it holds GROWTH_TO requirements (contract requirements added in bulk).
  const before = await medianApi(`/api/reports/dashboard?tenant_id=${tenant}`);
  const count = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM tenant_requirements WHERE tenant_id = ${tenant}`.execute(handle.db)).rows[0]!.n);
  await sql`INSERT INTO tenant_requirements (tenant_id, organization_id, source_type, text, domain_number, priority, status)
    SELECT ${tenant}, ${org}, 'contract', 'The supplier shall keep record ' || g || ' of its security controls.', 1 + g % 15,
      (ARRAY['High', 'Medium', 'Low'])[1 + g % 3], (ARRAY['Not Started', 'In Progress', 'Compliant', 'Not Applicable'])[1 + g % 4]
    FROM generate_series(1, ${Math.max(0, GROWTH_TO - count)}) g`.execute(handle.db);
  await sql`ANALYZE tenant_requirements`.execute(handle.db);
  const after = await medianApi(`/api/reports/dashboard?tenant_id=${tenant}`);
  console.log(`\nDashboard at ${count} requirements p50 ${before.toFixed(2)} ms; at ${GROWTH_TO} requirements p50 ${after.toFixed(2)} ms (${(after / before).toFixed(2)}×)`);

  console.log(`\nLoad average at the end: ${load()}`);
  server.send({ type: 'stop' });
  await new Promise((resolve) => server!.once('exit', resolve));
  server = undefined;
  await handle.close();
} finally {
  server?.kill();
  await raw.end().catch(() => undefined);
  await database.drop();
}
