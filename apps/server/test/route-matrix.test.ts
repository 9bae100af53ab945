import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAiEngine } from '@compliance/ai/engine';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/env';
import { NO_DASHBOARD } from '../src/observability/queue-dashboard';
import { ROLES, type Role, type SignedRole, type World, buildWorld, everyName, expectAbsent, listRestProcedures } from './helpers/matrix-world';
import { type Caller, PROCEDURE_ROUTES, ROUTE_MATRIX, type RouteCall, type RouteRow, WEB_FILES, callRoute, concreteUrl, createWebDist, methodOf } from './helpers/matrix-routes';
import { type TestApp, api, createTestApp } from './helpers/test-app';

/**
 * The plain Fastify routes (everything that is not a procedure), called by every kind of caller, with a
 * cross-tenant and a cross-organization attempt each. The route list comes from Fastify itself (an
 * onRoute hook of buildApp): a new route without a row in helpers/matrix-routes.ts fails the first test.
 */
type Route = TestApp['routes'][number];

const SIGNED = ROLES.filter((r): r is SignedRole => r !== 'none');
const SCRAPE_TOKEN = 'matrix-scrape-token-0123456789';
const keyOf = (r: Route) => `${r.method} ${r.url}`;

let t: TestApp;
let world: World;
let webDist: string;
const tokens = {} as Record<SignedRole, string>;

beforeAll(async () => {
  webDist = createWebDist();
  t = await createTestApp({ webDist });
  world = await buildWorld(t);
  for (const role of SIGNED) {
    const res = await api(t.app, world.sessions[role], 'POST', '/api/auth/tokens', { name: 'route matrix' });
    tokens[role] = (res.json() as { token: string }).token;
  }
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const callerOf = (role: Role): Caller => (role === 'none' ? null : { session: world.sessions[role] });
/** Every id and name of the world except the caller's own. */
const hiddenFrom = (role: Role) => everyName(world).filter((token) => role === 'none' || !Object.values(world.users[role]).includes(token));

/** The row a registered route answers to: its own key, its `*` key, or (for Fastify's automatic HEAD) its GET's. */
function rowKeyOf(route: Route, routes: Route[]): string | undefined {
  const candidates = [keyOf(route), `* ${route.url}`];
  if (route.method === 'HEAD' && routes.some((r) => r.method === 'GET' && r.url === route.url)) candidates.push(`GET ${route.url}`);
  return candidates.find((key) => key in ROUTE_MATRIX);
}

const plainRoutes = () => t.routes.filter((r) => !PROCEDURE_ROUTES.has(r.url));

/** A refusal: a readable detail, none of the names the caller may not know, and nothing stored. */
async function expectRefusal(res: LightMyRequestResponse, call: RouteCall, hidden: string[]) {
  expect(typeof (res.json() as { detail?: unknown }).detail).toBe('string');
  expectAbsent(res, hidden);
  await call.unwritten?.();
}

describe('the route matrix covers every route Fastify registered', () => {
  it('every plain route has a row, and every row a registered route', () => {
    expect(plainRoutes().length).toBeGreaterThan(0);
    expect(plainRoutes().filter((r) => !rowKeyOf(r, t.routes)).map(keyOf)).toEqual([]);
    const used = new Set(plainRoutes().map((r) => rowKeyOf(r, t.routes)));
    expect(Object.keys(ROUTE_MATRIX).filter((key) => !used.has(key))).toEqual([]);
  });

  it('a row is public (one answer for everyone) or refuses the signed-out caller and both cross attempts', () => {
    for (const [key, row] of Object.entries(ROUTE_MATRIX)) {
      if (row.public) {
        expect(new Set([...Object.values(row.expect), row.crossTenant.status, row.crossOrg.status]), key).toEqual(new Set([200]));
      } else {
        expect(row.expect.none, key).toBeGreaterThanOrEqual(400);
        expect(Math.min(row.crossTenant.status, row.crossOrg.status), key).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('every non-public /api route is also called with API tokens', () => {
    expect(Object.entries(ROUTE_MATRIX).filter(([key, row]) => !row.public && key.includes(' /api/') && !row.tokens).map(([key]) => key)).toEqual([]);
  });

  it('the procedure routes carry every REST procedure, and no plain route shadows one', () => {
    for (const url of PROCEDURE_ROUTES) expect(t.routes.some((r) => r.url === url), url).toBe(true);
    for (const p of listRestProcedures()) {
      const url = `/api${p.openapi!.path.replace(/\{\w+\}/g, randomUUID())}`;
      const found = t.app.findRoute({ method: p.openapi!.method, url });
      expect(found?.params, `${p.openapi!.method} ${url} (${p.name})`).toEqual({ '*': url.slice('/api/'.length) });
    }
  });
});

describe.each(Object.entries(ROUTE_MATRIX))('%s', (key, row: RouteRow) => {
  it.each(ROLES)('as %s', async (role) => {
    const call = await row.call(world, role);
    const method = methodOf(key, call);
    const res = await callRoute(t.app, method, callerOf(role), call);
    const expected = row.expect[role];
    expect(res.statusCode, `${method} ${call.url} as ${role}: ${res.body.slice(0, 300)}`).toBe(expected);
    if (expected < 400) {
      if (row.public) expectAbsent(res, everyName(world));
      return;
    }
    await expectRefusal(res, call, hiddenFrom(role));
    if (expected === 401) expect(res.json().detail).toBe('Not authenticated. Please log in.');
    if (method === 'GET') expect((await callRoute(t.app, 'HEAD', callerOf(role), call)).statusCode, 'HEAD answers like GET').toBe(expected);
  });

  it.each([
    ['cross-tenant: a user of tenant A1 learns and changes nothing of tenant A2', 'crossTenant', 'tenant'],
    ['cross-organization: a user of organization A learns and changes nothing of organization B', 'crossOrg', 'org'],
  ] as const)('%s', async (_title, attempt, side) => {
    const cross = row[attempt];
    const call = await cross.call(world);
    const res = await callRoute(t.app, methodOf(key, call), callerOf(cross.as), call);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(cross.status);
    expectAbsent(res, world.foreign[side]);
    if (res.statusCode >= 400) await expectRefusal(res, call, world.foreign[side]);
  });
});

describe.each(Object.entries(ROUTE_MATRIX).filter(([, row]) => row.tokens))('%s with API tokens (Bearer, no CSRF)', (key, row: RouteRow) => {
  it('each signed-in role gets with its token what it gets with its session', async () => {
    for (const role of SIGNED) {
      const call = await row.call(world, role);
      const res = await callRoute(t.app, methodOf(key, call), { token: tokens[role] }, call);
      expect(res.statusCode, `${role}: ${res.body.slice(0, 300)}`).toBe(row.expect[role]);
      if (res.statusCode >= 400) await expectRefusal(res, call, hiddenFrom(role));
    }
  });

  it('the cross-tenant and cross-organization attempts are refused with a token as with a session', async () => {
    for (const [cross, foreign] of [[row.crossTenant, world.foreign.tenant], [row.crossOrg, world.foreign.org]] as const) {
      const call = await cross.call(world);
      const res = await callRoute(t.app, methodOf(key, call), { token: tokens[cross.as] }, call);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(cross.status);
      await expectRefusal(res, call, foreign);
    }
  });
});

describe('the web app', () => {
  it("serves the page for client-side routes to anyone, and never for /api or /trpc paths", async () => {
    for (const role of ROLES) {
      const page = await callRoute(t.app, 'GET', callerOf(role), { url: '/reports/gap-analysis' });
      expect(page.statusCode, role).toBe(200);
      expect(page.body).toBe(WEB_FILES['index.html']);
    }
    for (const url of ['/api/no-such-route', '/trpc/noSuchProcedure']) {
      const res = await callRoute(t.app, 'GET', callerOf('productAdmin'), { url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(WEB_FILES['index.html']);
    }
  });

  it('answers the embedded dashboard routes with the clear no-dashboard detail', async () => {
    const res = await callRoute(t.app, 'GET', callerOf('productAdmin'), { url: '/admin/queues/api/queues' });
    expect(res.json()).toMatchObject({ detail: NO_DASHBOARD });
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp({ metricsToken: SCRAPE_TOKEN, webDist });
  });
  afterAll(async () => guarded.close());

  it('refuses every session and every API token, even a product admin, and serves the scrape token', async () => {
    const callers: [string, Caller][] = [...ROLES.map((role) => [role, callerOf(role)] as [string, Caller]), ...SIGNED.map((role) => [`${role} token`, { token: tokens[role] }] as [string, Caller])];
    for (const [who, caller] of callers) {
      const res = await callRoute(guarded.app, 'GET', caller, { url: '/metrics' });
      expect(res.statusCode, who).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_request');
      expectAbsent(res, everyName(world));
    }
    const scrape = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${SCRAPE_TOKEN}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toContain('http_request');
  });
});

describe.runIf(process.env.REDIS_URL)('the queue dashboard on BullMQ (REDIS_URL): bull-board routes', () => {
  let dash: { app: Awaited<ReturnType<typeof buildApp>>; queue: BullMqQueue; routes: Route[]; close: () => Promise<void> };
  beforeAll(async () => {
    const handle = await openTestDatabase(inject('databaseUrl'));
    const queue = new BullMqQueue(process.env.REDIS_URL!, `route-matrix-${randomBytes(4).toString('hex')}`);
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: webDist, REDIS_URL: process.env.REDIS_URL });
    const routes: Route[] = [];
    const app = await buildApp({
      deps: { db: handle.db, config, queue, engine: createAiEngine({ provider: 'local' }), jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) },
      databaseKind: handle.kind,
      logger: false,
      onRoute: (route) => [route.method].flat().forEach((method) => routes.push({ method, url: route.url })),
    });
    await app.ready();
    dash = { app, queue, routes, close: async () => (await app.close(), await queue.close(), await handle.close()) };
  });
  afterAll(async () => dash.close());

  const board = () => dash.routes.filter((r) => r.url.startsWith('/admin/queues') && !(r.method === 'HEAD' && dash.routes.some((g) => g.method === 'GET' && g.url === r.url)));

  it('differ from the embedded app only under /admin/queues, so the matrix above covers the rest', () => {
    const outside = (routes: Route[]) => routes.filter((r) => !r.url.startsWith('/admin/queues')).map(keyOf).sort();
    expect(outside(dash.routes)).toEqual(outside(t.routes));
    expect(board().length).toBeGreaterThan(10);
  });

  it('refuse every caller but a product admin: 403 signed in, 401 signed out or with an API token', async () => {
    for (const route of board()) {
      const call = { url: concreteUrl(route.url), headers: { host: 'app.test', origin: 'http://app.test' } };
      for (const role of ROLES.filter((r) => r !== 'productAdmin')) {
        const res = await callRoute(dash.app, route.method, callerOf(role), call);
        expect(res.statusCode, `${keyOf(route)} as ${role}`).toBe(role === 'none' ? 401 : 403);
        await expectRefusal(res, call, hiddenFrom(role));
      }
      const res = await callRoute(dash.app, route.method, { token: tokens.productAdmin }, call);
      expect(res.statusCode, `${keyOf(route)} with the product admin's API token`).toBe(401);
    }
    expect(await dash.queue.bullQueue.isPaused()).toBe(false);
  });

  it("open their reads to a product admin and refuse the board's actions from another origin", async () => {
    for (const route of board()) {
      const res = await callRoute(dash.app, route.method, callerOf('productAdmin'), { url: concreteUrl(route.url), headers: { 'sec-fetch-site': 'cross-site' } });
      if (route.method === 'GET') expect([401, 403], `${keyOf(route)}: ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
      else expect(res.json(), keyOf(route)).toMatchObject({ detail: 'Cross-site request refused' });
    }
    expect(await dash.queue.bullQueue.isPaused()).toBe(false);
    expect(Object.values(await dash.queue.bullQueue.getJobCounts()).every((n) => n === 0)).toBe(true);
  });
});
