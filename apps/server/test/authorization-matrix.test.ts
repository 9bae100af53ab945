import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL, type Call, type MatrixRow, ROLES, type Role, type SignedRole, type World, allBut, buildWorld, callProcedure, createDocument, everyName, expectAbsent, listRestProcedures } from './helpers/matrix-world';
import { type TestApp, api, createTestApp, login } from './helpers/test-app';
import { PASSWORD, createOrganization, createTenant, createUser, unique } from './helpers/factories';
import { findUsers, getOrganizationRow, getTenantRow, getUserRow, probe } from './helpers/db-probe';
import { ACCESS_ROWS, PUBLIC } from './helpers/matrix-access';
import { AI_ROWS } from './helpers/matrix-ai';
import { EVIDENCE_ROWS } from './helpers/matrix-evidence';
import { PASSWORD_ROWS } from './helpers/matrix-passwords';
import { WORK_ROWS } from './helpers/matrix-work';
import { REVIEW_ROWS } from './helpers/matrix-review';
import { MEMBER_ROWS } from './helpers/matrix-members';

/**
 * Every procedure of the router, called through the REST facade by every kind of caller (design
 * decision 5), plus one cross-tenant and one cross-organization attempt each. The procedure list comes
 * from the router: a new procedure without a row here fails the first test.
 */
type Row = MatrixRow;

const ADMIN_ONLY = allBut({ manager: 403, admin: 403, editor: 403, viewer: 403, outsider: 403 });
const ORG_ADMINS = allBut({ editor: 404, viewer: 404, outsider: 404 });

const A1 = (w: World) => w.orgA.tenants[0]!;
const A2 = (w: World) => w.orgA.tenants[1]!;
const B1 = (w: World) => w.orgB.tenants[0]!;
const db = (w: World) => w.t.handle.db;
const freshSession = (w: World, role: SignedRole) => login(w.t.app, w.users[role].username, PASSWORD);
const newUser = (organizationId: string, extra: Record<string, unknown> = {}) => {
  const username = unique('mx');
  return { username, email: `${username}@matrix.example`, password: 'long-enough-pw', role: 'Viewer', organization_id: organizationId, ...extra };
};
const stillActive = (id: () => string) => async (w: World) => expect((await getUserRow(db(w), id())).is_active).toBe(true);
const sessionAlive = (who: 'userA2' | 'userB') => async (w: World) =>
  expect((await api(w.t.app, w.sessions[who], 'GET', '/api/auth/me')).statusCode).toBe(200);
let world: World;
const tenantActive = (pick: (w: World) => { id: string }) => async (w: World) => expect((await getTenantRow(db(w), pick(w).id))?.is_active).toBe(true);
const noUser = (name: () => string) => async (w: World) => expect(await findUsers(db(w), name())).toEqual([]);
const untouchedRequirement = (id: () => string) => async (w: World) => {
  const row = await probe(db(w), (tx) => tx.selectFrom('tenant_requirements').select(['user_response', 'status', 'updated_by']).where('id', '=', id()).executeTakeFirstOrThrow());
  expect(row).toEqual({ user_response: null, status: 'Not Started', updated_by: null });
};
const documentKept = (id: () => string) => async (w: World) =>
  expect(await probe(db(w), (tx) => tx.selectFrom('documents').select('id').where('id', '=', id()).executeTakeFirst())).toBeTruthy();
const sideKept = (id: () => string) => async (w: World) =>
  expect(await probe(db(w), (tx) => tx.selectFrom('documents').select(['contract_side', 'status']).where('id', '=', id()).executeTakeFirst())).toMatchObject({
    contract_side: 'provider',
  });
let lastUser = '';
const manageableOf = async (w: World, role: SignedRole) => (await api(w.t.app, w.sessions[role], 'GET', '/api/users/manageable')).json().ids as string[];
const remember = (body: { username: string }) => ((lastUser = body.username), body);

const MATRIX: Record<string, Row> = {
  'auth.login': {
    expect: ALL,
    call: (w, role) => ({ session: null, input: { username: w.users[role === 'none' ? 'viewer' : role].username, password: PASSWORD } }),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ session: null, input: { username: w.users.editor.username, password: PASSWORD }, headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 200, call: (w) => ({ session: null, input: { username: w.users.manager.username, password: PASSWORD }, headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'auth.logout': {
    expect: ALL,
    call: async (w, role) => (role === 'none' ? { input: { username: 'x' } } : { session: await freshSession(w, role), input: { username: w.users[role].username } }),
    crossTenant: { as: 'editor', status: 200, call: async (w) => ({ session: await freshSession(w, 'editor'), input: { username: w.users.userA2.username } }), after: sessionAlive('userA2') },
    crossOrg: { as: 'manager', status: 200, call: async (w) => ({ session: await freshSession(w, 'manager'), input: { username: w.users.userB.username } }), after: sessionAlive('userB') },
  },
  'auth.me': {
    expect: ALL,
    call: () => ({}),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 200, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'auth.selectTenant': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { tenant_id: A1(w).id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: { tenant_id: A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { tenant_id: B1(w).id } }) },
  },
  'auth.selectOrganization': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { organization_id: w.orgA.id } }),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ input: { organization_id: w.orgA.id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { organization_id: w.orgB.id } }) },
  },
  'users.list': {
    expect: ALL,
    call: () => ({}),
    crossTenant: { as: 'editor', status: 200, call: () => ({}) },
    crossOrg: { as: 'manager', status: 200, call: () => ({}) },
  },
  'users.manageable': {
    expect: ALL,
    call: () => ({}),
    crossTenant: { as: 'editor', status: 200, call: () => ({}), after: async (w) => expect(await manageableOf(w, 'editor')).toEqual([]) },
    crossOrg: { as: 'manager', status: 200, call: () => ({}), after: async (w) => expect(await manageableOf(w, 'manager')).not.toContain(w.users.userB.id) },
  },
  'users.create': {
    expect: allBut({ editor: 403, viewer: 403, outsider: 403 }),
    call: (w) => ({ input: newUser(w.orgA.id) }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: remember(newUser(w.orgA.id, { tenant_ids: [A2(w).id] })) }), after: noUser(() => lastUser) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: remember(newUser(w.orgB.id)) }), after: noUser(() => lastUser) },
  },
  'users.toggleStatus': {
    expect: ORG_ADMINS,
    call: async (w) => ({ input: { id: (await createUser(db(w), { tenants: [A1(w)] })).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.users.userA2.id } }), after: stillActive(() => world.users.userA2.id) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.users.userB.id } }), after: stillActive(() => world.users.userB.id) },
  },
  'users.delete': {
    expect: ORG_ADMINS,
    call: async (w) => ({ input: { id: (await createUser(db(w), { tenants: [A1(w)] })).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.users.userA2.id } }), after: stillActive(() => world.users.userA2.id) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.users.userB.id } }), after: stillActive(() => world.users.userB.id) },
  },
  'users.permissions': {
    expect: ORG_ADMINS,
    call: (w) => ({ input: { id: w.users.targetA.id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.users.userA2.id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.users.userB.id } }) },
  },
  'users.accessibleTenants': {
    expect: ORG_ADMINS,
    call: (w) => ({ input: { id: w.users.targetA.id } }),
    crossTenant: { as: 'viewer', status: 404, call: (w) => ({ input: { id: w.users.userA2.id } }) },
    crossOrg: { as: 'admin', status: 404, call: (w) => ({ input: { id: w.users.userB.id } }) },
  },
  'organizations.list': {
    expect: ALL,
    call: () => ({}),
    crossTenant: { as: 'editor', status: 200, call: () => ({}) },
    crossOrg: { as: 'manager', status: 200, call: () => ({}) },
  },
  'organizations.allCustomers': {
    expect: ADMIN_ONLY,
    call: () => ({}),
    crossTenant: { as: 'editor', status: 403, call: () => ({}) },
    crossOrg: { as: 'manager', status: 403, call: () => ({}) },
  },
  'organizations.create': {
    expect: ADMIN_ONLY,
    call: () => ({ input: { name: unique('MatrixOrg') } }),
    crossTenant: { as: 'editor', status: 403, call: () => ({ input: { name: unique('MatrixOrg') } }) },
    crossOrg: { as: 'manager', status: 403, call: () => ({ input: { name: unique('MatrixOrg') } }) },
  },
  'organizations.update': {
    expect: allBut({ admin: 403, editor: 403, viewer: 403, outsider: 404 }),
    call: (w) => ({ input: { id: w.orgA.id, description: 'test' } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: { id: w.orgA.id, description: 'hijacked' } }) },
    crossOrg: {
      as: 'manager', status: 404, call: (w) => ({ input: { id: w.orgB.id, description: 'hijacked' } }),
      after: async (w) => expect((await getOrganizationRow(db(w), w.orgB.id))?.description).toBe('test'),
    },
  },
  'organizations.delete': {
    expect: ADMIN_ONLY,
    call: async (w, role) => ({ input: { id: role === 'productAdmin' ? (await createOrganization(db(w), 1)).id : w.orgA.id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: { id: w.orgA.id } }) },
    crossOrg: {
      as: 'manager', status: 403, call: (w) => ({ input: { id: w.orgB.id } }),
      after: async (w) => expect((await getOrganizationRow(db(w), w.orgB.id))?.is_active).toBe(true),
    },
  },
  'tenants.list': {
    expect: allBut({ outsider: 404 }),
    call: (w) => ({ input: { organization_id: w.orgA.id } }),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ input: { organization_id: w.orgA.id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { organization_id: w.orgB.id } }) },
  },
  'tenants.current': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { tenant_id: B1(w).id } }) },
  },
  'tenants.create': {
    expect: allBut({ editor: 403, viewer: 403, outsider: 404 }),
    call: (w) => ({ input: { name: unique('MatrixT'), assigned_frameworks: ['HIPAA'], organization_id: w.orgA.id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: { name: unique('MatrixT'), assigned_frameworks: ['HIPAA'], organization_id: w.orgA.id } }) },
    crossOrg: { as: 'admin', status: 404, call: (w) => ({ input: { name: unique('MatrixT'), assigned_frameworks: ['HIPAA'], organization_id: w.orgB.id } }) },
  },
  'tenants.update': {
    expect: ORG_ADMINS,
    call: async (w) => ({ input: { id: (await createTenant(db(w), w.orgA.id)).id, description: 'matrix' } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: A2(w).id, name: 'hijacked' } }), after: async (w) => expect((await getTenantRow(db(w), A2(w).id))?.name).toBe(A2(w).name) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: B1(w).id, name: 'hijacked' } }), after: async (w) => expect((await getTenantRow(db(w), B1(w).id))?.name).toBe(B1(w).name) },
  },
  'tenants.delete': {
    expect: ORG_ADMINS,
    call: async (w) => ({ input: { id: (await createTenant(db(w), w.orgA.id)).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: A2(w).id } }), after: tenantActive(A2) },
    crossOrg: { as: 'admin', status: 404, call: (w) => ({ input: { id: B1(w).id } }), after: tenantActive(B1) },
  },
  'requirements.updateResponse': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: (w) => ({ input: { id: w.requirements.A1, user_response: 'matrix' }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: {
      as: 'editor', status: 404, call: (w) => ({ input: { id: w.requirements.A2, user_response: 'hijacked' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: untouchedRequirement(() => world.requirements.A2),
    },
    crossOrg: {
      as: 'manager', status: 404, call: (w) => ({ input: { id: w.requirements.B1, compliance_status: 'Compliant' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: untouchedRequirement(() => world.requirements.B1),
    },
  },
  'reports.dashboard': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { tenant_id: A1(w).id } }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ input: { tenant_id: A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'reports.rollup': {
    expect: allBut({ admin: 403, editor: 403, viewer: 403, outsider: 404 }),
    call: (w) => ({ input: { id: w.orgA.id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: { id: w.orgA.id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.orgB.id } }) },
  },
  'reports.trend': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { tenant_id: A1(w).id, days: '30' } }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ input: { tenant_id: A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'reports.activity': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { tenant_id: A1(w).id, days: '7' } }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ input: { tenant_id: A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'reports.organizationTrend': {
    expect: allBut({ admin: 403, editor: 403, viewer: 403, outsider: 404 }),
    call: (w) => ({ input: { id: w.orgA.id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: { id: w.orgA.id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.orgB.id } }) },
  },
  'contracts.list': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { tenant_id: B1(w).id } }) },
  },
  'contracts.obligations': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { id: w.contracts.A1 }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.contracts.A2 }, headers: { 'x-tenant-id': A1(w).id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.contracts.B1 }, headers: { 'x-tenant-id': A1(w).id } }) },
  },
  'contracts.setSide': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: async (w) => ({ input: { id: await createDocument(db(w), A1(w), 'contract'), side: 'customer' }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: {
      as: 'editor',
      status: 404,
      call: (w) => ({ input: { id: w.contracts.A2, side: 'customer' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: sideKept(() => world.contracts.A2),
    },
    crossOrg: {
      as: 'manager',
      status: 404,
      call: (w) => ({ input: { id: w.contracts.B1, side: 'customer' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: sideKept(() => world.contracts.B1),
    },
  },
  'contracts.delete': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: async (w) => ({ input: { id: await createDocument(db(w), A1(w), 'contract') }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.contracts.A2 }, headers: { 'x-tenant-id': A1(w).id } }), after: documentKept(() => world.contracts.A2) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.contracts.B1 }, headers: { 'x-tenant-id': A1(w).id } }), after: documentKept(() => world.contracts.B1) },
  },
  'evidence.list': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { tenant_id: A1(w).id } }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ input: { tenant_id: A2(w).id } }) },
    crossOrg: { as: 'admin', status: 403, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'evidence.links': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { id: w.evidence.A1 }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.evidence.A2 }, headers: { 'x-tenant-id': A1(w).id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.evidence.B1 }, headers: { 'x-tenant-id': A1(w).id } }) },
  },
  'evidence.delete': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: async (w) => ({ input: { id: await createDocument(db(w), A1(w), 'evidence') }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.evidence.A2 }, headers: { 'x-tenant-id': A1(w).id } }), after: documentKept(() => world.evidence.A2) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.evidence.B1 }, headers: { 'x-tenant-id': A1(w).id } }), after: documentKept(() => world.evidence.B1) },
  },
  'requirements.evidence': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { id: w.requirements.A1 }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ input: { id: w.requirements.A2 }, headers: { 'x-tenant-id': A1(w).id } }) },
    crossOrg: { as: 'manager', status: 200, call: (w) => ({ input: { id: w.requirements.B1 }, headers: { 'x-tenant-id': A1(w).id } }) },
  },
  'requirements.generateResponse': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: (w) => ({ input: { id: w.requirements.A1 }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.requirements.A2 }, headers: { 'x-tenant-id': A1(w).id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.requirements.B1 }, headers: { 'x-tenant-id': A1(w).id } }) },
  },
  'jobs.get': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { id: w.jobs.A1 }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.jobs.A2 }, headers: { 'x-tenant-id': A1(w).id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.jobs.B1 }, headers: { 'x-tenant-id': A1(w).id } }) },
  },
  ...AI_ROWS,
  ...EVIDENCE_ROWS,
  ...ACCESS_ROWS,
  ...PASSWORD_ROWS,
  ...WORK_ROWS,
  ...REVIEW_ROWS,
  ...MEMBER_ROWS,
  'audit.list': {
    expect: ALL,
    call: () => ({ input: { limit: '500' } }),
    crossTenant: { as: 'editor', status: 200, call: () => ({ input: { limit: '500' } }) },
    crossOrg: { as: 'manager', status: 200, call: () => ({ input: { limit: '500' } }) },
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
});
afterAll(async () => t.close());

const procedures = listRestProcedures();

describe('the matrix covers the router', () => {
  it('every procedure has a REST path and a row, and every row a procedure', () => {
    expect(procedures.length).toBeGreaterThan(0);
    for (const p of procedures) expect(p.openapi, `${p.name} has no openapi meta`).toMatchObject({ method: expect.any(String), path: expect.any(String) });
    expect(procedures.map((p) => p.name).sort()).toEqual(Object.keys(MATRIX).sort());
  });
});

describe.each(procedures.map((p) => [p.name, p] as const))('%s', (name, procedure) => {
  const row = () => MATRIX[name]!;
  const run = async (role: Role, call: Call) => {
    const session = call.session !== undefined ? call.session : role === 'none' ? null : world.sessions[role];
    return callProcedure(t, procedure.openapi!, session, call);
  };

  it.each(ROLES)('as %s', async (role) => {
    const res = await run(role, await row().call(world, role));
    const expected = role === 'none' ? (PUBLIC.has(name) ? 200 : 401) : row().expect[role];
    expect(res.statusCode, `${procedure.openapi!.method} ${procedure.openapi!.path} as ${role}: ${res.body.slice(0, 300)}`).toBe(expected);
    if (expected >= 400) {
      expect(typeof res.json().detail).toBe('string');
      expectAbsent(res, everyName(world).filter((token) => role === 'none' || !Object.values(world.users[role]).includes(token)));
    }
    if (role === 'none' && !PUBLIC.has(name)) expect(res.json().detail).toBe('Not authenticated. Please log in.');
  });

  it('cross-tenant: a user of tenant A1 learns and changes nothing of tenant A2', async () => {
    const cross = row().crossTenant;
    const res = await run(cross.as, await cross.call(world));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(cross.status);
    expectAbsent(res, world.foreign.tenant);
    await cross.after?.(world);
  });

  it('cross-organization: a user of organization A learns and changes nothing of organization B', async () => {
    const cross = row().crossOrg;
    const res = await run(cross.as, await cross.call(world));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(cross.status);
    expectAbsent(res, world.foreign.org);
    await cross.after?.(world);
  });
});

describe('after the whole matrix', () => {
  it('the denied calls left organization A, its tenants and its users untouched', async () => {
    expect((await getOrganizationRow(db(world), world.orgA.id))?.is_active).toBe(true);
    for (const tenant of world.orgA.tenants) expect((await getTenantRow(db(world), tenant.id))?.is_active).toBe(true);
    for (const user of Object.values(world.users)) expect((await getUserRow(db(world), user.id)).deleted_at).toBeNull();
  });
});
