import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAiEngine } from '@compliance/ai/engine';
import type { DatabaseHandle } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import type { Caller } from '@compliance/domain/access/caller';
import { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import type { JobProcessors } from '@compliance/domain/jobs/job-runner';
import { createJob, waitForJob } from '@compliance/domain/jobs/job-service';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/env';
import { createServerMetrics } from '../src/observability/metrics';
import { createCallerInNewOrganization } from './helpers/factories';
import { randomIp } from './helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let handle: DatabaseHandle;
let changes: JobChanges;
let tenantId: string;
let organizationId: string;
let caller: Caller;

/** Processors whose behaviour is chosen by the document id; the 'hold' job signals `entered` and waits for `release`. */
let release: () => void = () => {};
let entered: Promise<void> = Promise.resolve();
let enter: () => void = () => {};
const holdNext = () => (entered = new Promise<void>((resolve) => (enter = resolve)));
const gate = () => new Promise<void>((resolve) => ((release = resolve), enter()));
const DOCS = { ok: '00000000-0000-4000-8000-00000000000a', bad: '00000000-0000-4000-8000-00000000000b', hold: '00000000-0000-4000-8000-00000000000c' };
const processors: JobProcessors = {
  'analyze-contract': async (payload, ctx) => {
    await ctx.progress('Analyzing with AI batch 1/3', 40);
    if (payload.documentId === DOCS.bad) throw Object.assign(new Error('This PDF has no extractable text.'), { name: 'DocumentError' });
    if (payload.documentId === DOCS.hold) await gate();
    return { result: { ok: true } };
  },
  'analyze-evidence': async () => ({ result: {} }),
  'generate-policy': async () => ({ result: {} }),
};

function createContractJob(documentId: string) {
  return withScope(handle.db, SYSTEM_SCOPE, (tx) => createJob(tx, { tenantId, organizationId, name: 'analyze-contract', payload: { documentId, tenantId }, createdBy: null }));
}

/** The real app with its metrics wired into an in-process queue of the test processors, logging JSON into `lines`. */
async function observedApp(overrides: Partial<ReturnType<typeof loadConfig>> = {}) {
  const config = { ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), logLevel: 'info', ...overrides };
  const metrics = createServerMetrics();
  const queue = new InProcessQueue(handle.db, processors, 1, metrics.jobObserver);
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({ deps: { db: handle.db, config, queue, engine: createAiEngine({ provider: 'local' }), jobChanges: changes, reports: new ReportCache(handle.listen) }, databaseKind: handle.kind, metrics, logStream });
  await app.ready();
  return { app, queue, lines, close: async () => (await app.close(), await queue.close()) };
}

const scrape = async (app: FastifyInstance, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/metrics', headers });

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  changes = new JobChanges(handle.listen);
  ({ organizationId, tenantId, caller } = await createCallerInNewOrganization(handle.db));
});
afterAll(async () => handle.close());

describe('/metrics', () => {
  it('reports request durations by route pattern and tRPC procedure, never by raw URL', async () => {
    const t = await observedApp();
    try {
      const id = randomUUID();
      for (const url of [`/api/requirements/${id}`, `/api/users/${id}/permissions`, '/api/auth/me', '/trpc/auth.me', '/trpc/no.such,thing', `/nowhere/${id}`]) {
        await t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });
      }
      const res = await scrape(t.app);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/requirements\/:id",status_code="401"\}/);
      expect(text).toContain('route="/api/users/:id/permissions"');
      expect(text).toContain('route="/api/auth/me"');
      expect(text).toContain('route="/trpc/auth.me"');
      expect(text).toContain('route="/trpc/:path"');
      expect(text).toContain('route="unmatched",status_code="404"');
      expect(text).not.toContain(id);
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    } finally {
      await t.close();
    }
  });

  it('is open without METRICS_TOKEN and needs the bearer token when it is set', async () => {
    const t = await observedApp({ metricsToken: 'scrape-secret-1234' });
    try {
      const none = await scrape(t.app);
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toContain('Bearer');
      expect(none.body).not.toContain('http_request_duration_seconds');
      expect((await scrape(t.app, { authorization: 'Bearer wrong' })).statusCode).toBe(401);
      expect((await scrape(t.app, { authorization: 'scrape-secret-1234' })).statusCode).toBe(401);
      const ok = await scrape(t.app, { authorization: 'Bearer scrape-secret-1234' });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });

  it('records job durations and failures by stage after jobs run through the in-process queue', async () => {
    const o = await observedApp();
    try {
      const [ok, bad] = [await createContractJob(DOCS.ok), await createContractJob(DOCS.bad)];
      for (const id of [ok, bad]) await o.queue.enqueue('analyze-contract', id);
      const states = await Promise.all([ok, bad].map((id) => waitForJob(handle.db, changes, caller, tenantId, id, 10_000)));
      expect(states.map((s) => s.status)).toEqual(['completed', 'failed']);
      const text = (await scrape(o.app)).body;
      expect(text).toMatch(/compliance_job_duration_seconds_count\{name="analyze-contract",outcome="completed"\} 1/);
      expect(text).toMatch(/compliance_job_duration_seconds_count\{name="analyze-contract",outcome="failed"\} 1/);
      expect(text).toMatch(/compliance_job_failures_total\{name="analyze-contract",stage="Analyzing with AI batch N\/N"\} 1/);
    } finally {
      await o.close();
    }
  });

  it('reads queue depth from the in-process queue and job counts from PostgreSQL on each scrape', async () => {
    const o = await observedApp();
    try {
      const [held, waiting] = [await createContractJob(DOCS.hold), await createContractJob(DOCS.ok)];
      holdNext();
      await o.queue.enqueue('analyze-contract', held);
      await o.queue.enqueue('analyze-contract', waiting);
      await entered;
      const during = (await scrape(o.app)).body;
      expect(during).toContain('compliance_queue_jobs{driver="in-process",state="active"} 1');
      expect(during).toContain('compliance_queue_jobs{driver="in-process",state="waiting"} 1');
      expect(during).toContain('compliance_queue_jobs{driver="in-process",state="delayed"} 0');
      expect(during).toMatch(/compliance_jobs\{status="running"\} [1-9]/);
      expect(during).toMatch(/compliance_jobs\{status="queued"\} [1-9]/);
      release();
      await Promise.all([held, waiting].map((id) => waitForJob(handle.db, changes, caller, tenantId, id, 10_000)));
      const after = (await scrape(o.app)).body;
      expect(after).toContain('compliance_queue_jobs{driver="in-process",state="active"} 0');
      expect(after).toContain('compliance_queue_jobs{driver="in-process",state="waiting"} 0');
      expect(after).toMatch(/compliance_jobs\{status="completed"\} [1-9]/);
    } finally {
      release();
      await o.close();
    }
  });
});

describe('request ids and JSON logs', () => {
  it('echoes a safe incoming x-request-id and generates a UUID otherwise, on success and error answers', async () => {
    const t = await observedApp();
    try {
      const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'edge-42.abc_DEF:1' } });
      expect(given.headers['x-request-id']).toBe('edge-42.abc_DEF:1');
      const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(fresh.headers['x-request-id']).toMatch(UUID);
      const unsafe = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-request-id': 'bad id\u0001<script>' } });
      expect(unsafe.statusCode).toBe(401);
      expect(unsafe.headers['x-request-id']).toMatch(UUID);
      const long = await t.app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'x'.repeat(200) } });
      expect(long.statusCode).toBe(404);
      expect(long.headers['x-request-id']).toMatch(UUID);
    } finally {
      await t.close();
    }
  });

  it('writes JSON lines carrying the request id, with authorization, cookies and query strings left out', async () => {
    const o = await observedApp();
    try {
      const res = await o.app.inject({
        method: 'GET',
        url: '/api/auth/me?question=confidential-text',
        headers: { authorization: 'Bearer tok-secret-5678', cookie: 'session=cookie-secret-9012; csrf_token=csrf-secret-3456', 'x-csrf-token': 'csrf-secret-3456' },
      });
      expect(res.statusCode).toBe(401);
      const entries = o.lines.map((line) => JSON.parse(line) as Record<string, any>);
      const mine = entries.filter((entry) => entry.reqId === res.headers['x-request-id']);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      const incoming = mine.find((entry) => entry.req)!;
      expect(incoming.req.headers.authorization).toBe('[redacted]');
      expect(incoming.req.headers.cookie).toBe('[redacted]');
      expect(incoming.req.url).toBe('/api/auth/me');
      expect(mine.find((entry) => entry.res)!.res.statusCode).toBe(401);
      // Sent once: the REST bridge's reply is not followed by a second, empty send.
      expect(mine.filter((entry) => entry.level >= 50 || entry.err?.code === 'FST_ERR_REP_ALREADY_SENT')).toEqual([]);
      const all = o.lines.join('\n');
      for (const secret of ['tok-secret-5678', 'cookie-secret-9012', 'csrf-secret-3456', 'confidential-text']) expect(all).not.toContain(secret);
    } finally {
      await o.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL)('/metrics with BullMQ', () => {
  it('reads queue depth from BullMQ when the server only enqueues', async () => {
    const queue = new BullMqQueue(process.env.REDIS_URL!, `metrics-${randomUUID().slice(0, 8)}`);
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', REDIS_URL: process.env.REDIS_URL });
    const app = await buildApp({ deps: { db: handle.db, config, queue, engine: createAiEngine({ provider: 'local' }), jobChanges: changes, reports: new ReportCache(handle.listen) }, databaseKind: handle.kind, logger: false });
    try {
      const id = await createContractJob(DOCS.ok);
      await queue.enqueue('analyze-contract', id);
      const text = (await scrape(app)).body;
      expect(text).toContain('compliance_queue_jobs{driver="bullmq",state="waiting"} 1');
      expect(text).toContain('compliance_queue_jobs{driver="bullmq",state="active"} 0');
      expect(text).toContain('compliance_queue_jobs{driver="bullmq",state="failed"} 0');
      expect(text).toMatch(/compliance_jobs\{status="queued"\} [1-9]/);
    } finally {
      await app.close();
      await queue.bullQueue.obliterate({ force: true });
      await queue.close();
    }
  });
});
