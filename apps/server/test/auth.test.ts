import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, createTestApp, login } from './helpers/test-app';
import { PASSWORD, createOrganization, createUser } from './helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/auth/login', () => {
  it('answers the user and sets an httpOnly session cookie that lives as long as the browser', async () => {
    const org = await createOrganization(t.handle.db, 1);
    const user = await createUser(t.handle.db, { role: 'Editor', tenants: org.tenants });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: PASSWORD } });
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
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: PASSWORD, remember_me: true } });
    const session = res.cookies.find((c) => c.name === 'session')!;
    const days = (new Date(session.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('refuses a wrong password with 401 and a detail', async () => {
    const user = await createUser(t.handle.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'wrong-password' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid username or password', code: 'UNAUTHORIZED' });
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('refuses an empty body with a 400 detail, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Please enter username and password');
  });

  it('GET /api/auth/me answers the signed-in user and logout ends the session on the server', async () => {
    const user = await createUser(t.handle.db);
    const session = await login(t.app, user.username, PASSWORD);
    const me = await api(t.app, session, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe(user.username);
    const out = await api(t.app, session, 'POST', '/api/auth/logout', { username: user.username });
    expect(out.statusCode).toBe(200);
    const after = await api(t.app, session, 'GET', '/api/auth/me');
    expect(after.statusCode).toBe(401);
  });
});
