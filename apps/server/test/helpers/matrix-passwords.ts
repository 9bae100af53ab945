import { expect } from 'vitest';
import { PASSWORD, createUser } from './factories';
import { probe } from './db-probe';
import { ownSession } from './matrix-access';
import { ALL, type MatrixRow, type World, allBut } from './matrix-world';
import { freshPassword, issueReset, signInWithCode, stillSignedIn } from './passwords';

/**
 * The authorization-matrix rows of the password procedures. Changing a password and resetting one
 * end sessions, so every row acts on a fresh user of tenant A1 and the world's users keep theirs.
 */

/** A sign-in with a reset code (issued by the world's product admin) up to its new-password step. */
async function passwordChallenge(w: World) {
  const user = await createUser(w.t.handle.db, { role: 'Viewer', tenants: [w.orgA.tenants[0]!] });
  const { reset_code } = await issueReset(w.t.app, w.sessions.productAdmin, user.id);
  const res = await signInWithCode(w.t.app, user.username, reset_code);
  return { challenge: (res.json() as { challenge: string }).challenge, new_password: freshPassword() };
}

const change = () => ({ current_password: PASSWORD, new_password: freshPassword() });
const freshUserOfA1 = async (w: World) => (await createUser(w.t.handle.db, { role: 'Viewer', tenants: [w.orgA.tenants[0]!] })).id;

/** The user was not reset: the session still works and no reset code waits. */
const untouched = (who: 'userA2' | 'userB') => async (w: World) => {
  expect(await stillSignedIn(w.t.app, w.sessions[who])).toBe(true);
  expect(await probe(w.t.handle.db, (tx) => tx.selectFrom('password_resets').select('user_id').where('user_id', '=', w.users[who].id).executeTakeFirst())).toBeUndefined();
};

export const PASSWORD_ROWS: Record<string, MatrixRow> = {
  'auth.loginPassword': {
    expect: ALL,
    call: async (w) => ({ session: null, input: await passwordChallenge(w) }),
    crossTenant: { as: 'editor', status: 200, call: async (w) => ({ session: null, input: await passwordChallenge(w), headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }) },
    crossOrg: { as: 'manager', status: 200, call: async (w) => ({ session: null, input: await passwordChallenge(w), headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }) },
  },
  'auth.changePassword': {
    expect: ALL,
    call: async (w, role) => (role === 'none' ? { input: change() } : { session: await ownSession(w), input: change() }),
    crossTenant: { as: 'editor', status: 200, call: async (w) => ({ session: await ownSession(w), input: change(), headers: { 'x-tenant-id': w.orgA.tenants[1]!.id } }), after: untouched('userA2') },
    crossOrg: { as: 'manager', status: 200, call: async (w) => ({ session: await ownSession(w), input: change(), headers: { 'x-tenant-id': w.orgB.tenants[0]!.id } }), after: untouched('userB') },
  },
  'users.resetPassword': {
    // Whoever may deactivate the user: product admins and the administrators of the user's organization.
    expect: allBut({ editor: 404, viewer: 404, outsider: 404 }),
    call: async (w) => ({ input: { id: await freshUserOfA1(w) } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.users.userA2.id } }), after: untouched('userA2') },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.users.userB.id } }), after: untouched('userB') },
  },
};
