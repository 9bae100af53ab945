import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type OrgFixture, PASSWORD, createOrganization, createUser } from './factories';
import { type Session, type TestApp, api, createTestApp, login, randomIp } from './test-app';

/** The app with a one-tenant organization and a signed-in manager of it, who may create and reset its users. */
export async function createAppWithManager(): Promise<{ t: TestApp; org: OrgFixture; manager: Session }> {
  const t = await createTestApp();
  const org = await createOrganization(t.handle.db, 1);
  const manager = await login(t.app, (await createUser(t.handle.db, { manages: [org.id] })).username, PASSWORD);
  return { t, org, manager };
}

/** A new password that passes the policy, different on every call. */
export const freshPassword = () => `Orbit-Lantern-${Math.random().toString(36).slice(2, 8)}-Kx`;

/** An administrator's reset of a user: the one-time code and its expiry. */
export async function issueReset(app: FastifyInstance, admin: Session, userId: string) {
  const res = await api(app, admin, 'POST', `/api/users/${userId}/password-reset`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { reset_code: string; expires_at: string; message: string };
}

/** The sign-in with a reset code in the password field: answers the raw response. */
export function signInWithCode(app: FastifyInstance, username: string, code: string, ip = randomIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: code }, remoteAddress: ip });
}

/** The last step of that sign-in: the new password for the challenge. */
export function choosePassword(app: FastifyInstance, challenge: string, newPassword: string, ip = randomIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/login/password', payload: { challenge, new_password: newPassword }, remoteAddress: ip });
}

/** A live personal API token of the session's user. */
export async function createApiToken(app: FastifyInstance, session: Session) {
  const res = await api(app, session, 'POST', '/api/auth/tokens', { name: `pw-${Math.random().toString(36).slice(2, 8)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

/** Whether a session cookie or an API token still signs its user in. */
export async function stillSignedIn(app: FastifyInstance, credential: Session | string) {
  const headers = typeof credential === 'string' ? { authorization: `Bearer ${credential}` } : { cookie: credential.cookie };
  const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers, remoteAddress: randomIp() });
  return res.statusCode === 200;
}
