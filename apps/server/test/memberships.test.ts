import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { type OrgFixture, PASSWORD, type UserFixture, createOrganization, createUser, unique } from './helpers/factories';
import { auditEntriesOf, probe } from './helpers/db-probe';
import { createComplianceOrg } from './helpers/compliance-fixtures';

let t: TestApp;
let orgA: OrgFixture;
let orgB: OrgFixture;
const u = {} as Record<'admin' | 'manager' | 'orgAdmin' | 'editor' | 'managerB', UserFixture>;
const s = {} as Record<keyof typeof u, Session>;
const [A1, A2, B1] = [() => orgA.tenants[0]!, () => orgA.tenants[1]!, () => orgB.tenants[0]!];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  [orgA, orgB] = [await createComplianceOrg(db, [['HIPAA'], ['HIPAA']]), await createOrganization(db, 1)];
  u.admin = await createUser(db, { productAdmin: true });
  u.manager = await createUser(db, { manages: [orgA.id] });
  u.orgAdmin = await createUser(db, { role: 'Admin', memberOf: [orgA.id] });
  u.editor = await createUser(db, { role: 'Editor', tenants: [A1()] });
  u.managerB = await createUser(db, { manages: [orgB.id] });
  for (const key of Object.keys(u) as (keyof typeof u)[]) s[key] = await login(t.app, u[key].username, PASSWORD);
});
afterAll(async () => t.close());

const newUser = (extra: Record<string, unknown> = {}) => {
  const username = unique('member');
  return { username, email: `${username}@members.example`, password: 'long-enough-pw', role: 'Viewer', ...extra };
};
const tenantIds = async (session: Session) => ((await api(t.app, session, 'GET', '/api/tenants')).json() as { id: string }[]).map((x) => x.id);

describe('POST /api/users/ with organization_id, tenant_ids and tenant_roles', () => {
  it('a manager adds a user into one chosen tenant with a role; signed in, the user reaches exactly that tenant', async () => {
    const body = newUser({ role: 'Viewer', organization_id: orgA.id, tenant_ids: [A2().id], tenant_roles: [{ tenant_id: A2().id, role: 'Editor' }] });
    const res = await api(t.app, s.manager, 'POST', '/api/users/', body);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as { id: string };
    const session = await login(t.app, body.username, body.password);
    expect(await tenantIds(session)).toEqual([A2().id]);
    expectError(await api(t.app, session, 'GET', '/api/requirements/', undefined, { 'x-tenant-id': A1().id }), 403);
    // The tenant role (Editor) holds over the user's own role (Viewer): the user may change a response.
    const requirement = await probe(t.handle.db, async (tx) =>
      (await tx.selectFrom('tenant_requirements').select('id').where('tenant_id', '=', A2().id).limit(1).executeTakeFirstOrThrow()).id,
    );
    const patch = await api(t.app, session, 'PATCH', `/api/requirements/${requirement}/response`, { user_response: 'ok' }, { 'x-tenant-id': A2().id });
    expect(patch.statusCode, patch.body).toBe(200);
    const memberships = (await api(t.app, s.manager, 'GET', `/api/users/${created.id}/memberships`)).json();
    expect(memberships).toMatchObject({ organizations: [{ organization_id: orgA.id, role: 'member' }], tenants: [{ tenant_id: A2().id, role: 'Editor', effective_role: 'Editor' }] });
    const audit = (await auditEntriesOf(t.handle.db, u.manager.username)).filter((e) => e.action === 'create_user').at(-1);
    expect(audit?.details).toMatchObject({ organization_id: orgA.id, tenants: [{ tenant_id: A2().id, role: 'Editor' }] });
  });

  it('without organization_id and tenant_ids the spec payload still works', async () => {
    const res = await api(t.app, s.manager, 'POST', '/api/users/', newUser());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses another organization (403), tenants of another organization (400) and a role for a tenant not given (400)', async () => {
    const before = await probe(t.handle.db, async (tx) => Number((await tx.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
    expectError(await api(t.app, s.manager, 'POST', '/api/users/', newUser({ organization_id: orgB.id, tenant_ids: [B1().id] })), 403);
    expectError(await api(t.app, s.manager, 'POST', '/api/users/', newUser({ organization_id: orgA.id, tenant_ids: [B1().id] })), 400);
    expectError(
      await api(t.app, s.manager, 'POST', '/api/users/', newUser({ organization_id: orgA.id, tenant_ids: [A1().id], tenant_roles: [{ tenant_id: A2().id, role: 'Editor' }] })),
      400,
      'A tenant role names a tenant the user is not given',
    );
    expectError(await api(t.app, s.manager, 'POST', '/api/users/', newUser({ organization_id: orgA.id, tenant_roles: [{ tenant_id: 'nope', role: 'Editor' }] })), 400);
    const after = await probe(t.handle.db, async (tx) => Number((await tx.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
    expect(after).toBe(before);
  });
});

describe('GET and PUT /api/users/{id}/memberships', () => {
  it('replaces memberships; the change is audited and holds from the user\'s next request', async () => {
    const target = await createUser(t.handle.db, { role: 'Viewer', tenants: [A1()] });
    const session = await login(t.app, target.username, PASSWORD);
    expect(await tenantIds(session)).toEqual([A1().id]);
    const res = await api(t.app, s.manager, 'PUT', `/api/users/${target.id}/memberships`, {
      organizations: [{ organization_id: orgA.id, role: 'member' }],
      tenants: [{ tenant_id: A2().id, role: 'Editor' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user_id: target.id, organizations: [{ organization_id: orgA.id, role: 'member' }], tenants: [{ tenant_id: A2().id, role: 'Editor' }] });
    // Same session, next request: the new access holds.
    expect(await tenantIds(session)).toEqual([A2().id]);
    const audit = (await auditEntriesOf(t.handle.db, u.manager.username)).filter((e) => e.action === 'update_user_access').at(-1);
    expect(audit?.organization_id).toBe(orgA.id);
    expect(JSON.stringify(audit?.details)).toContain(A2().name);
    expect(JSON.stringify(audit?.details)).toContain(A1().name);
    const read = await api(t.app, s.manager, 'GET', `/api/users/${target.id}/memberships`);
    expect(read.json()).toEqual(res.json());
  });

  it('keeps memberships in organizations the caller does not administer, and hides them from that caller', async () => {
    const target = await createUser(t.handle.db, { role: 'Viewer', tenants: [A1(), B1()] });
    const read = await api(t.app, s.manager, 'GET', `/api/users/${target.id}/memberships`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(B1().id);
    expect(read.body).not.toContain(orgB.name);
    const res = await api(t.app, s.manager, 'PUT', `/api/users/${target.id}/memberships`, { organizations: [], tenants: [] });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await probe(t.handle.db, (tx) => tx.selectFrom('tenant_access').select('tenant_id').where('user_id', '=', target.id).execute());
    expect(rows.map((r) => r.tenant_id)).toEqual([B1().id]);
  });

  it('denies other organizations, grants above the caller and unknown users', async () => {
    const target = await createUser(t.handle.db, { role: 'Viewer', tenants: [A1()] });
    const url = `/api/users/${target.id}/memberships`;
    // A manager of another organization can neither read nor change the user (404, nothing named).
    const denied = await api(t.app, s.managerB, 'GET', url);
    expectError(denied, 404);
    expect(denied.body).not.toContain(orgA.name);
    expectError(await api(t.app, s.managerB, 'PUT', url, { organizations: [], tenants: [] }), 404);
    // A manager of A cannot grant another organization's tenant or the organization itself.
    expectError(await api(t.app, s.manager, 'PUT', url, { organizations: [], tenants: [{ tenant_id: B1().id, role: 'Viewer' }] }), 403);
    expectError(await api(t.app, s.manager, 'PUT', url, { organizations: [{ organization_id: orgB.id, role: 'member' }], tenants: [] }), 403);
    // An Admin (member of A) cannot make someone a manager: that is above their own power.
    expectError(await api(t.app, s.orgAdmin, 'PUT', url, { organizations: [{ organization_id: orgA.id, role: 'manager' }], tenants: [] }), 403);
    // An Editor cannot change access at all; nobody changes their own.
    expectError(await api(t.app, s.editor, 'PUT', url, { organizations: [], tenants: [] }), 403);
    expectError(await api(t.app, s.manager, 'PUT', `/api/users/${u.manager.id}/memberships`, { organizations: [], tenants: [] }), 400);
    const rows = await probe(t.handle.db, (tx) => tx.selectFrom('tenant_access').select('tenant_id').where('user_id', '=', target.id).execute());
    expect(rows.map((r) => r.tenant_id)).toEqual([A1().id]);
  });

  it('answers 400 for bad input', async () => {
    const target = await createUser(t.handle.db, { role: 'Viewer', tenants: [A1()] });
    const url = `/api/users/${target.id}/memberships`;
    expectError(await api(t.app, s.manager, 'PUT', url, { organizations: 'x', tenants: [] }), 400);
    expectError(await api(t.app, s.manager, 'PUT', url, { organizations: [], tenants: [{ tenant_id: A1().id, role: 'Owner' }] }), 400);
    expectError(await api(t.app, s.manager, 'PUT', url, { organizations: [], tenants: [{ tenant_id: A1().id }, { tenant_id: A1().id }] }), 400, /listed twice/);
    expectError(await api(t.app, s.manager, 'PUT', '/api/users/nope/memberships', { organizations: [], tenants: [] }), 400);
  });

  it('the users table summary lists organizations and active tenants of visible users only', async () => {
    const res = await api(t.app, s.manager, 'GET', '/api/users/memberships');
    expect(res.statusCode).toBe(200);
    const editor = (res.json() as { user_id: string; tenants: { id: string }[] }[]).find((x) => x.user_id === u.editor.id);
    expect(editor?.tenants.map((x) => x.id)).toEqual([A1().id]);
    expect(res.body).not.toContain(u.managerB.id);
  });
});

describe('deleting and restoring', () => {
  it('a deleted tenant leaves lists and counts, shows under include_inactive, and a manager restores it with its data', async () => {
    const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['ISO 27001']]);
    const manager = await createUser(t.handle.db, { manages: [org.id] });
    const session = await login(t.app, manager.username, PASSWORD);
    const [keep, gone] = [org.tenants[0]!, org.tenants[1]!];
    const requirements = await probe(t.handle.db, async (tx) => Number((await tx.selectFrom('tenant_requirements').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', gone.id).executeTakeFirstOrThrow()).n));
    expect((await api(t.app, session, 'DELETE', `/api/tenants/${gone.id}`)).statusCode).toBe(200);
    const list = (q = '') => api(t.app, session, 'GET', `/api/tenants?organization_id=${org.id}${q}`).then((r) => (r.json() as { id: string }[]).map((x) => x.id));
    expect(await list()).toEqual([keep.id]);
    expect(await list('&include_inactive=true')).toEqual(expect.arrayContaining([keep.id, gone.id]));
    const orgs = (await api(t.app, s.admin, 'GET', '/api/organizations/all-customers')).json() as { id: string; tenant_count: number }[];
    expect(orgs.find((o) => o.id === org.id)?.tenant_count).toBe(1);
    const restored = await api(t.app, session, 'POST', `/api/tenants/${gone.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: gone.id, is_active: true });
    expect(await list()).toEqual(expect.arrayContaining([keep.id, gone.id]));
    const after = await probe(t.handle.db, async (tx) => Number((await tx.selectFrom('tenant_requirements').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', gone.id).executeTakeFirstOrThrow()).n));
    expect(requirements).toBeGreaterThan(0);
    expect(after).toBe(requirements);
    expect((await auditEntriesOf(t.handle.db, manager.username)).map((e) => e.action)).toEqual(expect.arrayContaining(['delete_tenant', 'restore_tenant']));
    expectError(await api(t.app, session, 'POST', `/api/tenants/${gone.id}/restore`), 400, /already active/);
  });

  it('only managers restore tenants: an Admin member gets 403, another organization 404', async () => {
    const target = orgA.tenants[1]!;
    await probe(t.handle.db, (tx) => tx.updateTable('tenants').set({ is_active: false }).where('id', '=', target.id).execute());
    try {
      expectError(await api(t.app, s.orgAdmin, 'POST', `/api/tenants/${target.id}/restore`), 403);
      expectError(await api(t.app, s.managerB, 'POST', `/api/tenants/${target.id}/restore`), 404);
      expectError(await api(t.app, s.editor, 'POST', `/api/tenants/${target.id}/restore`), 404);
      expect((await probe(t.handle.db, (tx) => tx.selectFrom('tenants').select('is_active').where('id', '=', target.id).executeTakeFirstOrThrow())).is_active).toBe(false);
    } finally {
      await probe(t.handle.db, (tx) => tx.updateTable('tenants').set({ is_active: true }).where('id', '=', target.id).execute());
    }
  });

  it('a product admin restores an organization with the tenants deleted with it, not one deleted before', async () => {
    const org = await createOrganization(t.handle.db, 2);
    const [first, second] = [org.tenants[0]!, org.tenants[1]!];
    expect((await api(t.app, s.admin, 'DELETE', `/api/tenants/${first.id}`)).statusCode).toBe(200);
    expect((await api(t.app, s.admin, 'DELETE', `/api/organizations/${org.id}`)).statusCode).toBe(200);
    const ids = async (q: string) => ((await api(t.app, s.admin, 'GET', `/api/organizations${q}`)).json() as { id: string }[]).map((o) => o.id);
    expect(await ids('')).not.toContain(org.id);
    expect(await ids('?include_inactive=true')).toContain(org.id);
    expectError(await api(t.app, s.manager, 'POST', `/api/organizations/${org.id}/restore`), 403);
    expectError(await api(t.app, s.admin, 'POST', `/api/tenants/${second.id}/restore`), 400, /Restore the organization first/);
    const res = await api(t.app, s.admin, 'POST', `/api/organizations/${org.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ is_active: true, tenant_count: 1 });
    const states = await probe(t.handle.db, (tx) => tx.selectFrom('tenants').select(['id', 'is_active']).where('organization_id', '=', org.id).execute());
    expect(Object.fromEntries(states.map((r) => [r.id, r.is_active]))).toEqual({ [first.id]: false, [second.id]: true });
    expect((await auditEntriesOf(t.handle.db, u.admin.username)).map((e) => e.action)).toContain('restore_organization');
    expectError(await api(t.app, s.admin, 'GET', '/api/organizations?include_inactive=maybe'), 400);
  });
});
