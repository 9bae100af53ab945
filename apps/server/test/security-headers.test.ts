import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createUser } from './helpers/factories';
import { type TestApp, api, createTestApp, login } from './helpers/test-app';

/** HSTS over HTTPS, and API answers that no browser or proxy keeps. */
let plain: TestApp;
let https: TestApp;

beforeAll(async () => {
  plain = await createTestApp();
  https = await createTestApp({ secureCookies: true });
});
afterAll(async () => {
  await plain.close();
  await https.close();
});

describe('security headers', () => {
  it('sends HSTS when the site is served over HTTPS, and not on plain HTTP (a developer machine)', async () => {
    expect((await https.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await plain.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('marks authenticated API answers, including the one carrying a new token secret, no-store', async () => {
    const user = await createUser(plain.handle.db);
    const session = await login(plain.app, user.username, PASSWORD);
    const me = await api(plain.app, session, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const token = await api(plain.app, session, 'POST', '/api/auth/tokens', { name: 'ci' });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const trpc = await plain.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: session.cookie } });
    expect(trpc.headers['cache-control']).toBe('no-store');
  });

  it('lets the browser load images from this site and data: URLs only (no remote image in rendered Markdown or logos)', async () => {
    const csp = (await plain.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'] as string;
    expect(csp.split('; ')).toContain("img-src 'self' data:");
    expect(csp).not.toMatch(/img-src[^;]*(https?:|\*)/);
    expect(csp.split('; ')).toContain("default-src 'self'");
  });

  it('answers JSON with its charset and as an attachment, names no server software, and sends the framing and sniffing headers', async () => {
    const me = await plain.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(me.headers['content-disposition']).toBe('attachment; filename="api.json"');
    const trpc = await plain.app.inject({ method: 'GET', url: '/trpc/auth.me' });
    expect(trpc.headers['content-disposition']).toBe('attachment; filename="api.json"');
    for (const res of [me, trpc, await plain.app.inject({ method: 'GET', url: '/healthz' })]) {
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers.server).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    // The Swagger page stays a page.
    expect((await plain.app.inject({ method: 'GET', url: '/api/docs' })).headers['content-disposition']).toBeUndefined();
  });

  it('grants no cross-origin access and refuses methods the API does not use', async () => {
    const preflight = await plain.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    for (const method of ['TRACE', 'PUT', 'DELETE'] as const) {
      // The injector's method type leaves TRACE out; the request still reaches the server as sent.
      const res = await plain.app.inject({ method: method as 'PUT', url: '/api/auth/me' });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, method).toBeLessThan(500);
    }
  });
});
