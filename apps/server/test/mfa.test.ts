import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, createTestApp, expectError, login, randomIp } from './helpers/test-app';
import { PASSWORD, createOrganization, createUser } from './helpers/factories';
import { auditEntriesOf, probe } from './helpers/db-probe';
import { codeAt, codeStep, enrollMfa, passwordStep, sessionFrom } from './helpers/mfa';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ throttle: { maxPerUsername: 3, maxPerIp: 50, windowMinutes: 15 } });
});
afterAll(async () => t.close());

async function enrolledUser() {
  const org = await createOrganization(t.handle.db, 1);
  const user = await createUser(t.handle.db, { role: 'Editor', tenants: org.tenants });
  const session = await login(t.app, user.username, PASSWORD);
  return { org, user, session, ...(await enrollMfa(t.app, session)) };
}

async function challengeOf(username: string, ip = randomIp()) {
  const res = await passwordStep(t.app, username, PASSWORD, ip);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  return res.json() as { challenge: string; mfa_required?: true; mfa_enrollment_required?: true };
}

describe('TOTP enrolment', () => {
  it('answers a secret and otpauth URI once, seals the secret at rest and gives ten recovery codes', async () => {
    const org = await createOrganization(t.handle.db, 1);
    const user = await createUser(t.handle.db, { tenants: org.tenants });
    const session = await login(t.app, user.username, PASSWORD);
    expect((await api(t.app, session, 'GET', '/api/auth/mfa')).json()).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    const start = await api(t.app, session, 'POST', '/api/auth/mfa/start', {});
    const { secret, otpauth_uri } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toContain(`otpauth://totp/Compliance%20Platform%3A${user.username}?secret=${secret}`);
    const row = await probe(t.handle.db, (tx) => tx.selectFrom('mfa_factors').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow());
    expect(row.secret_encrypted).not.toContain(secret);
    expectError(await api(t.app, session, 'POST', '/api/auth/mfa/confirm', { code: '000000' }), 400, /does not match/);
    const confirm = await api(t.app, session, 'POST', '/api/auth/mfa/confirm', { code: codeAt(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().recovery_codes).toHaveLength(10);
    const status = await api(t.app, session, 'GET', '/api/auth/mfa');
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    expect(status.body).not.toContain(secret);
    expectError(await api(t.app, session, 'POST', '/api/auth/mfa/start', {}), 409, 'Multi-factor authentication is already enabled');
    expect((await auditEntriesOf(t.handle.db, user.username)).map((e) => e.action)).toEqual(['login', 'mfa_enabled']);
  });
});

describe('login with MFA', () => {
  it('answers a challenge after the password and opens the session with the code', async () => {
    const { user, secret } = await enrolledUser();
    const step = await challengeOf(user.username);
    expect(step).toEqual({ mfa_required: true, challenge: expect.any(String) });
    const done = await codeStep(t.app, step.challenge, codeAt(secret, 1));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.username).toBe(user.username);
    const me = await api(t.app, sessionFrom(done), 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    const last = (await auditEntriesOf(t.handle.db, user.username)).at(-1)!;
    expect(last.action).toBe('login');
    expect(last.details).toMatchObject({ mfa: 'totp' });
  });

  it('refuses a wrong code, counts it toward the login throttle and then answers 429', async () => {
    const { user, secret } = await enrolledUser();
    const ip = randomIp();
    const { challenge } = await challengeOf(user.username, ip);
    for (let i = 0; i < 3; i++) expectError(await codeStep(t.app, challenge, '000000', ip), 401, 'Invalid authentication code');
    expectError(await codeStep(t.app, challenge, codeAt(secret, 1), ip), 429, /Too many failed login attempts/);
    expectError(await passwordStep(t.app, user.username, PASSWORD, randomIp()), 429);
  });

  it('refuses a replayed code and accepts a recovery code once', async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    const code = codeAt(secret, 1);
    expect((await codeStep(t.app, (await challengeOf(user.username)).challenge, code)).statusCode).toBe(200);
    expectError(await codeStep(t.app, (await challengeOf(user.username)).challenge, code), 401, 'This code was already used. Wait for the next code and try again.');
    const recovery = recoveryCodes[0]!;
    const used = await codeStep(t.app, (await challengeOf(user.username)).challenge, recovery.toUpperCase());
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().user.username).toBe(user.username);
    expectError(await codeStep(t.app, (await challengeOf(user.username)).challenge, recovery), 401, 'Invalid authentication code');
  });

  it('refuses an unknown or used challenge and bad input with clear answers', async () => {
    const { user, secret } = await enrolledUser();
    expectError(await codeStep(t.app, 'forged', '123456'), 401, 'This sign-in has expired. Please log in again.');
    const { challenge } = await challengeOf(user.username);
    expect((await codeStep(t.app, challenge, codeAt(secret, 1))).statusCode).toBe(200);
    expectError(await codeStep(t.app, challenge, codeAt(secret, -1)), 401, 'This sign-in has expired. Please log in again.');
    expectError(await codeStep(t.app, challenge, ''), 400, 'Please enter the authentication code');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/mfa', payload: { code: '123456' }, remoteAddress: randomIp() });
    expectError(res, 400);
  });

  it('keeps the login of users without MFA exactly as before', async () => {
    const user = await createUser(t.handle.db);
    const res = await passwordStep(t.app, user.username, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['user']);
    expect(res.cookies.find((c) => c.name === 'session')).toBeDefined();
  });
});

describe('disabling MFA', () => {
  const disable = (session: Parameters<typeof api>[1], body: Record<string, unknown>) => api(t.app, session, 'POST', '/api/auth/mfa/disable', body);
  const enabled = async (session: Parameters<typeof api>[1]) => (await api(t.app, session, 'GET', '/api/auth/mfa')).json().enabled as boolean;

  it('needs the current password and a current code, then login needs only the password again', async () => {
    const { user, session, secret } = await enrolledUser();
    expectError(await disable(session, { code: codeAt(secret, 1) }), 400, 'Please enter your current password');
    expectError(await disable(session, { password: PASSWORD }), 400, 'Please enter the authentication code');
    expectError(await disable(session, { password: PASSWORD, code: '000000' }), 400, 'Invalid authentication code');
    expect(await enabled(session)).toBe(true);
    const off = await disable(session, { password: PASSWORD, code: codeAt(secret, 1) });
    expect(off.statusCode, off.body).toBe(200);
    expect((await passwordStep(t.app, user.username, PASSWORD)).json().user.username).toBe(user.username);
    expect((await auditEntriesOf(t.handle.db, user.username)).map((e) => e.action)).toContain('mfa_disabled');
  });

  it('refuses a wrong password without using up the code, and takes a recovery code as the second factor', async () => {
    const first = await enrolledUser();
    const code = codeAt(first.secret, 1);
    expectError(await disable(first.session, { password: 'not-my-password-at-all', code }), 400, 'Your current password is incorrect');
    expect(await enabled(first.session)).toBe(true);
    // The refused call did not spend the code: it still works with the right password.
    expect((await disable(first.session, { password: PASSWORD, code })).statusCode).toBe(200);
    const second = await enrolledUser();
    const off = await disable(second.session, { password: PASSWORD, code: second.recoveryCodes[0] });
    expect(off.statusCode, off.body).toBe(200);
    expect(await enabled(second.session)).toBe(false);
  });

  it('is throttled like the login code step: wrong attempts count for the username, then 429 even with both factors', async () => {
    const { user, session, secret } = await enrolledUser();
    for (let i = 0; i < 3; i++) {
      const body = i % 2 ? { password: PASSWORD, code: '000000' } : { password: `wrong-password-${i}`, code: codeAt(secret, 1) };
      expectError(await disable(session, body), 400);
    }
    expectError(await disable(session, { password: PASSWORD, code: codeAt(secret, 1) }), 429, /Too many failed login attempts for this account/);
    expect(await enabled(session)).toBe(true);
    // The same count holds back the login of that username (the same throttle as the code step).
    expectError(await passwordStep(t.app, user.username, PASSWORD), 429);
    expect((await auditEntriesOf(t.handle.db, user.username)).map((e) => e.action)).not.toContain('mfa_disabled');
  });
});

describe('organizations that require MFA', () => {
  it('make their users enrol before the first session, and keep them from turning it off', async () => {
    const admin = await createUser(t.handle.db, { productAdmin: true });
    const adminSession = await login(t.app, admin.username, PASSWORD);
    const org = await createOrganization(t.handle.db, 1);
    const user = await createUser(t.handle.db, { role: 'Viewer', tenants: org.tenants });
    const set = await api(t.app, adminSession, 'PUT', `/api/organizations/${org.id}/mfa-requirement`, { require_mfa: true });
    expect(set.json()).toEqual({ organization_id: org.id, require_mfa: true });
    expect((await api(t.app, adminSession, 'GET', '/api/organizations/mfa-requirements')).json().organization_ids).toContain(org.id);

    const step = await challengeOf(user.username);
    expect(step).toEqual({ mfa_enrollment_required: true, challenge: expect.any(String) });
    expectError(await codeStep(t.app, step.challenge, '123456'), 401, 'This sign-in has expired. Please log in again.');
    const start = await t.app.inject({ method: 'POST', url: '/api/auth/login/mfa/enroll/start', payload: { challenge: step.challenge }, remoteAddress: randomIp() });
    const { secret } = start.json();
    const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/login/mfa/enroll/confirm', payload: { challenge: step.challenge, code: codeAt(secret) }, remoteAddress: randomIp() });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().recovery_codes).toHaveLength(10);
    const session = sessionFrom(confirm);
    expect((await api(t.app, session, 'GET', '/api/auth/mfa')).json()).toMatchObject({ enabled: true, required: true });
    expectError(await api(t.app, session, 'POST', '/api/auth/mfa/disable', { password: PASSWORD, code: codeAt(secret, 1) }), 403, /requires multi-factor authentication/);
    expect(await challengeOf(user.username)).toMatchObject({ mfa_required: true });
  });

  it('can be set only by product admins', async () => {
    const org = await createOrganization(t.handle.db, 1);
    const manager = await createUser(t.handle.db, { manages: [org.id] });
    const session = await login(t.app, manager.username, PASSWORD);
    expectError(await api(t.app, session, 'PUT', `/api/organizations/${org.id}/mfa-requirement`, { require_mfa: true }), 403);
    expectError(await api(t.app, session, 'GET', '/api/organizations/mfa-requirements'), 403);
  });
});
