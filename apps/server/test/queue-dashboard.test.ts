import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAiEngine } from '@compliance/ai/engine';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/env';
import { NO_DASHBOARD } from '../src/observability/queue-dashboard';
import { PASSWORD, createOrganization, createUser } from './helpers/factories';
import { type Session, type TestApp, createTestApp, login } from './helpers/test-app';

const redisUrl = process.env.REDIS_URL;
const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('queue dashboard without Redis', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t.close());

  it('answers 404 with a clear message: the in-process queue has no dashboard', async () => {
    for (const url of ['/admin/queues', '/admin/queues/api/queues']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: NO_DASHBOARD });
    }
  });
});

describe.runIf(redisUrl)('queue dashboard (bull-board) on BullMQ', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  const sessions = {} as Record<'productAdmin' | 'admin' | 'editor' | 'manager', Session>;

  beforeAll(async () => {
    const handle = await openTestDatabase(inject('databaseUrl'));
    const queue = new BullMqQueue(redisUrl!, `dash-${randomBytes(4).toString('hex')}`);
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', REDIS_URL: redisUrl });
    app = await buildApp({ deps: { db: handle.db, config, queue, engine: createAiEngine({ provider: 'local' }), jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) }, databaseKind: handle.kind, logger: false });
    await app.ready();
    close = async () => (await app.close(), await queue.close(), await handle.close());
    const org = await createOrganization(handle.db, 1);
    const users = {
      productAdmin: await createUser(handle.db, { productAdmin: true }),
      manager: await createUser(handle.db, { manages: [org.id] }),
      admin: await createUser(handle.db, { role: 'Admin', memberOf: [org.id] }),
      editor: await createUser(handle.db, { role: 'Editor', tenants: org.tenants }),
    };
    for (const [role, user] of Object.entries(users)) sessions[role as keyof typeof sessions] = await login(app, user.username, PASSWORD);
  });
  afterAll(async () => close());

  it('serves the board and its API to a product admin', async () => {
    const page = await app.inject({ method: 'GET', url: '/admin/queues', headers: { ...HTML, cookie: sessions.productAdmin.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<base href="/admin/queues/"');
    const api = await app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { cookie: sessions.productAdmin.cookie } });
    expect(api.statusCode).toBe(200);
    expect(api.json().queues.map((q: { name: string }) => q.name)).toContain('analysis');
    const asset = page.body.match(/src="(static\/js\/main[^"]+)"/)![1];
    const script = await app.inject({ method: 'GET', url: `/admin/queues/${asset}`, headers: { cookie: sessions.productAdmin.cookie } });
    expect(script.statusCode).toBe(200);
  });

  it('refuses organization managers, Admins, Editors (403) and anonymous callers (login redirect or 401)', async () => {
    for (const role of ['manager', 'admin', 'editor'] as const) {
      for (const url of ['/admin/queues', '/admin/queues/api/queues']) {
        const res = await app.inject({ method: 'GET', url, headers: { ...HTML, cookie: sessions[role].cookie } });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.body).not.toContain('analysis');
      }
    }
    const page = await app.inject({ method: 'GET', url: '/admin/queues', headers: HTML });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/login');
    const api = await app.inject({ method: 'GET', url: '/admin/queues/api/queues' });
    expect(api.statusCode).toBe(401);
    const action = await app.inject({ method: 'PUT', url: '/admin/queues/api/queues/analysis/retry/failed', headers: { host: 'app.test', origin: 'http://app.test' } });
    expect(action.statusCode).toBe(401);
  });

  it('lets its actions (retry, clean) through only for a product admin from the same origin', async () => {
    const url = '/admin/queues/api/queues/analysis/retry/failed';
    const admin = { cookie: sessions.productAdmin.cookie, host: 'app.test' };
    expect((await app.inject({ method: 'PUT', url, headers: admin })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url, headers: { ...admin, origin: 'https://evil.test' } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url, headers: { ...admin, origin: 'http://app.test', 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url, headers: { cookie: sessions.editor.cookie, host: 'app.test', origin: 'http://app.test' } })).statusCode).toBe(403);
    const same = await app.inject({ method: 'PUT', url, headers: { ...admin, origin: 'http://app.test', 'sec-fetch-site': 'same-origin' } });
    expect(same.statusCode).toBe(200);
  });
});
