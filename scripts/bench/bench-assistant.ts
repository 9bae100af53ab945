/**
 * Benchmark of the assistant's answers (local provider) on a realistic tenant, through HTTP.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/bench-assistant.ts
 * Creates its own database; seeds one tenant (HIPAA + NIST 800-53 rev 5) with 20 customer contracts and
 * 100 evidence documents from the labelled fixtures, analysed by the real jobs, and the evaluation's
 * spread of statuses and owners; then asks every single-turn question of the development evaluation
 * set three times and prints p50/p95/p99 per kind and overall. Drops the database at the end.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createAiEngine } from '@compliance/ai/engine';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { connectDatabase } from '@compliance/db/connect';
import { createTestDatabase } from '@compliance/db/testing/test-database';
import { createProcessors } from '@compliance/domain/documents/processors';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/env';
import { WORLD_CONTRACTS, WORLD_EVIDENCE, assignWork, fixtureDocx, uploadAndAnalyse, type SeedUpload } from '../../apps/server/test/helpers/assistant-seed';
import { createComplianceOrg } from '../../apps/server/test/helpers/compliance-fixtures';
import { PASSWORD, actorFor, createUser } from '../../apps/server/test/helpers/factories';
import { percentile } from './http-timing';

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database).');
  process.exit(2);
}
const ROOT = join(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'packages/ai/evals/fixtures');
const CONTRACTS = 20;
const EVIDENCE = 100;

function uploads(): SeedUpload[] {
  const contractFiles = readdir(join(FIXTURES, 'contracts')).filter((f) => f.endsWith('.txt'));
  const contracts = [...WORLD_CONTRACTS, ...contractFiles.filter((f) => !WORLD_CONTRACTS.some((c) => c.file === f)).map((f) => ({ file: f, filename: f.replace(/\.txt$/, '.docx') }))].slice(0, CONTRACTS);
  const labels = JSON.parse(readFileSync(join(FIXTURES, 'evidence-labels.json'), 'utf8')) as { documents: Array<{ file: string; fileName: string; document_type: string }> };
  const others = labels.documents.filter((d) => !WORLD_EVIDENCE.some((e) => e.file === d.file)).map((d) => ({ file: d.file, name: d.fileName.replace(/\.[a-z]+$/i, ''), type: d.document_type }));
  const evidence = [...WORLD_EVIDENCE, ...others].slice(0, EVIDENCE);
  return [
    ...contracts.map((c) => ({ kind: 'contract' as const, filename: c.filename, content: fixtureDocx('contracts', c.file) })),
    ...evidence.map((e) => ({ kind: 'evidence' as const, filename: `${e.name}.docx`, content: fixtureDocx('evidence', e.file), name: e.name, documentType: e.type })),
  ];
}

function readdir(dir: string): string[] {
  return readdirSync(dir).sort();
}

const database = await createTestDatabase('cp_bench_assistant');
const handle = await connectDatabase({ databaseUrl: database.url!, poolSize: 10 });
try {
  const engine = createAiEngine({ provider: 'local' });
  const queue = new InProcessQueue(handle.db, createProcessors(handle.db, engine), 2);
  const org = await createComplianceOrg(handle.db, [['HIPAA', 'NIST 800-53 rev 5']]);
  const tenant = org.tenants[0]!;
  const user = await createUser(handle.db, { role: 'Editor', memberOf: [org.id], tenants: [tenant] });
  await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('users').set({ full_name: 'Priya Shah' }).where('id', '=', user.id).execute());
  const actor = await actorFor(handle.db, user.id);
  const seeding = performance.now();
  await uploadAndAnalyse(handle.db, queue, new JobChanges(handle.listen), actor, tenant.id, uploads());
  await assignWork(handle.db, actor, tenant.id, [user.id]);
  await sql`ANALYZE`.execute(handle.db);
  const counts = await withScope(handle.db, SYSTEM_SCOPE, async (tx) => ({
    requirements: Number((await tx.selectFrom('tenant_requirements').select(sql<string>`count(*)`.as('n')).where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow()).n),
    contracts: Number((await tx.selectFrom('documents').select(sql<string>`count(*)`.as('n')).where('tenant_id', '=', tenant.id).where('kind', '=', 'contract').executeTakeFirstOrThrow()).n),
    evidence: Number((await tx.selectFrom('documents').select(sql<string>`count(*)`.as('n')).where('tenant_id', '=', tenant.id).where('kind', '=', 'evidence').executeTakeFirstOrThrow()).n),
    passages: Number((await tx.selectFrom('document_passages').select(sql<string>`count(*)`.as('n')).where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow()).n),
  }));
  console.log(`Seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s: ${counts.requirements} requirements, ${counts.contracts} contracts, ${counts.evidence} evidence documents, ${counts.passages} passages`);

  const config = { ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), throttle: { maxPerUsername: 1000, maxPerIp: 1000, windowMinutes: 1 }, rateLimit: { perUser: 0, perAddress: 0, windowSeconds: 60 } };
  const app = await buildApp({ deps: { db: handle.db, config, queue, engine, jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) }, databaseKind: 'postgres', logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, password: PASSWORD }) });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('csrf_token='))!.slice('csrf_token='.length);
  const headers = { cookie: cookies.join('; '), 'x-csrf-token': csrf, 'content-type': 'application/json' };
  const { questions } = JSON.parse(readFileSync(join(ROOT, 'apps/server/evals/assistant/questions.dev.json'), 'utf8')) as { questions: Array<{ kind: string; turns: string[] }> };
  const single = questions.filter((q) => q.turns.length === 1 && q.kind !== 'tenants');
  const ask = async (question: string) => {
    const res = await fetch(`${address}/api/assistant/chat?tenant_id=${tenant.id}`, { method: 'POST', headers, body: JSON.stringify({ messages: [{ role: 'user', content: question }] }) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${question}: HTTP ${res.status}`);
  };
  for (const q of single.slice(0, 10)) await ask(q.turns[0]!);
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const q of single) {
      const start = performance.now();
      await ask(q.turns[0]!);
      const ms = performance.now() - start;
      all.push(ms);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
    }
  }
  const row = (name: string, times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `| ${name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`;
  };
  console.log('\n| Questions | Answers | p50 ms | p95 ms | p99 ms | max ms |\n|---|---|---|---|---|---|');
  for (const [kind, times] of [...byKind].sort()) console.log(row(kind, times));
  console.log(row('**all** (target p95 ≤ 300 ms)', all));
  await app.close();
  await queue.close();
} finally {
  await handle.close();
  await database.drop();
}
