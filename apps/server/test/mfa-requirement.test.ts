import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_ENROLLMENT_REQUIRED, MFA_ENROLLMENT_REQUIRED_TOKEN } from '@compliance/contracts/access';
import { PASSWORD, createOrganization, createUser } from './helpers/factories';
import { listRestProcedures } from './helpers/matrix-world';
import { PUBLIC } from './helpers/matrix-access';
import { bearer, enrollMfa } from './helpers/mfa';
import { type Session, type TestApp, api, createTestApp, expectError, login, randomIp } from './helpers/test-app';

/**
 * ASVS V2.8 / V3.3: turning on an organization's MFA requirement takes effect at the next request.
 * A session of a user without MFA may only enrol (or log out); an API token of such a user works for
 * nothing until the user has enrolled. Users of other organizations are not touched.
 */
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, (await createUser(t.handle.db, { productAdmin: true })).username, PASSWORD);
});
afterAll(async () => t.close());

const requireMfa = async (organizationId: string, required = true) =>
  expect((await api(t.app, admin, 'PUT', `/api/organizations/${organizationId}/mfa-requirement`, { require_mfa: required })).statusCode).toBe(200);

/** A user of a fresh organization, signed in and holding an API token, both made before any requirement. */
async function userWithSessionAndToken(role: 'Admin' | 'Viewer' = 'Admin') {
  const org = await createOrganization(t.handle.db, 2);
  const user = await createUser(t.handle.db, { role, tenants: org.tenants });
  const session = await login(t.app, user.username, PASSWORD);
  const created = await api(t.app, session, 'POST', '/api/auth/tokens', { name: 'ci' });
  expect(created.statusCode, created.body).toBe(200);
  return { org, user, session, token: created.json().token as string };
}

const tenantHeader = (org: { tenants: { id: string }[] }) => ({ 'x-tenant-id': org.tenants[0]!.id });

describe('an organization starting to require MFA', () => {
  it('sends an open session to enrolment at its next request: only who-am-I, enrolment and logout answer', async () => {
    const { org, session } = await userWithSessionAndToken();
    expect((await api(t.app, session, 'GET', '/api/auth/me')).json().mfa_enrollment_required).toBe(false);
    await requireMfa(org.id);

    const me = await api(t.app, session, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().mfa_enrollment_required).toBe(true);
    expectError(await api(t.app, session, 'GET', '/api/requirements', undefined, tenantHeader(org)), 403, MFA_ENROLLMENT_REQUIRED);
    // The old session can no longer mint a token (the finding), nor change anything else.
    expectError(await api(t.app, session, 'POST', '/api/auth/tokens', { name: 'escape' }), 403, MFA_ENROLLMENT_REQUIRED);
    expectError(await api(t.app, session, 'GET', '/api/requirements/export/csv', undefined, tenantHeader(org)), 403, MFA_ENROLLMENT_REQUIRED);
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/users.list', headers: { cookie: session.cookie }, remoteAddress: randomIp() });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.data.detail).toBe(MFA_ENROLLMENT_REQUIRED);
    expect((await api(t.app, session, 'GET', '/api/auth/mfa')).json()).toMatchObject({ enabled: false, required: true });

    await enrollMfa(t.app, session);
    const after = await api(t.app, session, 'GET', '/api/auth/me');
    expect(after.json().mfa_enrollment_required).toBe(false);
    expect((await api(t.app, session, 'GET', '/api/requirements', undefined, tenantHeader(org))).statusCode).toBe(200);
    expect((await api(t.app, session, 'GET', '/api/requirements/export/csv', undefined, tenantHeader(org))).statusCode).toBe(200);
  });

  it('lets such a session log out', async () => {
    const { org, session } = await userWithSessionAndToken();
    await requireMfa(org.id);
    expect((await api(t.app, session, 'POST', '/api/auth/logout', {})).statusCode).toBe(200);
    expectError(await api(t.app, session, 'GET', '/api/auth/me'), 401);
  });

  it('stops the API tokens of users without MFA with a 403 that says why, until they enrol', async () => {
    const { org, session, token } = await userWithSessionAndToken();
    expect((await bearer(t.app, token, 'GET', '/api/requirements', undefined, tenantHeader(org))).statusCode).toBe(200);
    await requireMfa(org.id);

    expectError(await bearer(t.app, token, 'GET', '/api/auth/me'), 403, MFA_ENROLLMENT_REQUIRED_TOKEN);
    expectError(await bearer(t.app, token, 'GET', '/api/requirements', undefined, tenantHeader(org)), 403, MFA_ENROLLMENT_REQUIRED_TOKEN);
    expectError(await bearer(t.app, token, 'GET', '/api/requirements/export/csv', undefined, tenantHeader(org)), 403, MFA_ENROLLMENT_REQUIRED_TOKEN);
    expectError(await bearer(t.app, token, 'POST', '/api/auth/mfa/start', {}), 403, MFA_ENROLLMENT_REQUIRED_TOKEN);

    await enrollMfa(t.app, session);
    expect((await bearer(t.app, token, 'GET', '/api/requirements', undefined, tenantHeader(org))).statusCode).toBe(200);
  });

  it('takes effect again when it is turned off, and never touches users who already have MFA', async () => {
    const withMfa = await userWithSessionAndToken();
    await enrollMfa(t.app, withMfa.session);
    const without = await userWithSessionAndToken('Viewer');
    await requireMfa(withMfa.org.id);
    await requireMfa(without.org.id);
    expect((await api(t.app, withMfa.session, 'GET', '/api/requirements', undefined, tenantHeader(withMfa.org))).statusCode).toBe(200);
    expect((await bearer(t.app, withMfa.token, 'GET', '/api/auth/me')).statusCode).toBe(200);

    expectError(await bearer(t.app, without.token, 'GET', '/api/auth/me'), 403);
    await requireMfa(without.org.id, false);
    expect((await bearer(t.app, without.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await api(t.app, without.session, 'GET', '/api/auth/me')).json().mfa_enrollment_required).toBe(false);
  });

  it("of organization B leaves organization A's users alone, and reaches a user of A granted a tenant of B", async () => {
    const a = await userWithSessionAndToken();
    const b = await createOrganization(t.handle.db, 1);
    const bridge = await createUser(t.handle.db, { role: 'Viewer', tenants: [a.org.tenants[0]!, b.tenants[0]!] });
    const bridgeSession = await login(t.app, bridge.username, PASSWORD);
    await requireMfa(b.id);

    expect((await api(t.app, a.session, 'GET', '/api/requirements', undefined, tenantHeader(a.org))).statusCode).toBe(200);
    expect((await bearer(t.app, a.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    // The requirement of B holds for all of the user's work, also in tenant A1.
    expectError(await api(t.app, bridgeSession, 'GET', '/api/requirements', undefined, tenantHeader(a.org)), 403, MFA_ENROLLMENT_REQUIRED);
    expect((await api(t.app, bridgeSession, 'GET', '/api/auth/me')).json().mfa_enrollment_required).toBe(true);
  });
});

describe('every procedure for a session and a token that must enrol first', () => {
  /** What such a session may still do (cookie only); everything else answers the enrolment refusal. */
  const ENROLMENT = new Map([
    ['auth.me', 200],
    ['mfa.status', 200],
    ['mfa.start', 200],
    ['mfa.confirm', 400],
    ['auth.logout', 200],
  ]);
  let pending: Awaited<ReturnType<typeof userWithSessionAndToken>>;
  beforeAll(async () => {
    pending = await userWithSessionAndToken();
    await requireMfa(pending.org.id);
  });

  const procedures = listRestProcedures()
    .filter((p) => !PUBLIC.has(p.name))
    // Logout last: it ends the session.
    .sort((a, b) => Number(a.name === 'auth.logout') - Number(b.name === 'auth.logout'));

  it.each(procedures.map((p) => [p.name, p.openapi!] as const))('%s', async (name, openapi) => {
    const url = `/api${openapi.path.replace(/\{\w+\}/g, randomUUID())}`;
    const method = openapi.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const body = method === 'GET' || method === 'DELETE' ? undefined : name === 'mfa.confirm' ? { code: '000000' } : {};
    const byToken = await bearer(t.app, pending.token, method, url, body, tenantHeader(pending.org));
    expectError(byToken, 403, MFA_ENROLLMENT_REQUIRED_TOKEN);
    const bySession = await api(t.app, pending.session, method, url, body, tenantHeader(pending.org));
    if (ENROLMENT.has(name)) expect(bySession.statusCode, bySession.body).toBe(ENROLMENT.get(name));
    else expectError(bySession, 403, MFA_ENROLLMENT_REQUIRED);
  });
});

describe('the login of a user whose organization requires MFA', () => {
  it('still asks for enrolment before any session, so a new session never needs the gate', async () => {
    const { org, user } = await userWithSessionAndToken();
    await requireMfa(org.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: PASSWORD }, remoteAddress: randomIp() });
    expect(res.json()).toEqual({ mfa_enrollment_required: true, challenge: expect.any(String) });
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });
});
