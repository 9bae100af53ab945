import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestApp, api, attemptLogin, createTestApp, expectError, login, randomIp } from './helpers/test-app';
import { type OrgFixture, PASSWORD, type UserFixture, createOrganization, createUser, unique } from './helpers/factories';
import { auditEntriesOf, findUsers, getUserRow, probe } from './helpers/db-probe';

let t: TestApp;
let orgA: OrgFixture;
let orgB: OrgFixture;
const u = {} as Record<'admin' | 'manager' | 'orgAdmin' | 'editor' | 'viewer' | 'managerB', UserFixture>;
const s = {} as Record<keyof typeof u, Session>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  [orgA, orgB] = [await createOrganization(db, 2), await createOrganization(db, 1)];
  u.admin = await createUser(db, { productAdmin: true });
  u.manager = await createUser(db, { manages: [orgA.id] });
  u.orgAdmin = await createUser(db, { role: 'Admin', memberOf: [orgA.id] });
  u.editor = await createUser(db, { role: 'Editor', tenants: [orgA.tenants[0]!] });
  u.viewer = await createUser(db, { role: 'Viewer', tenants: [orgA.tenants[0]!] });
  u.managerB = await createUser(db, { manages: [orgB.id] });
  for (const key of Object.keys(u) as (keyof typeof u)[]) s[key] = await login(t.app, u[key].username, PASSWORD);
});
afterAll(async () => t.close());

const names = (res: { json(): unknown }) => (res.json() as { username: string }[]).map((x) => x.username);
const freshUserInA = (role: 'Admin' | 'Editor' | 'Viewer' = 'Viewer') => createUser(t.handle.db, { role, tenants: [orgA.tenants[0]!] });
const newUser = (extra: Record<string, unknown> = {}) => {
  const username = unique('new');
  return { username, email: `${username}@Example.com`, password: 'long-enough-password', full_name: 'New Person', role: 'Editor', ...extra };
};

describe('GET /api/users/', () => {
  it('product admin sees the users of every organization', async () => {
    const list = names(await api(t.app, s.admin, 'GET', '/api/users/'));
    expect(list).toEqual(expect.arrayContaining([u.manager.username, u.viewer.username, u.managerB.username, u.admin.username]));
  });

  it.each(['manager', 'orgAdmin'] as const)('%s sees the users of their organization only, with the spec fields', async (who) => {
    const res = await api(t.app, s[who], 'GET', '/api/users');
    expect(res.statusCode).toBe(200);
    const list = names(res);
    expect(list).toEqual(expect.arrayContaining([u.manager.username, u.orgAdmin.username, u.editor.username, u.viewer.username]));
    expect(list).not.toContain(u.managerB.username);
    expect(list).not.toContain(u.admin.username);
    const viewer = (res.json() as Record<string, unknown>[]).find((x) => x.username === u.viewer.username)!;
    expect(Object.keys(viewer).sort()).toEqual(['created_at', 'email', 'full_name', 'id', 'is_active', 'is_product_admin', 'role', 'username']);
  });

  it.each(['editor', 'viewer'] as const)('%s sees only themselves', async (who) => {
    expect(names(await api(t.app, s[who], 'GET', '/api/users/'))).toEqual([u[who].username]);
  });
});

describe('GET /api/users/manageable', () => {
  const manageable = async (who: keyof typeof s) => (await api(t.app, s[who], 'GET', '/api/users/manageable')).json().ids as string[];

  it('names only listed users, never the caller, and none who outrank the caller', async () => {
    for (const who of ['admin', 'manager', 'orgAdmin'] as const) {
      const ids = await manageable(who);
      const listed = new Set(((await api(t.app, s[who], 'GET', '/api/users/')).json() as { id: string }[]).map((user) => user.id));
      expect(ids.filter((id) => !listed.has(id)), `${who}: only listed users`).toEqual([]);
      expect(ids, `${who} never manages themselves`).not.toContain(s[who].userId);
    }
    expect(await manageable('orgAdmin')).not.toContain(u.manager.id);
    expect(await manageable('orgAdmin')).toEqual(expect.arrayContaining([u.editor.id, u.viewer.id]));
    expect(await manageable('manager')).toEqual(expect.arrayContaining([u.orgAdmin.id, u.editor.id, u.viewer.id]));
    expect(await manageable('admin')).toEqual(expect.arrayContaining([u.manager.id, u.managerB.id, u.viewer.id]));
  });

  it('agrees with the toggle: a user left out is refused, a user named is changed', async () => {
    const target = await freshUserInA('Editor');
    const ids = await manageable('orgAdmin');
    expect(ids).toContain(target.id);
    expect((await api(t.app, s.orgAdmin, 'PATCH', `/api/users/${target.id}/toggle-status`)).statusCode).toBe(200);
    expect(ids).not.toContain(u.manager.id);
    expect((await api(t.app, s.orgAdmin, 'PATCH', `/api/users/${u.manager.id}/toggle-status`)).statusCode).toBe(403);
  });

  it.each(['editor', 'viewer'] as const)('%s manages nobody', async (who) => {
    expect(await manageable(who)).toEqual([]);
  });
});

describe('POST /api/users/', () => {
  it('creates a user from the spec payload in the caller\'s organization and current tenant', async () => {
    const body = newUser({ role: 'Admin' });
    const res = await api(t.app, s.manager, 'POST', '/api/users/', body);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ username: body.username, email: body.email, full_name: 'New Person', role: 'Admin', is_active: true, is_product_admin: false });
    expect(created.password).toBeUndefined();
    expect(created.password_hash).toBeUndefined();
    expect(names(await api(t.app, s.manager, 'GET', '/api/users/'))).toContain(body.username);
    const session = await login(t.app, body.username, body.password);
    const tenants = await api(t.app, session, 'GET', `/api/users/${created.id}/accessible-tenants`);
    expect(tenants.json().map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([orgA.tenants[0]!.id]));
    const entry = (await auditEntriesOf(t.handle.db, u.manager.username)).find((e) => e.action === 'create_user');
    expect(entry?.details).toMatchObject({ user_id: created.id });
  });

  it('defaults the role to Viewer and full_name to null', async () => {
    const { role: _role, full_name: _name, ...body } = newUser();
    const res = await api(t.app, s.orgAdmin, 'POST', '/api/users', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'Viewer', full_name: null });
  });

  it('never lets the body grant product-admin power', async () => {
    const body = newUser({ role: 'Admin', is_product_admin: true });
    const res = await api(t.app, s.manager, 'POST', '/api/users/', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().is_product_admin).toBe(false);
    expect((await findUsers(t.handle.db, body.username))[0]!.is_product_admin).toBe(false);
  });

  it.each(['editor', 'viewer'] as const)('refuses %s with 403 and writes nothing', async (who) => {
    const body = newUser({ role: 'Viewer' });
    expectError(await api(t.app, s[who], 'POST', '/api/users/', body), 403, 'You do not have permission to create users');
    expect(await findUsers(t.handle.db, body.username)).toEqual([]);
  });

  it('refuses to add a user to an organization the caller does not administer', async () => {
    const body = newUser({ organization_id: orgB.id });
    expectError(await api(t.app, s.orgAdmin, 'POST', '/api/users/', body), 403, 'You cannot add users to this organization');
    expect(await findUsers(t.handle.db, body.username)).toEqual([]);
  });

  it('refuses tenants of another organization with 400 and writes nothing', async () => {
    const body = newUser({ organization_id: orgA.id, tenant_ids: [orgB.tenants[0]!.id] });
    expectError(await api(t.app, s.manager, 'POST', '/api/users/', body), 400, 'Every tenant must belong to the chosen organization');
    expect(await findUsers(t.handle.db, body.username)).toEqual([]);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['a missing email', { email: undefined }, /Email is required/],
    ['a missing password', { password: undefined }, /Password is required/],
    ['a bad e-mail', { email: 'not-an-email' }, /^Email must be a valid e-mail address$/],
    ['an over-long username', { username: 'x'.repeat(65) }, /^Username must be at most 64 characters$/],
    ['an over-long e-mail', { email: `${'x'.repeat(250)}@example.com` }, /^Email must be at most 254 characters$/],
    ['an over-long full name', { full_name: 'x'.repeat(201) }, /full_name: Must be at most 200 characters/],
    ['a short password', { password: 'short' }, /^Password must be at least 12 characters$/],
    ['a password of 11 characters', { password: 'Kx7-vq2-pLm' }, /^Password must be at least 12 characters$/],
    ['a password of 129 characters', { password: `Zq8-${'mVw3'.repeat(31)}x` }, /^Password must be at most 128 characters$/],
    ['a breached password', { password: 'Password2024!' }, /^This password is too common: it appears in lists of breached passwords/],
    ['a numeric password', { password: 12345678 }, /Password/],
    ['a username with spaces', { username: 'two words' }, /Username may contain only/],
    ['an unknown role', { role: 'Owner' }, /^Role must be one of Admin, Editor, Viewer$/],
    ['a lower-case role', { role: 'admin' }, /^Role must be one of Admin, Editor, Viewer$/],
    ['an array for the username', { username: ['abc'] }, /Username/],
  ];
  it.each(invalid)('refuses %s with 400, a clear detail and nothing written', async (_label, change, detail) => {
    const body = { ...newUser(), ...change };
    const before = (await auditEntriesOf(t.handle.db, u.manager.username)).length;
    expectError(await api(t.app, s.manager, 'POST', '/api/users/', body), 400, detail);
    if (typeof body.username === 'string') expect(await findUsers(t.handle.db, body.username)).toEqual([]);
    expect(await auditEntriesOf(t.handle.db, u.manager.username)).toHaveLength(before);
  });

  it('refuses an empty body with 400 naming the missing fields', async () => {
    expectError(await api(t.app, s.manager, 'POST', '/api/users/', {}), 400, 'Username is required; Email is required; Password is required');
  });

  it('refuses a duplicate username in any letter case with 409', async () => {
    const first = newUser();
    expect((await api(t.app, s.manager, 'POST', '/api/users/', first)).statusCode).toBe(200);
    const again = newUser({ username: first.username.toUpperCase() });
    expectError(await api(t.app, s.manager, 'POST', '/api/users/', again), 409, `Username "${again.username}" already exists`);
    expect(await findUsers(t.handle.db, first.username)).toHaveLength(1);
  });

  it('refuses a duplicate e-mail in any letter case with 409', async () => {
    const first = newUser();
    expect((await api(t.app, s.manager, 'POST', '/api/users/', first)).statusCode).toBe(200);
    const again = newUser({ email: first.email.toUpperCase() });
    expectError(await api(t.app, s.manager, 'POST', '/api/users/', again), 409, `Email "${again.email}" is already in use`);
    expect(await findUsers(t.handle.db, again.username)).toEqual([]);
  });
});

describe('PATCH /api/users/{id}/toggle-status', () => {
  it('deactivates a user (ending their sessions and logins) and activates them again', async () => {
    const target = await freshUserInA();
    const theirs = await login(t.app, target.username, PASSWORD);
    const off = await api(t.app, s.orgAdmin, 'PATCH', `/api/users/${target.id}/toggle-status`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ success: true, message: `User "${target.username}" deactivated successfully`, user: { id: target.id, is_active: false } });
    expectError(await api(t.app, theirs, 'GET', '/api/auth/me'), 401);
    expectError(await attemptLogin(t.app, target.username, PASSWORD, randomIp()), 401, /deactivated/);
    const on = await api(t.app, s.orgAdmin, 'PATCH', `/api/users/${target.id}/toggle-status`);
    expect(on.json().user.is_active).toBe(true);
    expect((await attemptLogin(t.app, target.username, PASSWORD, randomIp())).statusCode).toBe(200);
    const actions = (await auditEntriesOf(t.handle.db, u.orgAdmin.username)).filter((e) => e.action === 'update_user_status');
    expect(actions.slice(-2).map((e) => (e.details as { message: string }).message)).toEqual([
      `User "${target.username}" deactivated`,
      `User "${target.username}" activated`,
    ]);
  });

  it('refuses the caller\'s own account with 400', async () => {
    expectError(await api(t.app, s.manager, 'PATCH', `/api/users/${u.manager.id}/toggle-status`), 400, 'You cannot change your own account status');
    expect((await getUserRow(t.handle.db, u.manager.id)).is_active).toBe(true);
  });

  it('refuses a more powerful target with 403 (Admin on a manager, manager on a product admin)', async () => {
    const admin = await createUser(t.handle.db, { productAdmin: true, memberOf: [orgA.id] });
    expectError(await api(t.app, s.orgAdmin, 'PATCH', `/api/users/${u.manager.id}/toggle-status`), 403, 'You cannot change a user with more permissions than your own');
    expectError(await api(t.app, s.manager, 'PATCH', `/api/users/${admin.id}/toggle-status`), 403, /more permissions/);
    expect((await getUserRow(t.handle.db, admin.id)).is_active).toBe(true);
  });

  it('answers 404 for users the caller cannot see, and writes nothing', async () => {
    const target = await freshUserInA();
    expectError(await api(t.app, s.editor, 'PATCH', `/api/users/${target.id}/toggle-status`), 404, 'User not found');
    expectError(await api(t.app, s.managerB, 'PATCH', `/api/users/${target.id}/toggle-status`), 404, 'User not found');
    expect((await getUserRow(t.handle.db, target.id)).is_active).toBe(true);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('keeps the row and its audit history, hides the user and stops their logins', async () => {
    const target = await freshUserInA();
    const theirs = await login(t.app, target.username, PASSWORD);
    const res = await api(t.app, s.manager, 'DELETE', `/api/users/${target.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: `User "${target.username}" deleted successfully` });
    const row = await getUserRow(t.handle.db, target.id);
    expect(row.deleted_at).not.toBeNull();
    expect(row.is_active).toBe(false);
    expect(names(await api(t.app, s.manager, 'GET', '/api/users/'))).not.toContain(target.username);
    expectError(await api(t.app, theirs, 'GET', '/api/auth/me'), 401);
    expectError(await attemptLogin(t.app, target.username, PASSWORD, randomIp()), 401, 'Invalid username or password');
    expect((await auditEntriesOf(t.handle.db, target.username)).map((e) => e.action)).toContain('login');
    const deleted = (await auditEntriesOf(t.handle.db, u.manager.username)).find((e) => e.action === 'delete_user' && (e.details as { user_id: string }).user_id === target.id);
    expect(deleted?.organization_id).toBe(orgA.id);
    expectError(await api(t.app, s.manager, 'DELETE', `/api/users/${target.id}`), 404, 'User not found');
    expectError(await api(t.app, s.manager, 'GET', `/api/users/${target.id}/permissions`), 404);
  });

  it('refuses self (400), a more powerful target (403) and an invisible one (404)', async () => {
    expectError(await api(t.app, s.orgAdmin, 'DELETE', `/api/users/${u.orgAdmin.id}`), 400);
    expectError(await api(t.app, s.orgAdmin, 'DELETE', `/api/users/${u.manager.id}`), 403, /more permissions/);
    expectError(await api(t.app, s.managerB, 'DELETE', `/api/users/${u.viewer.id}`), 404, 'User not found');
    expectError(await api(t.app, s.viewer, 'DELETE', `/api/users/${u.editor.id}`), 404, 'User not found');
    const rows = await probe(t.handle.db, (tx) => tx.selectFrom('users').select('deleted_at').where('id', 'in', [u.orgAdmin.id, u.manager.id, u.viewer.id, u.editor.id]).execute());
    expect(rows.every((r) => r.deleted_at === null)).toBe(true);
  });
});

describe('GET /api/users/{id}/permissions', () => {
  it('answers a Viewer about themselves', async () => {
    const res = await api(t.app, s.viewer, 'GET', `/api/users/${u.viewer.id}/permissions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_id: u.viewer.id, username: u.viewer.username, role: 'Viewer', is_product_admin: false,
      all_organizations: [], managed_organizations: [], member_organizations: [],
    });
  });

  it('lists every organization for a product admin and the managed ones for a manager', async () => {
    const admin = (await api(t.app, s.admin, 'GET', `/api/users/${u.admin.id}/permissions`)).json();
    expect(admin.is_product_admin).toBe(true);
    expect(admin.all_organizations.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([orgA.id, orgB.id]));
    const manager = (await api(t.app, s.manager, 'GET', `/api/users/${u.manager.id}/permissions`)).json();
    expect(manager.managed_organizations).toEqual([{ id: orgA.id, name: orgA.name, description: 'test' }]);
    expect(manager.all_organizations).toEqual([]);
  });

  it('answers administrators of the user\'s organization and a product admin', async () => {
    for (const who of ['admin', 'manager', 'orgAdmin'] as const) {
      const res = await api(t.app, s[who], 'GET', `/api/users/${u.viewer.id}/permissions`);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().username).toBe(u.viewer.username);
    }
  });

  it('answers 404 to anyone else', async () => {
    for (const [who, target] of [['editor', u.viewer], ['viewer', u.editor], ['managerB', u.viewer], ['manager', u.managerB]] as const) {
      const res = await api(t.app, s[who], 'GET', `/api/users/${target.id}/permissions`);
      expectError(res, 404, 'User not found');
      expect(res.body).not.toContain(target.username);
    }
  });
});

describe('GET /api/users/{id}/accessible-tenants', () => {
  it('lists the granted tenants of a Viewer with the spec fields', async () => {
    const res = await api(t.app, s.viewer, 'GET', `/api/users/${u.viewer.id}/accessible-tenants`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{
      id: orgA.tenants[0]!.id, name: orgA.tenants[0]!.name, organization_id: orgA.id, organization_name: orgA.name,
      assigned_frameworks: ['ISO 27001'], is_active: true,
    }]);
  });

  it('lists every tenant of a manager\'s organization, and everything for a product admin', async () => {
    const manager = (await api(t.app, s.manager, 'GET', `/api/users/${u.manager.id}/accessible-tenants`)).json();
    expect(manager.map((x: { id: string }) => x.id).sort()).toEqual(orgA.tenants.map((x) => x.id).sort());
    const admin = (await api(t.app, s.admin, 'GET', `/api/users/${u.admin.id}/accessible-tenants`)).json();
    expect(admin.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([...orgA.tenants, ...orgB.tenants].map((x) => x.id)));
  });

  it('answers an organization administrator about their user, and 404 to others', async () => {
    const res = await api(t.app, s.orgAdmin, 'GET', `/api/users/${u.editor.id}/accessible-tenants`);
    expect(res.json().map((x: { id: string }) => x.id)).toEqual([orgA.tenants[0]!.id]);
    expectError(await api(t.app, s.viewer, 'GET', `/api/users/${u.editor.id}/accessible-tenants`), 404);
    expectError(await api(t.app, s.managerB, 'GET', `/api/users/${u.editor.id}/accessible-tenants`), 404);
  });
});
