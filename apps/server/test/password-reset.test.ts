import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestApp, api, attemptLogin, expectError, login, randomIp } from './helpers/test-app';
import { type OrgFixture, PASSWORD, createOrganization, createUser } from './helpers/factories';
import { auditEntriesOf, getUserRow, probe } from './helpers/db-probe';
import { bearer, codeAt, codeStep, enrollMfa, sessionFrom } from './helpers/mfa';
import { choosePassword, createApiToken, createAppWithManager, freshPassword, issueReset, signInWithCode, stillSignedIn } from './helpers/passwords';

const EXPIRED_CHALLENGE = 'This sign-in has expired. Please log in again.';

let t: TestApp;
let org: OrgFixture;
let manager: Session;
beforeAll(async () => {
  ({ t, org, manager } = await createAppWithManager());
});
afterAll(async () => t.close());

const member = () => createUser(t.handle.db, { role: 'Editor', tenants: org.tenants });
const resetRow = (userId: string) => probe(t.handle.db, (tx) => tx.selectFrom('password_resets').selectAll().where('user_id', '=', userId).executeTakeFirst());

/** A reset code's sign-in up to the new-password step: its challenge. */
async function passwordChallenge(username: string, code: string) {
  const res = await signInWithCode(t.app, username, code);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  expect(res.json()).toEqual({ password_change_required: true, challenge: expect.any(String) });
  return res.json().challenge as string;
}

describe('an administrator issues a reset code', () => {
  it('shows a one-time code once, stores only its hash for 24 hours, and ends every session and token of the user', async () => {
    const user = await member();
    const session = await login(t.app, user.username, PASSWORD);
    const token = await createApiToken(t.app, session);
    const reset = await issueReset(t.app, manager, user.id);
    expect(reset.reset_code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
    expect(new Date(reset.expires_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(reset.message).toMatch(/1 session\(s\) and 1 API token\(s\) were ended/);

    const row = (await resetRow(user.id))!;
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(reset.reset_code.replace(/-/g, ''));
    expect(await stillSignedIn(t.app, session)).toBe(false);
    expectError(await bearer(t.app, token, 'GET', '/api/auth/me'), 401, 'This API token has been revoked');
    // The old password stops working: the administrator neither knows nor sets the next one.
    expectError(await attemptLogin(t.app, user.username, PASSWORD, randomIp()), 401, 'Invalid username or password');

    const audit = await probe(t.handle.db, (tx) => tx.selectFrom('audit_logs').selectAll().where('action', '=', 'password_reset_issued').where('details', '@>', JSON.stringify({ user_id: user.id })).execute());
    expect(audit).toHaveLength(1);
    expect(audit[0]!.organization_id).toBe(org.id);
    expect(JSON.stringify(audit[0]!.details)).not.toContain(reset.reset_code);
  });

  it('the code signs in only to a new-password step; the new password opens the session; the code then is spent', async () => {
    const user = await member();
    const { reset_code } = await issueReset(t.app, manager, user.id);
    const challenge = await passwordChallenge(user.username, reset_code.toLowerCase().replace(/-/g, ' '));
    // Until the new password is chosen there is no session: nothing else can be done with the challenge.
    expectError(await codeStep(t.app, challenge, '123456'), 401, EXPIRED_CHALLENGE);
    expectError(await choosePassword(t.app, challenge, 'short'), 400, 'New password must be at least 12 characters');
    expectError(await choosePassword(t.app, challenge, 'Password2024!'), 400, /too common/);
    const next = freshPassword();
    const done = await choosePassword(t.app, challenge, next);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.username).toBe(user.username);
    expect(await stillSignedIn(t.app, sessionFrom(done))).toBe(true);

    expectError(await choosePassword(t.app, challenge, freshPassword()), 401, EXPIRED_CHALLENGE);
    expectError(await signInWithCode(t.app, user.username, reset_code), 401, 'Invalid username or password');
    expect(await resetRow(user.id)).toBeUndefined();
    expect((await attemptLogin(t.app, user.username, next, randomIp())).statusCode).toBe(200);
    const actions = (await auditEntriesOf(t.handle.db, user.username)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['password_reset_completed', 'login']));
  });

  it('an expired code is refused with a clear detail and opens nothing', async () => {
    const user = await member();
    const { reset_code } = await issueReset(t.app, manager, user.id);
    await probe(t.handle.db, (tx) => tx.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1_000) }).where('user_id', '=', user.id).execute());
    const res = await signInWithCode(t.app, user.username, reset_code);
    expectError(res, 401, 'This reset code has expired. Ask your administrator for a new one.');
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('a second reset replaces the first code', async () => {
    const user = await member();
    const first = await issueReset(t.app, manager, user.id);
    const second = await issueReset(t.app, manager, user.id);
    expectError(await signInWithCode(t.app, user.username, first.reset_code), 401, 'Invalid username or password');
    await passwordChallenge(user.username, second.reset_code);
  });

  it('keeps the second factor: an enrolled user gives the code of the authenticator before the new password', async () => {
    const user = await member();
    const { secret } = await enrollMfa(t.app, await login(t.app, user.username, PASSWORD));
    const { reset_code } = await issueReset(t.app, manager, user.id);
    const step = await signInWithCode(t.app, user.username, reset_code);
    expect(step.json()).toEqual({ mfa_required: true, challenge: expect.any(String) });
    expectError(await choosePassword(t.app, step.json().challenge, freshPassword()), 401, EXPIRED_CHALLENGE);
    const coded = await codeStep(t.app, step.json().challenge, codeAt(secret, 1));
    expect(coded.statusCode, coded.body).toBe(200);
    expect(coded.json()).toEqual({ password_change_required: true, challenge: expect.any(String) });
    expect(coded.cookies.find((c) => c.name === 'session')).toBeUndefined();
    const done = await choosePassword(t.app, coded.json().challenge, freshPassword());
    expect(done.json().user.username).toBe(user.username);
  });

  it('then asks for the enrolment an organization requires', async () => {
    const strict = await createOrganization(t.handle.db, 1);
    await probe(t.handle.db, (tx) => tx.updateTable('organizations').set({ require_mfa: true }).where('id', '=', strict.id).execute());
    const admin = await login(t.app, (await createUser(t.handle.db, { productAdmin: true })).username, PASSWORD);
    const user = await createUser(t.handle.db, { tenants: strict.tenants });
    const { reset_code } = await issueReset(t.app, admin, user.id);
    const done = await choosePassword(t.app, await passwordChallenge(user.username, reset_code), freshPassword());
    expect(done.json()).toEqual({ mfa_enrollment_required: true, challenge: expect.any(String) });
  });

  it('a deactivated user cannot sign in with a code', async () => {
    const user = await member();
    const { reset_code } = await issueReset(t.app, manager, user.id);
    await probe(t.handle.db, (tx) => tx.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute());
    expectError(await signInWithCode(t.app, user.username, reset_code), 401, 'This account is deactivated. Contact your administrator.');
  });
});

describe('who may issue a reset', () => {
  it('an administrator of another organization is denied (404) and nothing of the user changes', async () => {
    const user = await member();
    const session = await login(t.app, user.username, PASSWORD);
    const other = await createOrganization(t.handle.db, 1);
    const foreignAdmin = await login(t.app, (await createUser(t.handle.db, { role: 'Admin', manages: [other.id] })).username, PASSWORD);
    const before = (await getUserRow(t.handle.db, user.id)).password_hash;
    const res = await api(t.app, foreignAdmin, 'POST', `/api/users/${user.id}/password-reset`, {});
    expectError(res, 404, 'User not found');
    expect(res.body).not.toContain(user.username);
    expect((await getUserRow(t.handle.db, user.id)).password_hash).toBe(before);
    expect(await resetRow(user.id)).toBeUndefined();
    expect(await stillSignedIn(t.app, session)).toBe(true);
  });

  it('refuses Editors (404), a more powerful target (403) and oneself (400)', async () => {
    const editor = await login(t.app, (await member()).username, PASSWORD);
    const target = await member();
    expectError(await api(t.app, editor, 'POST', `/api/users/${target.id}/password-reset`, {}), 404);
    const orgAdmin = await login(t.app, (await createUser(t.handle.db, { role: 'Admin', memberOf: [org.id] })).username, PASSWORD);
    const peerManager = await createUser(t.handle.db, { manages: [org.id] });
    expectError(await api(t.app, orgAdmin, 'POST', `/api/users/${peerManager.id}/password-reset`, {}), 403, 'You cannot change a user with more permissions than your own');
    expectError(await api(t.app, orgAdmin, 'POST', `/api/users/${orgAdmin.userId}/password-reset`, {}), 400, /use Change password on the Security page/);
    expect((await api(t.app, orgAdmin, 'POST', `/api/users/${target.id}/password-reset`, {})).statusCode).toBe(200);
  });

  it('is refused to an unknown user (404) and to no session (401)', async () => {
    expectError(await api(t.app, manager, 'POST', '/api/users/00000000-0000-4000-8000-000000000000/password-reset', {}), 404, 'User not found');
    expectError(await api(t.app, null, 'POST', `/api/users/${(await member()).id}/password-reset`, {}), 401);
  });
});
