import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, attemptLogin, createTestApp, expectError, login, randomIp } from './helpers/test-app';
import { PASSWORD, createOrganization, createUser, unique } from './helpers/factories';
import { auditEntriesOf, countOrganizationsNamed } from './helpers/db-probe';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/auth/login', () => {
  it('answers the user and sets an httpOnly session cookie that lives as long as the browser', async () => {
    const org = await createOrganization(t.handle.db, 1);
    const user = await createUser(t.handle.db, { role: 'Editor', tenants: org.tenants });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: PASSWORD }, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: user.username, role: 'Editor', is_active: true });
    expect(res.json().user.password_hash).toBeUndefined();
    const session = res.cookies.find((c) => c.name === 'session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.expires).toBeUndefined();
  });

  it('with remember_me sets a persistent cookie of 30 days', async () => {
    const user = await createUser(t.handle.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: PASSWORD, remember_me: true }, remoteAddress: randomIp() });
    const session = res.cookies.find((c) => c.name === 'session')!;
    const days = (new Date(session.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('refuses a wrong password with 401 and a detail', async () => {
    const user = await createUser(t.handle.db);
    const res = await attemptLogin(t.app, user.username, 'wrong-password', randomIp());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid username or password', code: 'UNAUTHORIZED' });
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('accepts the username in any letter case', async () => {
    const user = await createUser(t.handle.db);
    const res = await attemptLogin(t.app, user.username.toUpperCase(), PASSWORD, randomIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(user.username);
  });

  it('refuses an empty body with a 400 detail, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Please enter username and password');
  });

  it('refuses a deactivated user with 401 and says the account is deactivated', async () => {
    const user = await createUser(t.handle.db, { active: false });
    const res = await attemptLogin(t.app, user.username, PASSWORD, randomIp());
    expectError(res, 401, 'This account is deactivated. Contact your administrator.');
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
    const entries = await auditEntriesOf(t.handle.db, user.username);
    expect(entries.map((e) => e.action)).toEqual(['login_failed']);
  });

  it('refuses a login whose Origin is another site with 403 and writes no session', async () => {
    const user = await createUser(t.handle.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: user.username, password: PASSWORD },
      remoteAddress: randomIp(),
    });
    expectError(res, 403, 'Cross-site request refused');
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
    expect(await auditEntriesOf(t.handle.db, user.username)).toEqual([]);
  });

  it('accepts a login whose Origin is this site', async () => {
    const user = await createUser(t.handle.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { username: user.username, password: PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 with no session and with an unknown session token', async () => {
    expectError(await api(t.app, null, 'GET', '/api/auth/me'), 401, 'Not authenticated. Please log in.');
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'session=forged-token' } });
    expectError(res, 401);
  });
});

describe('POST /api/auth/logout', () => {
  it("with the spec's {username} body ends the session on the server and writes a logout entry", async () => {
    const user = await createUser(t.handle.db);
    const session = await login(t.app, user.username, PASSWORD);
    const me = await api(t.app, session, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe(user.username);
    const out = await api(t.app, session, 'POST', '/api/auth/logout', { username: user.username });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Logged out' });
    expect(out.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expectError(await api(t.app, session, 'GET', '/api/auth/me'), 401);
    expect((await auditEntriesOf(t.handle.db, user.username)).map((e) => e.action)).toEqual(['login', 'logout']);
  });

  it('with no body and no content-type also ends the session', async () => {
    const user = await createUser(t.handle.db);
    const session = await login(t.app, user.username, PASSWORD);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
    expect(out.statusCode).toBe(200);
    expectError(await api(t.app, session, 'GET', '/api/auth/me'), 401);
  });

  it('ends only the calling session, whatever username the body names', async () => {
    const [a, b] = [await createUser(t.handle.db), await createUser(t.handle.db)];
    const [sa, sb] = [await login(t.app, a.username, PASSWORD), await login(t.app, b.username, PASSWORD)];
    expect((await api(t.app, sa, 'POST', '/api/auth/logout', { username: b.username })).statusCode).toBe(200);
    expect((await api(t.app, sb, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expectError(await api(t.app, sa, 'GET', '/api/auth/me'), 401);
  });

  it('without a session answers 401', async () => {
    expectError(await api(t.app, null, 'POST', '/api/auth/logout', { username: 'nobody' }), 401);
  });
});

describe('CSRF protection of cookie-authenticated mutations', () => {
  let session: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    const admin = await createUser(t.handle.db, { productAdmin: true });
    session = await login(t.app, admin.username, PASSWORD);
  });

  const createOrg = (headers: Record<string, string>, name: string) =>
    t.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: session.cookie, ...headers }, payload: { name } });

  it('refuses a mutation without the x-csrf-token header with 403 and writes nothing', async () => {
    const name = unique('NoCsrf');
    expectError(await createOrg({}, name), 403, 'Missing or invalid CSRF token. Reload the page and try again.');
    expect(await countOrganizationsNamed(t.handle.db, name)).toBe(0);
  });

  it('refuses a mutation with a wrong x-csrf-token with 403 and writes nothing', async () => {
    const name = unique('BadCsrf');
    expectError(await createOrg({ 'x-csrf-token': `${session.csrf}x` }, name), 403, /CSRF/);
    expect(await countOrganizationsNamed(t.handle.db, name)).toBe(0);
  });

  it('refuses a logout without the token and keeps the session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session.cookie }, payload: {} });
    expectError(res, 403, /CSRF/);
    expect((await api(t.app, session, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses a mutation from another origin even with the right token', async () => {
    const name = unique('XOrigin');
    expectError(await createOrg({ 'x-csrf-token': session.csrf, origin: 'https://evil.example' }, name), 403, 'Cross-site request refused');
    expect(await countOrganizationsNamed(t.handle.db, name)).toBe(0);
  });

  it('accepts the mutation with the right token, and reads need no token', async () => {
    const name = unique('WithCsrf');
    expect((await createOrg({ 'x-csrf-token': session.csrf }, name)).statusCode).toBe(200);
    expect(await countOrganizationsNamed(t.handle.db, name)).toBe(1);
    const read = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie: session.cookie } });
    expect(read.statusCode).toBe(200);
  });
});
