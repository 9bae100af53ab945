/**
 * Benchmark of the policy generator and the assistant on real PostgreSQL with the local engine.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/bench-ai-features.ts
 * Creates its own database, seeds 1 organization × 10 tenants with the full catalog, starts the server on
 * loopback, then times every policy template's generation (through the job queue), the template list,
 * saving a policy to evidence and the six suggested assistant questions; drops the database at the end.
 */
import { sql } from 'kysely';
import { POLICY_TEMPLATES } from '@compliance/catalog/policy-templates';
import { SUGGESTED_QUESTIONS } from '@compliance/contracts/assistant';
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

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database).');
  process.exit(2);
}
const database = await createTestDatabase('cp_bench_ai');
const handle = await connectDatabase({ databaseUrl: database.url!, poolSize: 10 });
try {
  const seeded = await seedLargeDataset(handle.db, 1, 10, PASSWORD);
  await sql`ANALYZE`.execute(handle.db);
  const config = { ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), throttle: { maxPerUsername: 1000, maxPerIp: 1000, windowMinutes: 1 }, rateLimit: { perUser: 0, perAddress: 0, windowSeconds: 60 } };
  const engine = createAiEngine({ provider: 'local' });
  const queue = new InProcessQueue(handle.db, createProcessors(handle.db, engine), 2);
  const app = await buildApp({ deps: { db: handle.db, config, queue, engine, jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) }, databaseKind: 'postgres', logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: seeded.username, password: PASSWORD }) });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const cookie = cookies.join('; ');
  const csrf = cookies.find((c) => c.startsWith('csrf_token='))!.slice('csrf_token='.length);
  const tenants = (await (await fetch(`${address}/api/tenants?organization_id=${seeded.orgIds[0]}`, { headers: { cookie } })).json()) as { id: string; assigned_frameworks: string[] }[];
  const tenant = tenants[3]!;
  const headers = { cookie, 'x-tenant-id': tenant.id, 'x-csrf-token': csrf, 'content-type': 'application/json' };
  const post = (path: string, body: unknown) => () => fetch(`${address}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  console.log(`Tenant frameworks: ${tenant.assigned_frameworks.join(', ')}`);

  console.log('\n| Call | Runs | p50 ms | p95 ms | p99 ms | max ms | Target |\n|---|---|---|---|---|---|---|');
  await measure('GET /api/policies/templates', 50, () => fetch(`${address}/api/policies/templates`, { headers }), 'p95 ≤ 100 ms');
  let sizes = 0;
  let largest = { name: '', count: 0, chars: 0 };
  for (const template of POLICY_TEMPLATES) {
    const res = await post('/api/policies/generate', { policy_type: template.name, frameworks: [], include_contracts: true })();
    const body = (await res.json()) as { content: string; requirement_count: number };
    sizes += body.content.length;
    if (body.requirement_count > largest.count) largest = { name: template.name, count: body.requirement_count, chars: body.content.length };
  }
  await measure(`POST /api/policies/generate (${largest.name}, ${largest.count} requirements)`, 20, post('/api/policies/generate', { policy_type: largest.name, frameworks: [], include_contracts: true }), '≤ 5 s');
  await measure('POST /api/policies/generate (Physical Security Policy)', 20, post('/api/policies/generate', { policy_type: 'Physical Security Policy', frameworks: [], include_contracts: true }), '≤ 5 s');
  const { content } = (await (await post('/api/policies/generate', { policy_type: largest.name, frameworks: [], include_contracts: true })()).json()) as { content: string };
  await measure('POST /api/policies/save-to-evidence', 20, post('/api/policies/save-to-evidence', { policy_type: largest.name, content }), '≤ 1 s');
  for (const question of SUGGESTED_QUESTIONS) {
    await measure(`POST /api/assistant/chat "${question}"`, 20, post('/api/assistant/chat', { messages: [{ role: 'user', content: question }] }), '≤ 2 s');
  }
  console.log(`\n${POLICY_TEMPLATES.length} policies generated once each: ${(sizes / POLICY_TEMPLATES.length / 1024).toFixed(1)} KiB of Markdown on average; the largest (${largest.name}) ${(largest.chars / 1024).toFixed(1)} KiB.`);
  await app.close();
  await queue.close();
} finally {
  await handle.close();
  await database.drop();
}
