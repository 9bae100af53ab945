import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, attemptLogin, createTestApp, expectError, login, randomIp } from './helpers/test-app';
import { PASSWORD, createOrganization, createUser } from './helpers/factories';
import { auditEntriesOf, getUserRow, probe } from './helpers/db-probe';
import { bearer } from './helpers/mfa';
import { createApiToken, freshPassword, stillSignedIn } from './helpers/passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signedInUser() {
  const org = await createOrganization(t.handle.db, 1);
  const user = await createUser(t.handle.db, { role: 'Editor', tenants: org.tenants });
  return { user, session: await login(t.app, user.username, PASSWORD) };
}

const change = (session: Parameters<typeof api>[1], body: Record<string, unknown>) => api(t.app, session, 'POST', '/api/auth/password', body);

describe('POST /api/auth/password (change my password)', () => {
  it('needs the current password; ends every other session and every API token; the current session stays', async () => {
    const { user, session } = await signedInUser();
    const otherBrowser = await login(t.app, user.username, PASSWORD);
    const thirdBrowser = await login(t.app, user.username, PASSWORD);
    const tokens = [await createApiToken(t.app, session), await createApiToken(t.app, otherBrowser)];
    const next = freshPassword();

    const res = await change(session, { current_password: PASSWORD, new_password: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password changed. Your other sessions and API tokens have been ended.', sessions_ended: 2, tokens_revoked: 2 });

    expect(await stillSignedIn(t.app, session)).toBe(true);
    expect(await stillSignedIn(t.app, otherBrowser)).toBe(false);
    expect(await stillSignedIn(t.app, thirdBrowser)).toBe(false);
    for (const token of tokens) expectError(await bearer(t.app, token, 'GET', '/api/auth/me'), 401, 'This API token has been revoked');
    expectError(await attemptLogin(t.app, user.username, PASSWORD, randomIp()), 401, 'Invalid username or password');
    expect((await attemptLogin(t.app, user.username, next, randomIp())).statusCode).toBe(200);

    const entry = (await auditEntriesOf(t.handle.db, user.username)).find((e) => e.action === 'password_changed')!;
    expect(entry.details).toMatchObject({ sessions_ended: 2, tokens_revoked: 2 });
    expect(JSON.stringify(entry.details)).not.toContain(next);
  });

  it('refuses a wrong current password with 400, changes nothing and counts it toward the login delay', async () => {
    const { user, session } = await signedInUser();
    const other = await login(t.app, user.username, PASSWORD);
    const before = (await getUserRow(t.handle.db, user.id)).password_hash;
    for (let i = 0; i < 5; i++) {
      expectError(await change(session, { current_password: `not-it-${i}`, new_password: freshPassword() }), 400, 'Your current password is incorrect');
    }
    expectError(await change(session, { current_password: PASSWORD, new_password: freshPassword() }), 429, /Too many failed login attempts for this account/);
    expect((await getUserRow(t.handle.db, user.id)).password_hash).toBe(before);
    expect(await stillSignedIn(t.app, other)).toBe(true);
    expect((await auditEntriesOf(t.handle.db, user.username)).map((e) => e.action)).not.toContain('password_changed');
  });

  const refused: [string, string, string | RegExp][] = [
    ['an empty new password', '', 'New password must be at least 12 characters'],
    ['11 characters', 'Kx7-vq2-pLm', 'New password must be at least 12 characters'],
    ['129 characters', `Zq8-${'mVw3'.repeat(31)}x`, 'New password must be at most 128 characters'],
    ['a breached password', 'iloveyou2024!', /^This password is too common: it appears in lists of breached passwords/],
    ['a common password said twice', 'trustno1trustno1', /^This password is too common/],
    ['a repeated pattern', 'abcabcabcabcabc', /^This password is a repeated or sequential pattern/],
    ['the current password', PASSWORD, 'The new password must be different from the current one'],
  ];
  it.each(refused)('refuses %s with 400 and a clear detail', async (_label, newPassword, detail) => {
    const { user, session } = await signedInUser();
    const before = (await getUserRow(t.handle.db, user.id)).password_hash;
    expectError(await change(session, { current_password: PASSWORD, new_password: newPassword }), 400, detail);
    expect((await getUserRow(t.handle.db, user.id)).password_hash).toBe(before);
  });

  it('refuses the username as the new password', async () => {
    const { user, session } = await signedInUser();
    expectError(await change(session, { current_password: PASSWORD, new_password: `${user.username}!2026` }), 400, /based on the username/);
  });

  it('accepts any characters: a Unicode passphrase, and exactly 128 characters', async () => {
    const { user, session } = await signedInUser();
    const unicode = 'Üñîçødé пароль 密码 🔐 ok';
    expect((await change(session, { current_password: PASSWORD, new_password: unicode })).statusCode).toBe(200);
    expect((await attemptLogin(t.app, user.username, unicode, randomIp())).statusCode).toBe(200);
    const longest = `Zq8-${'mVw3'.repeat(31)}`;
    expect([...longest]).toHaveLength(128);
    expect((await change(session, { current_password: unicode, new_password: longest })).statusCode).toBe(200);
    expect((await attemptLogin(t.app, user.username, longest, randomIp())).statusCode).toBe(200);
  });

  it('is refused to an API token (403) and without the CSRF header', async () => {
    const { session } = await signedInUser();
    const token = await createApiToken(t.app, session);
    const body = { current_password: PASSWORD, new_password: freshPassword() };
    expectError(await bearer(t.app, token, 'POST', '/api/auth/password', body), 403, /needs a signed-in browser session/);
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: body, headers: { cookie: session.cookie }, remoteAddress: randomIp() });
    expectError(noCsrf, 403, /CSRF/);
  });

  it('works the same over tRPC (the web client) as over REST', async () => {
    const { user, session } = await signedInUser();
    const other = await login(t.app, user.username, PASSWORD);
    const next = freshPassword();
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.changePassword',
      payload: { current_password: PASSWORD, new_password: next },
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data).toMatchObject({ success: true, sessions_ended: 1 });
    expect(await stillSignedIn(t.app, other)).toBe(false);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.changePassword',
      payload: { current_password: next, new_password: 'password123456' },
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      remoteAddress: randomIp(),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toMatch(/too common/);
  });

  it('is documented in the OpenAPI document with the reset procedures', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>> };
    const body = doc.paths['/auth/password']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {})).toEqual(['current_password', 'new_password']);
    expect(doc.paths['/auth/login/password']?.post).toBeDefined();
    expect(doc.paths['/users/{id}/password-reset']?.post).toBeDefined();
    expect(Object.keys(doc.paths['/auth/mfa/disable']!.post!.requestBody!.content['application/json']!.schema.properties ?? {})).toEqual(['password', 'code']);
  });

  it('ends a pending administrator reset code', async () => {
    const { user, session } = await signedInUser();
    await probe(t.handle.db, (tx) => tx.insertInto('password_resets').values({ user_id: user.id, code_hash: 'x'.repeat(64), expires_at: new Date(Date.now() + 3_600_000), created_by: null }).execute());
    expect((await change(session, { current_password: PASSWORD, new_password: freshPassword() })).statusCode).toBe(200);
    expect(await probe(t.handle.db, (tx) => tx.selectFrom('password_resets').select('user_id').where('user_id', '=', user.id).executeTakeFirst())).toBeUndefined();
  });
});
