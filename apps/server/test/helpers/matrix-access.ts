import { expect } from 'vitest';
import { type Session, api, login } from './test-app';
import { PASSWORD, createOrganization, createUser } from './factories';
import { probe } from './db-probe';
import { codeAt, enrollMfa, passwordStep } from './mfa';
import { ALL, type Expect, type MatrixRow, type SignedRole, type World } from './matrix-world';

/**
 * The authorization-matrix calls of the access procedures (MFA, API tokens). The MFA procedures act on
 * the caller's own account, so enrolment rows use a fresh user of organization A each time and the
 * world's users keep logging in with the password alone.
 */

/** Procedures anyone may call: the login steps (their proof is the password or the challenge). */
export const PUBLIC = new Set(['auth.login', 'auth.loginPassword', 'mfa.login', 'mfa.enrollStart', 'mfa.enrollConfirm']);

async function freshUser(w: World) {
  return createUser(w.t.handle.db, { role: 'Viewer', tenants: [w.orgA.tenants[0]!] });
}

/** A signed-in user of tenant A1 of their own. */
export async function ownSession(w: World): Promise<Session> {
  return login(w.t.app, (await freshUser(w)).username, PASSWORD);
}

/** A challenge and its code: a fresh user with MFA, after the password step. */
export async function mfaChallenge(w: World) {
  const user = await freshUser(w);
  const { secret } = await enrollMfa(w.t.app, await login(w.t.app, user.username, PASSWORD));
  const res = await passwordStep(w.t.app, user.username, PASSWORD);
  return { challenge: (res.json() as { challenge: string }).challenge, code: codeAt(secret, 1) };
}

/** An enrolment challenge: a fresh user of a fresh organization that requires MFA. */
export async function enrollmentChallenge(w: World) {
  const org = await createOrganization(w.t.handle.db, 1);
  await probe(w.t.handle.db, (tx) => tx.updateTable('organizations').set({ require_mfa: true }).where('id', '=', org.id).execute());
  const user = await createUser(w.t.handle.db, { tenants: org.tenants });
  const res = await passwordStep(w.t.app, user.username, PASSWORD);
  return { challenge: (res.json() as { challenge: string }).challenge };
}

export async function enrollmentConfirmation(w: World) {
  const { challenge } = await enrollmentChallenge(w);
  const start = await w.t.app.inject({ method: 'POST', url: '/api/auth/login/mfa/enroll/start', payload: { challenge } });
  return { challenge, code: codeAt((start.json() as { secret: string }).secret) };
}

/** A fresh user's session with a started enrolment, and the code that confirms it. */
export async function pendingEnrollment(w: World) {
  const session = await ownSession(w);
  const start = await api(w.t.app, session, 'POST', '/api/auth/mfa/start', {});
  return { session, input: { code: codeAt((start.json() as { secret: string }).secret) } };
}

/** A fresh user's session with MFA enabled, and the password and code that turn it off. */
export async function enrolledSession(w: World) {
  const session = await ownSession(w);
  const { secret } = await enrollMfa(w.t.app, session);
  return { session, input: { password: PASSWORD, code: codeAt(secret, 1) } };
}

/** A new API token of one of the world's users (created with their session). */
export async function tokenOf(w: World, who: SignedRole | 'userA2' | 'userB') {
  const res = await api(w.t.app, w.sessions[who], 'POST', '/api/auth/tokens', { name: 'matrix' });
  return (res.json() as { id: string }).id;
}

export const tokensLive = (who: 'userA2' | 'userB') => async (w: World) => {
  const rows = await probe(w.t.handle.db, (tx) => tx.selectFrom('api_tokens').select('revoked_at').where('user_id', '=', w.users[who].id).execute());
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.revoked_at === null)).toBe(true);
};

export const mfaNotRequired = (pick: (w: World) => string) => async (w: World) => {
  const row = await probe(w.t.handle.db, (tx) => tx.selectFrom('organizations').select('require_mfa').where('id', '=', pick(w)).executeTakeFirstOrThrow());
  expect(row.require_mfa).toBe(false);
};

const ADMIN_ONLY: Expect = { productAdmin: 200, manager: 403, admin: 403, editor: 403, viewer: 403, outsider: 403 };
const unique = (prefix: string) => `${prefix}-${Math.random().toString(16).slice(2, 10)}`;

/** The matrix rows of the MFA and API-token procedures (spread into the matrix's table). */
export const ACCESS_ROWS: Record<string, MatrixRow> = {
  'mfa.login': {
    expect: ALL,
    call: async (w) => ({ session: null, input: await mfaChallenge(w) }),
    crossTenant: { as: 'editor', status: 200, call: async (w) => ({ session: null, input: await mfaChallenge(w), headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: async (w) => ({ session: null, input: await mfaChallenge(w), headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'mfa.enrollStart': {
    expect: ALL,
    call: async (w) => ({ session: null, input: { challenge: (await enrollmentChallenge(w)).challenge } }),
    crossTenant: { as: 'editor', status: 200, call: async (w) => ({ session: null, input: { challenge: (await enrollmentChallenge(w)).challenge }, headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: async (w) => ({ session: null, input: { challenge: (await enrollmentChallenge(w)).challenge }, headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'mfa.enrollConfirm': {
    expect: ALL,
    call: async (w) => ({ session: null, input: await enrollmentConfirmation(w) }),
    crossTenant: { as: 'editor', status: 200, call: async (w) => ({ session: null, input: await enrollmentConfirmation(w), headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: async (w) => ({ session: null, input: await enrollmentConfirmation(w), headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'mfa.status': {
    expect: ALL,
    call: () => ({}),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: (w) => ({ headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'mfa.start': {
    expect: ALL,
    call: async (w, role) => (role === 'none' ? {} : { session: await ownSession(w), input: {} }),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ input: {}, headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: (w) => ({ input: {}, headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'mfa.confirm': {
    expect: ALL,
    call: async (w, role) => (role === 'none' ? { input: { code: '123456' } } : pendingEnrollment(w)),
    crossTenant: { as: 'editor', status: 200, call: async (w) => ({ ...(await pendingEnrollment(w)), headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: async (w) => ({ ...(await pendingEnrollment(w)), headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'mfa.disable': {
    expect: ALL,
    call: async (w, role) => (role === 'none' ? { input: { password: PASSWORD, code: '123456' } } : enrolledSession(w)),
    crossTenant: { as: 'editor', status: 200, call: async (w) => ({ ...(await enrolledSession(w)), headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: async (w) => ({ ...(await enrolledSession(w)), headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'mfa.requirements': {
    expect: ADMIN_ONLY,
    call: () => ({}),
    crossTenant: { as: 'editor', status: 403, call: () => ({}) },
    crossOrg: { as: 'manager', status: 403, call: () => ({}) },
  },
  'mfa.setRequirement': {
    expect: ADMIN_ONLY,
    call: (w) => ({ input: { id: w.orgA.id, require_mfa: false } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: { id: w.orgA.id, require_mfa: true } }), after: mfaNotRequired((w) => w.orgA.id) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { id: w.orgB.id, require_mfa: true } }), after: mfaNotRequired((w) => w.orgB.id) },
  },
  'tokens.list': {
    expect: ALL,
    call: () => ({}),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: (w) => ({ headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'tokens.create': {
    expect: ALL,
    call: () => ({ input: { name: unique('matrix-token'), expires_in_days: 1 } }),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ input: { name: unique('matrix-token') }, headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: (w) => ({ input: { name: unique('matrix-token') }, headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'tokens.revoke': {
    expect: ALL,
    call: async (w, role) => (role === 'none' ? { input: { id: await tokenOf(w, 'userA2') } } : { input: { id: await tokenOf(w, role) } }),
    crossTenant: { as: 'editor', status: 404, call: async (w) => ({ input: { id: await tokenOf(w, 'userA2') } }), after: tokensLive('userA2') },
    crossOrg: { as: 'manager', status: 404, call: async (w) => ({ input: { id: await tokenOf(w, 'userB') } }), after: tokensLive('userB') },
  },
};
