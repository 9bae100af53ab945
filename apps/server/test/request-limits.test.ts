import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH } from '@compliance/contracts/common';
import { batchTooLarge } from '../src/http/request-limits';
import { PASSWORD, createUser } from './helpers/factories';
import { bearer } from './helpers/mfa';
import { type Session, type TestApp, api, createTestApp, expectError, login, randomIp } from './helpers/test-app';

/**
 * ASVS V11.1.4 / V13.2: per-user and per-address request limits (@fastify/rate-limit), 429 with
 * Retry-After and a readable detail, counted in Redis when REDIS_URL is set; and tRPC batches of at
 * most TRPC_MAX_BATCH calls.
 */
const redisUrl = process.env.REDIS_URL;
const limits = (perUser: number, perAddress: number) => ({ rateLimit: { perUser, perAddress, windowSeconds: 60 } });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(limits(5, 8));
});
afterAll(async () => t.close());

const me = (session: Session | null, ip = randomIp()) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: ip, headers: session ? { cookie: session.cookie } : {} });

function expectLimited(res: Awaited<ReturnType<typeof me>>) {
  expectError(res, 429, /^Too many requests\. Please wait \d+ seconds and try again\.$/);
  expect(res.json().code).toBe('TOO_MANY_REQUESTS');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('the per-address limit', () => {
  it('answers 429 with Retry-After past the limit, for that address only, signed in or not', async () => {
    const ip = randomIp();
    for (let i = 0; i < 8; i++) expect((await me(null, ip)).statusCode).toBe(401);
    expectLimited(await me(null, ip));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x', password: 'y' }, remoteAddress: ip })).statusCode).toBe(429);
    expect((await me(null)).statusCode).toBe(401);
  });

  it('leaves health checks and the web files alone', async () => {
    const ip = randomIp();
    for (let i = 0; i < 12; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: ip })).statusCode).toBe(200);
  });
});

describe('the per-user limit', () => {
  it('follows the user across addresses, and other users are not held back', async () => {
    const session = await login(t.app, (await createUser(t.handle.db)).username, PASSWORD);
    for (let i = 0; i < 5; i++) expect((await me(session)).statusCode).toBe(200);
    expectLimited(await me(session));
    const other = await login(t.app, (await createUser(t.handle.db)).username, PASSWORD);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("counts the user's API tokens and sessions together", async () => {
    const session = await login(t.app, (await createUser(t.handle.db)).username, PASSWORD);
    const { token } = (await api(t.app, session, 'POST', '/api/auth/tokens', { name: 'ci' })).json() as { token: string };
    for (let i = 0; i < 4; i++) expect((await bearer(t.app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expectLimited(await bearer(t.app, token, 'GET', '/api/auth/me'));
    expectLimited(await me(session));
  });

  it('answers /trpc calls in the envelope the tRPC client reads', async () => {
    const session = await login(t.app, (await createUser(t.handle.db)).username, PASSWORD);
    for (let i = 0; i < 5; i++) await me(session);
    const res = await t.app.inject({ method: 'GET', url: '/trpc/auth.me,users.list?batch=1&input={}', headers: { cookie: session.cookie }, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    const body = res.json() as { error: { data: { code: string; detail: string } } }[];
    expect(body).toHaveLength(2);
    expect(body[0]!.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', detail: expect.stringMatching(/^Too many requests/) });
  });
});

describe('tRPC batches', () => {
  let roomy: TestApp;
  let session: Session;
  beforeAll(async () => {
    roomy = await createTestApp();
    session = await login(roomy.app, (await createUser(roomy.handle.db)).username, PASSWORD);
  });
  afterAll(async () => roomy.close());

  const batch = (calls: number, method: 'GET' | 'POST' = 'GET') => {
    const paths = Array.from({ length: calls }, () => 'auth.me').join(',');
    return roomy.app.inject({
      method,
      url: `/trpc/${paths}?batch=1`,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
      payload: method === 'POST' ? '{}' : undefined,
      remoteAddress: randomIp(),
    });
  };

  it(`carry up to ${TRPC_MAX_BATCH} calls`, async () => {
    const res = await batch(TRPC_MAX_BATCH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(TRPC_MAX_BATCH);
  });

  it('are refused whole past that, 400 with a clear detail, before any call runs', async () => {
    for (const [calls, method] of [[TRPC_MAX_BATCH + 1, 'GET'], [150, 'GET'], [30, 'POST']] as const) {
      const res = await batch(calls, method);
      expect(res.statusCode).toBe(400);
      const body = res.json() as { error: { message: string; data: { code: string; detail: string } } }[];
      expect(body[0]!.error.data).toEqual({ code: 'BAD_REQUEST', httpStatus: 400, detail: batchTooLarge(calls) });
      expect(body[0]!.error.message).toBe(`A batch may carry at most 10 calls; this one carried ${calls}. Send the others in another request.`);
    }
    const encoded = await roomy.app.inject({ method: 'GET', url: `/trpc/${Array(11).fill('auth.me').join('%2C')}?batch=1`, headers: { cookie: session.cookie }, remoteAddress: randomIp() });
    expect(encoded.statusCode).toBe(400);
  });
});

describe('with a Redis that cannot be reached', () => {
  it('lets requests through at once rather than refusing or holding them', async () => {
    const cut = await createTestApp({ ...limits(2, 2), redisUrl: 'redis://127.0.0.1:1', queuePrefix: `rate-${randomUUID()}` });
    try {
      const ip = randomIp();
      const started = Date.now();
      for (let i = 0; i < 5; i++) expect((await cut.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: ip })).statusCode).toBe(401);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await cut.close();
    }
  });
});

describe.runIf(redisUrl)('with REDIS_URL', () => {
  it('shares the counts between server instances', async () => {
    const shared = { ...limits(100, 6), redisUrl, queuePrefix: `rate-${randomUUID()}` };
    const one = await createTestApp(shared);
    const two = await createTestApp(shared);
    try {
      const ip = randomIp();
      for (let i = 0; i < 3; i++) {
        expect((await one.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: ip })).statusCode).toBe(401);
        expect((await two.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: ip })).statusCode).toBe(401);
      }
      const res = await one.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: ip });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
