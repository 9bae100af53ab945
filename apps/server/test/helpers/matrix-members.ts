import { expect } from 'vitest';
import { createOrganization, createTenant, createUser } from './factories';
import { probe } from './db-probe';
import { ALL, type MatrixRow, type World, allBut } from './matrix-world';

/**
 * The authorization-matrix rows of membership management and restore. Calls that change something
 * aim at a fresh user, organization or tenant each time, so the world's own users keep their access.
 */
const A1 = (w: World) => w.orgA.tenants[0]!;
const B1 = (w: World) => w.orgB.tenants[0]!;
const db = (w: World) => w.t.handle.db;

const grantsOf = async (w: World, userId: string) =>
  (await probe(db(w), (tx) => tx.selectFrom('tenant_access').select(['tenant_id', 'role']).where('user_id', '=', userId).execute())).map((r) => r.tenant_id);

const keepsGrant = (who: 'userA2' | 'userB', tenant: (w: World) => { id: string }) => async (w: World) =>
  expect(await grantsOf(w, w.users[who].id)).toEqual([tenant(w).id]);

const inactiveTenantOfA = async (w: World) => {
  const tenant = await createTenant(db(w), w.orgA.id);
  await probe(db(w), (tx) => tx.updateTable('tenants').set({ is_active: false }).where('id', '=', tenant.id).execute());
  return tenant.id;
};

const tenantActive = (pick: (w: World) => { id: string }) => async (w: World) =>
  expect((await probe(db(w), (tx) => tx.selectFrom('tenants').select('is_active').where('id', '=', pick(w).id).executeTakeFirstOrThrow())).is_active).toBe(true);

export const MEMBER_ROWS: Record<string, MatrixRow> = {
  'users.membershipSummaries': {
    expect: ALL,
    call: () => ({}),
    crossTenant: { as: 'editor', status: 200, call: () => ({}) },
    crossOrg: { as: 'manager', status: 200, call: () => ({}) },
  },
  'users.memberships': {
    expect: allBut({ editor: 404, viewer: 404, outsider: 404 }),
    call: (w) => ({ input: { id: w.users.targetA.id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.users.userA2.id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.users.userB.id } }) },
  },
  'users.replaceMemberships': {
    expect: allBut({ editor: 403, viewer: 403, outsider: 404 }),
    call: async (w) => ({ input: { id: (await createUser(db(w), { tenants: [A1(w)] })).id, organizations: [], tenants: [{ tenant_id: A1(w).id, role: 'Viewer' }] } }),
    crossTenant: {
      as: 'editor', status: 403, call: (w) => ({ input: { id: w.users.userA2.id, organizations: [], tenants: [{ tenant_id: A1(w).id, role: 'Editor' }] } }),
      after: keepsGrant('userA2', (w) => w.orgA.tenants[1]!),
    },
    crossOrg: {
      as: 'manager', status: 404, call: (w) => ({ input: { id: w.users.userB.id, organizations: [], tenants: [{ tenant_id: A1(w).id, role: 'Editor' }] } }),
      after: keepsGrant('userB', B1),
    },
  },
  'organizations.restore': {
    expect: allBut({ manager: 403, admin: 403, editor: 403, viewer: 403, outsider: 403 }),
    call: async (w, role) => {
      if (role !== 'productAdmin') return { input: { id: w.orgA.id } };
      const org = await createOrganization(db(w), 1);
      await probe(db(w), (tx) => tx.updateTable('organizations').set({ is_active: false }).where('id', '=', org.id).execute());
      return { input: { id: org.id } };
    },
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: { id: w.orgA.id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { id: w.orgB.id } }) },
  },
  'tenants.restore': {
    expect: allBut({ admin: 403, editor: 404, viewer: 404, outsider: 404 }),
    call: async (w) => ({ input: { id: await inactiveTenantOfA(w) } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.orgA.tenants[1]!.id } }), after: tenantActive((x) => x.orgA.tenants[1]!) },
    crossOrg: { as: 'admin', status: 404, call: (w) => ({ input: { id: B1(w).id } }), after: tenantActive(B1) },
  },
};
