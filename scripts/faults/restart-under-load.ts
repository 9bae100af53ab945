/**
 * Fault run: restart Redis or PostgreSQL while evidence is being uploaded and analysed.
 *   npx tsx scripts/faults/restart-under-load.ts redis      # or: postgres
 * Starts a private PostgreSQL (initdb, port FAULT_PG_PORT, default 55491) and Redis (FAULT_REDIS_PORT,
 * default 63791, append-only file as in docker-compose.yml; FAULT_REDIS_AOF=0 runs it without), the
 * server (REDIS_URL set) and one worker as separate processes, uploads FAULT_UPLOADS files over HTTP from
 * two lanes, restarts the service a third of the way in, then checks that the server and worker are the same
 * processes, every accepted upload ended completed or failed with a message, and nothing is missing.
 * The client behaves as a well-made one would: an upload answered 503 (or not answered) is sent again
 * after the server's Retry-After, up to FAULT_CLIENT_RETRIES times (default 5; 0 reports first answers
 * only), so "no upload is lost" means every one of them ends stored and analysed.
 * Stops everything it started. Results go to docs/OPERATIONS.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPrivatePostgres, startPrivateRedis } from './private-services';

const target = process.argv[2];
if (target !== 'redis' && target !== 'postgres') {
  console.error('Usage: npx tsx scripts/faults/restart-under-load.ts redis|postgres');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const UPLOADS = Number(process.env.FAULT_UPLOADS ?? 90);
const DOWN_MS = Number(process.env.FAULT_DOWN_MS ?? 2_000);
const CLIENT_RETRIES = Number(process.env.FAULT_CLIENT_RETRIES ?? 5);
const PORT = Number(process.env.FAULT_SERVER_PORT ?? 3491);
const base = `http://127.0.0.1:${PORT}`;
const fixtures = ['policy-20-pages.pdf', 'contract.docx', 'controls.xlsx', 'contract.doc', 'contract.pdf'].map((name) => ({
  name,
  content: readFileSync(path.join(root, 'packages/documents/fixtures', name)),
}));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const children: ChildProcess[] = [];

function spawnApp(script: string, env: Record<string, string>, ready: (out: string) => boolean) {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise<{ child: ChildProcess; output: () => string }>((resolve, reject) => {
    const timer = setInterval(() => ready(output) && (clearInterval(timer), resolve({ child, output: () => output })), 100);
    child.on('exit', (code) => (clearInterval(timer), reject(new Error(`${script} exited (${code}):\n${output.slice(-2000)}`))));
  });
}

const pgServer = startPrivatePostgres(Number(process.env.FAULT_PG_PORT ?? 55491));
const redis = startPrivateRedis(Number(process.env.FAULT_REDIS_PORT ?? 63791), process.env.FAULT_REDIS_AOF !== '0');
const db = new pg.Pool({ connectionString: pgServer.url, max: 2 });
db.on('error', () => {});
try {
  const env = { DATABASE_URL: pgServer.url, REDIS_URL: redis.url, LOG_LEVEL: 'error', WORKER_METRICS_PORT: '0', WORKER_CONCURRENCY: '2', NODE_ENV: 'development', RATE_LIMIT_PER_USER: '0', RATE_LIMIT_PER_ADDRESS: '0' };
  const server = await spawnApp('apps/server/src/main.ts', { ...env, PORT: String(PORT), HOST: '127.0.0.1', WEB_DIST: '/nonexistent' }, (out) => out.includes('is running at'));
  const worker = await spawnApp('apps/worker/src/main.ts', env, (out) => out.includes('worker ready'));
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'analyst', password: process.env.DEMO_PASSWORD ?? 'ChangeMe-Demo-2026' }) });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('csrf_token='))!.slice('csrf_token='.length);
  const headers = { cookie: cookies.join('; '), 'x-csrf-token': csrf };
  const tenantId = (await db.query<{ id: string }>(`SELECT id FROM tenants WHERE name = 'Acme Hospitals'`)).rows[0]!.id;

  const outcomes = { accepted: [] as string[], refused: new Map<string, number>(), errors: 0, retried: 0, slowest: 0 };
  const refuse = (key: string) => outcomes.refused.set(key, (outcomes.refused.get(key) ?? 0) + 1);
  const upload = async (i: number, wait: boolean): Promise<number> => {
    const file = fixtures[i % fixtures.length]!;
    for (let attempt = 0; ; attempt++) {
      const form = new FormData();
      form.append('document_type', 'Policy');
      // A comment after the file's end makes each copy other bytes: the same file twice in a tenant is refused.
      form.append('file', new Blob([file.content, `\n% copy ${i}\n`]), `${i}-${file.name}`);
      const started = Date.now();
      let status = 0;
      let retryAfter = 1;
      try {
        const res = await fetch(`${base}/api/evidence/upload?wait=${wait}&tenant_id=${tenantId}`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(60_000) });
        const body = (await res.json()) as { document_id?: string; detail?: string };
        outcomes.slowest = Math.max(outcomes.slowest, Date.now() - started);
        status = res.status;
        retryAfter = Number(res.headers.get('retry-after') ?? 1) || 1;
        if (res.ok && body.document_id) {
          outcomes.accepted.push(body.document_id);
          return status;
        }
        refuse(`${res.status} ${body.detail}`);
      } catch {
        outcomes.errors += 1;
      }
      if ((status !== 503 && status !== 0) || attempt >= CLIENT_RETRIES) return status;
      outcomes.retried += 1;
      await sleep(retryAfter * 1000);
    }
  };
  let next = 0;
  let fault: Promise<void> | undefined;
  const health: string[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const status = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then((r) => String(r.status), () => 'no answer');
      if (health.at(-1) !== `readyz ${status}`) health.push(`readyz ${status}`);
      await sleep(250);
    }
  })();
  const lane = async () => {
    while (next < UPLOADS) {
      const i = next++;
      if (i === Math.floor(UPLOADS / 3)) {
        console.log(`upload ${i}: restarting ${target} (down ${DOWN_MS} ms)`);
        fault = target === 'redis' ? redis.restart(DOWN_MS) : pgServer.restart(DOWN_MS);
      }
      await upload(i, false);
      await sleep(100);
    }
  };
  const started = Date.now();
  await Promise.all([lane(), lane()]);
  await fault;
  sampling = false;
  await sampler;
  const uploadSeconds = (Date.now() - started) / 1000;

  const settleBy = Date.now() + 240_000;
  let byStatus: Record<string, number> = {};
  while (Date.now() < settleBy) {
    const rows = (await db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM jobs WHERE name = 'analyze-evidence' GROUP BY status`)).rows;
    byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    if (!byStatus.queued && !byStatus.running) break;
    await sleep(500);
  }
  const accepted = [...outcomes.accepted];
  const stored = (await db.query<{ id: string; status: string; error: string | null }>(
    `SELECT d.id, j.status, j.error FROM documents d JOIN jobs j ON j.payload->>'documentId' = d.id::text WHERE d.id = ANY($1::uuid[])`, [accepted],
  )).rows;
  const docs = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE kind = 'evidence' AND tenant_id = $1`, [tenantId])).rows[0]!.n;
  const failedMessages = [...new Set(stored.filter((r) => r.status !== 'completed').map((r) => `${r.status}: ${r.error}`))];
  const after = await upload(UPLOADS, true);
  const alive = [server.child, worker.child].every((c) => c.exitCode === null && c.signalCode === null);
  console.log(JSON.stringify({
    target, uploads: UPLOADS, redisAppendOnly: process.env.FAULT_REDIS_AOF !== '0', uploadSeconds,
    accepted: accepted.length, refusedAnswers: Object.fromEntries(outcomes.refused), networkErrors: outcomes.errors, clientRetries: outcomes.retried, slowestUploadMs: outcomes.slowest,
    acceptedFoundInDatabase: stored.length, evidenceDocumentsInTenant: docs, jobsByStatus: byStatus, notCompleted: failedMessages,
    uploadAfterFault: after, serverAndWorkerSameProcesses: alive, health,
  }, null, 2));
  // Every upload the client made must end stored (a refusal the client gave up on counts as lost).
  const lost = UPLOADS - stored.length;
  const unsettled = (byStatus.queued ?? 0) + (byStatus.running ?? 0);
  console.log(lost === 0 && unsettled === 0 && alive && after === 200 ? 'RESULT: recovered, nothing lost' : `RESULT: FAILED (lost ${lost}, unsettled ${unsettled}, alive ${alive}, upload after ${after})`);
  if (!alive) console.log(server.output().slice(-1500), worker.output().slice(-1500));
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await sleep(1_000);
  await db.end().catch(() => {});
  redis.stop();
  pgServer.stop();
}
