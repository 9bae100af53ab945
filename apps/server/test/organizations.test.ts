import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { type OrgFixture, PASSWORD, type UserFixture, createOrganization, createUser, unique } from './helpers/factories';
import { auditEntriesOf, countOrganizationsNamed, getOrganizationRow, probe } from './helpers/db-probe';

let t: TestApp;
let orgA: OrgFixture;
let orgB: OrgFixture;
const u = {} as Record<'admin' | 'manager' | 'orgAdmin' | 'editor' | 'managerB' | 'loner', UserFixture>;
const s = {} as Record<keyof typeof u, Session>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  [orgA, orgB] = [await createOrganization(db, 2), await createOrganization(db, 1)];
  u.admin = await createUser(db, { productAdmin: true });
  u.manager = await createUser(db, { manages: [orgA.id] });
  u.orgAdmin = await createUser(db, { role: 'Admin', memberOf: [orgA.id] });
  u.editor = await createUser(db, { role: 'Editor', tenants: [orgA.tenants[0]!] });
  u.managerB = await createUser(db, { manages: [orgB.id] });
  u.loner = await createUser(db, { role: 'Admin' });
  for (const key of Object.keys(u) as (keyof typeof u)[]) s[key] = await login(t.app, u[key].username, PASSWORD);
});
afterAll(async () => t.close());

const ids = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((o) => o.id);
const domain = () => `${unique('d')}.example.com`;

describe('GET /api/organizations', () => {
  it('product admin sees every organization with the spec fields', async () => {
    const res = await api(t.app, s.admin, 'GET', '/api/organizations');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(expect.arrayContaining([orgA.id, orgB.id]));
    const a = (res.json() as Record<string, unknown>[]).find((o) => o.id === orgA.id)!;
    expect(a).toMatchObject({ name: orgA.name, domain: null, logo_url: null, description: 'test', is_active: true, tenant_count: 2 });
    expect(Object.keys(a).sort()).toEqual(['created_at', 'description', 'domain', 'id', 'is_active', 'logo_url', 'name', 'tenant_count', 'user_count']);
  });

  it.each([['manager', 'A'], ['orgAdmin', 'A'], ['editor', 'A'], ['managerB', 'B']] as const)('%s sees only organization %s', async (who, which) => {
    const expected = which === 'A' ? orgA.id : orgB.id;
    expect(ids(await api(t.app, s[who], 'GET', '/api/organizations'))).toEqual([expected]);
  });

  it('a user without any organization sees none', async () => {
    expect((await api(t.app, s.loner, 'GET', '/api/organizations')).json()).toEqual([]);
  });
});

describe('GET /api/organizations/all-customers', () => {
  it('lists every customer with tenant_count and user_count (deleted users not counted)', async () => {
    const org = await createOrganization(t.handle.db, 3);
    await createUser(t.handle.db, { memberOf: [org.id] });
    await createUser(t.handle.db, { tenants: [org.tenants[1]!] });
    const gone = await createUser(t.handle.db, { tenants: [org.tenants[0]!] });
    await probe(t.handle.db, (tx) => tx.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute());
    const res = await api(t.app, s.admin, 'GET', '/api/organizations/all-customers');
    expect(res.statusCode).toBe(200);
    const row = (res.json() as { id: string; tenant_count: number; user_count: number }[]).find((o) => o.id === org.id);
    expect(row).toMatchObject({ tenant_count: 3, user_count: 2 });
    expect(ids(res)).toEqual(expect.arrayContaining([orgA.id, orgB.id]));
  });

  it.each(['manager', 'orgAdmin', 'editor', 'managerB'] as const)('refuses %s with 403', async (who) => {
    const res = await api(t.app, s[who], 'GET', '/api/organizations/all-customers');
    expectError(res, 403, 'Only product administrators can list all customers');
    expect(res.body).not.toContain(orgB.name);
  });
});

describe('POST /api/organizations', () => {
  it('product admin creates an organization from the spec payload', async () => {
    const body = { name: unique('Acme'), domain: domain(), logo_url: 'https://cdn.example.com/logo.png', description: 'A customer' };
    const res = await api(t.app, s.admin, 'POST', '/api/organizations', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...body, is_active: true, tenant_count: 0, user_count: 0 });
    const entry = (await auditEntriesOf(t.handle.db, u.admin.username)).find((e) => e.action === 'create_organization' && e.organization_id === res.json().id);
    expect((entry!.details as { message: string }).message).toBe(`Organization "${body.name}" created`);
  });

  it('trims the fields and stores empty optional ones as null', async () => {
    const name = unique('Trim');
    const res = await api(t.app, s.admin, 'POST', '/api/organizations', { name: `  ${name}  `, domain: '', logo_url: '   ', description: '' });
    expect(res.json()).toMatchObject({ name, domain: null, logo_url: null, description: null });
  });

  it.each([
    ['a missing name', { name: undefined }, 'Organization name is required'],
    ['a blank name', { name: '   ' }, 'Organization name is required'],
    ['a logo URL that is not a URL', { logo_url: 'not a url' }, 'Logo URL must be a valid http(s) URL'],
    ['a javascript: logo URL', { logo_url: 'javascript:alert(1)' }, 'Logo URL must be a valid http(s) URL'],
    ['an over-long name', { name: 'x'.repeat(201) }, 'Organization name must be at most 200 characters'],
  ])('refuses %s with 400 and writes nothing', async (_label, change, detail) => {
    const name = unique('Bad');
    const body = { name, domain: null, logo_url: null, description: null, ...change };
    expectError(await api(t.app, s.admin, 'POST', '/api/organizations', body), 400, detail);
    expect(await countOrganizationsNamed(t.handle.db, name)).toBe(0);
  });

  it('refuses a domain already in use, in any letter case, with 409', async () => {
    const taken = domain();
    await createOrganization(t.handle.db, 0, taken);
    const name = unique('Dup');
    expectError(await api(t.app, s.admin, 'POST', '/api/organizations', { name, domain: taken.toUpperCase() }), 409, `An organization with domain "${taken.toUpperCase()}" already exists`);
    expect(await countOrganizationsNamed(t.handle.db, name)).toBe(0);
  });

  it.each(['manager', 'orgAdmin', 'editor'] as const)('refuses %s with 403', async (who) => {
    const name = unique('Nope');
    expectError(await api(t.app, s[who], 'POST', '/api/organizations', { name }), 403, 'Only product administrators can create organizations');
    expect(await countOrganizationsNamed(t.handle.db, name)).toBe(0);
  });
});

describe('PATCH /api/organizations/{id}', () => {
  it('a manager updates their organization', async () => {
    const org = await createOrganization(t.handle.db, 1);
    const manager = await createUser(t.handle.db, { manages: [org.id] });
    const session = await login(t.app, manager.username, PASSWORD);
    const body = { name: unique('Renamed'), domain: domain(), logo_url: 'http://img.example.com/x.svg', description: 'updated' };
    const res = await api(t.app, session, 'PATCH', `/api/organizations/${org.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: org.id, ...body, tenant_count: 1, user_count: 1 });
    const cleared = await api(t.app, session, 'PATCH', `/api/organizations/${org.id}`, { domain: '', description: null });
    expect(cleared.json()).toMatchObject({ name: body.name, domain: null, description: null, logo_url: body.logo_url });
    const entry = (await auditEntriesOf(t.handle.db, manager.username)).find((e) => e.action === 'update_organization');
    expect(entry?.organization_id).toBe(org.id);
  });

  it('a manager cannot activate or deactivate; a product admin can', async () => {
    expectError(await api(t.app, s.manager, 'PATCH', `/api/organizations/${orgA.id}`, { is_active: false }), 403, 'Only product administrators can activate or deactivate organizations');
    expect((await getOrganizationRow(t.handle.db, orgA.id))?.is_active).toBe(true);
    const org = await createOrganization(t.handle.db, 0);
    expect((await api(t.app, s.admin, 'PATCH', `/api/organizations/${org.id}`, { is_active: false })).json().is_active).toBe(false);
    expect((await api(t.app, s.admin, 'PATCH', `/api/organizations/${org.id}`, { is_active: true })).json().is_active).toBe(true);
  });

  it('refuses an Admin member with 403 and an outsider with 404, changing nothing', async () => {
    expectError(await api(t.app, s.orgAdmin, 'PATCH', `/api/organizations/${orgA.id}`, { description: 'x' }), 403, 'Only a manager of this organization can change it');
    const res = await api(t.app, s.managerB, 'PATCH', `/api/organizations/${orgA.id}`, { description: 'x' });
    expectError(res, 404, 'Organization not found');
    expect(res.body).not.toContain(orgA.name);
    expect((await getOrganizationRow(t.handle.db, orgA.id))?.description).toBe('test');
  });

  it('refuses a domain used by another organization with 409, but keeps its own', async () => {
    const [mine, theirs] = [domain(), domain()];
    const org = await createOrganization(t.handle.db, 0, mine);
    await createOrganization(t.handle.db, 0, theirs);
    expectError(await api(t.app, s.admin, 'PATCH', `/api/organizations/${org.id}`, { domain: theirs }), 409, /already exists/);
    expect((await api(t.app, s.admin, 'PATCH', `/api/organizations/${org.id}`, { domain: mine.toUpperCase(), description: 'same' })).statusCode).toBe(200);
    expect((await getOrganizationRow(t.handle.db, org.id))?.domain).toBe(mine.toUpperCase());
  });

  it('answers 404 for an unknown id, 400 for an invalid one or a bad logo URL', async () => {
    expectError(await api(t.app, s.admin, 'PATCH', '/api/organizations/3f0e8c56-5f0a-4d0e-9c43-6f1a2b3c4d5e', { description: 'x' }), 404, 'Organization not found');
    expectError(await api(t.app, s.admin, 'PATCH', '/api/organizations/12345', { description: 'x' }), 400, 'id: Must be a valid id');
    expectError(await api(t.app, s.admin, 'PATCH', `/api/organizations/${orgA.id}`, { logo_url: 'ftp://x' }), 400, 'Logo URL must be a valid http(s) URL');
  });

  it('answers an invalid id with 400 before any role check, for callers who manage nothing too', async () => {
    for (const who of ['orgAdmin', 'editor', 'loner'] as const) {
      expectError(await api(t.app, s[who], 'PATCH', '/api/organizations/12345', { description: 'x' }), 400, 'id: Must be a valid id');
      expectError(await api(t.app, s[who], 'GET', '/api/organizations/12345/rollup'), 400, 'id: Must be a valid id');
    }
    expectError(await api(t.app, s.managerB, 'PATCH', '/api/organizations/not-an-id', {}), 400, 'id: Must be a valid id');
  });
});

describe('DELETE /api/organizations/{id}', () => {
  it('deactivates the organization and every tenant of it, erasing nothing', async () => {
    const org = await createOrganization(t.handle.db, 2);
    const member = await createUser(t.handle.db, { tenants: [org.tenants[0]!] });
    const res = await api(t.app, s.admin, 'DELETE', `/api/organizations/${org.id}`);
    expect(res.statusCode).toBe(200);
    // Inactive tenants no longer count.
    expect(res.json()).toMatchObject({ id: org.id, is_active: false, tenant_count: 0 });
    const tenants = await probe(t.handle.db, (tx) => tx.selectFrom('tenants').select('is_active').where('organization_id', '=', org.id).execute());
    expect(tenants).toEqual([{ is_active: false }, { is_active: false }]);
    expect(ids(await api(t.app, s.admin, 'GET', '/api/organizations'))).not.toContain(org.id);
    expect(ids(await api(t.app, s.admin, 'GET', '/api/organizations?include_inactive=true'))).toContain(org.id);
    const session = await login(t.app, member.username, PASSWORD);
    expect((await api(t.app, session, 'GET', `/api/users/${member.id}/accessible-tenants`)).json()).toEqual([]);
    const entry = (await auditEntriesOf(t.handle.db, u.admin.username)).find((e) => e.action === 'delete_organization' && e.organization_id === org.id);
    expect(entry).toBeDefined();
  });

  it.each(['manager', 'orgAdmin', 'managerB'] as const)('refuses %s with 403 and changes nothing', async (who) => {
    expectError(await api(t.app, s[who], 'DELETE', `/api/organizations/${orgA.id}`), 403, 'Only product administrators can delete organizations');
    expect((await getOrganizationRow(t.handle.db, orgA.id))?.is_active).toBe(true);
  });

  it('answers 404 for an unknown organization', async () => {
    expectError(await api(t.app, s.admin, 'DELETE', '/api/organizations/3f0e8c56-5f0a-4d0e-9c43-6f1a2b3c4d5e'), 404, 'Organization not found');
  });
});
