import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { type OrgFixture, PASSWORD, type UserFixture, createOrganization, createTenant, createUser, unique } from './helpers/factories';
import { auditEntriesOf, countTenantsNamed, getTenantRow, probe } from './helpers/db-probe';

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
  u.loner = await createUser(db, { role: 'Editor' });
  for (const key of Object.keys(u) as (keyof typeof u)[]) s[key] = await login(t.app, u[key].username, PASSWORD);
});
afterAll(async () => t.close());

const ids = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((x) => x.id);
const [A1, A2, B1] = [() => orgA.tenants[0]!, () => orgA.tenants[1]!, () => orgB.tenants[0]!];
const tenantBody = (extra: Record<string, unknown> = {}) => ({
  name: unique('Tenant'), description: 'Payments', assigned_frameworks: ['ISO 27001'], organization_id: orgA.id, ...extra,
});

describe('GET /api/tenants?organization_id=', () => {
  it.each(['admin', 'manager', 'orgAdmin'] as const)('%s gets every tenant of the organization with the spec fields', async (who) => {
    const res = await api(t.app, s[who], 'GET', `/api/tenants?organization_id=${orgA.id}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(expect.arrayContaining([A1().id, A2().id]));
    expect(ids(res)).not.toContain(B1().id);
    expect(res.json()[0]).toMatchObject({ organization_id: orgA.id, organization_name: orgA.name, assigned_frameworks: expect.any(Array), is_active: expect.any(Boolean) });
  });

  it('an Editor gets only the tenants granted to them', async () => {
    expect(ids(await api(t.app, s.editor, 'GET', `/api/tenants?organization_id=${orgA.id}`))).toEqual([A1().id]);
    expect(ids(await api(t.app, s.editor, 'GET', '/api/tenants'))).toEqual([A1().id]);
  });

  it('without organization_id a manager gets the tenants of their organizations only', async () => {
    const list = ids(await api(t.app, s.manager, 'GET', '/api/tenants'));
    expect(list).toEqual(expect.arrayContaining([A1().id, A2().id]));
    expect(list).not.toContain(B1().id);
  });

  it('answers 404 for another organization without naming it, 400 for an invalid id', async () => {
    const res = await api(t.app, s.managerB, 'GET', `/api/tenants?organization_id=${orgA.id}`);
    expectError(res, 404, 'Organization not found');
    expect(res.body).not.toContain(A1().name);
    expectError(await api(t.app, s.manager, 'GET', '/api/tenants?organization_id=nope'), 400, /valid id/);
  });
});

describe('POST /api/tenants', () => {
  it('a manager creates a tenant; framework aliases are stored by their canonical names', async () => {
    const body = tenantBody({ name: unique('Cards'), description: '  Card data  ', assigned_frameworks: ['CIS Controls v8', 'NIST 800-53', 'cis controls v8.1'] });
    const res = await api(t.app, s.manager, 'POST', '/api/tenants', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: body.name, description: 'Card data', organization_id: orgA.id, organization_name: orgA.name,
      assigned_frameworks: ['CIS Controls v8.1', 'NIST 800-53 rev 5'], is_active: true,
    });
    expect((await getTenantRow(t.handle.db, res.json().id))?.assigned_frameworks).toEqual(['CIS Controls v8.1', 'NIST 800-53 rev 5']);
    const entry = (await auditEntriesOf(t.handle.db, u.manager.username)).find((e) => e.action === 'create_tenant' && e.tenant_id === res.json().id);
    expect(entry?.organization_id).toBe(orgA.id);
  });

  it('an Admin member creates a tenant in their organization; an empty description is null', async () => {
    const res = await api(t.app, s.orgAdmin, 'POST', '/api/tenants', tenantBody({ description: '   ', assigned_frameworks: ['HIPAA', 'PCI DSS 4.0'] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: null, assigned_frameworks: ['HIPAA', 'PCI DSS 4.0'] });
  });

  it.each([
    ['no framework', { assigned_frameworks: [] }, 'Please select at least one framework'],
    ['a missing framework list', { assigned_frameworks: undefined }, /assigned_frameworks is required|Assigned frameworks/],
    ['a framework list given as a string', { assigned_frameworks: 'HIPAA' }, 'Assigned frameworks must be a list of framework names'],
    ['an unknown framework', { assigned_frameworks: ['SOX'] }, /^Unknown framework "SOX"\. Use one of: CIS Controls v8\.1, NIST 800-53 rev 5/],
    ['a blank name', { name: ' ' }, 'Tenant name is required'],
    ['a missing organization', { organization_id: undefined }, /organization_id is required/],
  ])('refuses %s with 400 and writes nothing', async (_label, change, detail) => {
    const body = tenantBody(change);
    expectError(await api(t.app, s.manager, 'POST', '/api/tenants', body), 400, detail);
    expect(await countTenantsNamed(t.handle.db, body.name as string)).toBe(0);
  });

  it('refuses an Editor (403) and another organization\'s manager (404) and writes nothing', async () => {
    const body = tenantBody();
    expectError(await api(t.app, s.editor, 'POST', '/api/tenants', body), 403, 'You do not have permission to create tenants in this organization');
    const res = await api(t.app, s.managerB, 'POST', '/api/tenants', body);
    expectError(res, 404, 'Organization not found');
    expect(res.body).not.toContain(orgA.name);
    expect(await countTenantsNamed(t.handle.db, body.name)).toBe(0);
  });

  it('answers an invalid organization id with 400 before the role check', async () => {
    const body = tenantBody({ organization_id: 'not-an-id' });
    for (const who of [s.editor, s.managerB]) expectError(await api(t.app, who, 'POST', '/api/tenants', body), 400, 'organization_id: Must be a valid id');
    expect(await countTenantsNamed(t.handle.db, body.name as string)).toBe(0);
  });

  it('refuses a tenant in an inactive organization with 400', async () => {
    const org = await createOrganization(t.handle.db, 0);
    await probe(t.handle.db, (tx) => tx.updateTable('organizations').set({ is_active: false }).where('id', '=', org.id).execute());
    const body = tenantBody({ organization_id: org.id });
    expectError(await api(t.app, s.admin, 'POST', '/api/tenants', body), 400, 'Cannot add a tenant to an inactive organization');
    expect(await countTenantsNamed(t.handle.db, body.name)).toBe(0);
  });
});

describe('PATCH /api/tenants/{id}', () => {
  it('updates name, description and frameworks (aliases canonical); the organization never changes', async () => {
    const tenant = await createTenant(t.handle.db, orgA.id);
    const name = unique('Renamed');
    const res = await api(t.app, s.admin, 'PATCH', `/api/tenants/${tenant.id}`, {
      name, description: 'New text', assigned_frameworks: ['NIST 800-53', 'ISO 27001'], organization_id: orgB.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: tenant.id, name, description: 'New text', assigned_frameworks: ['NIST 800-53 rev 5', 'ISO 27001'], organization_id: orgA.id });
    expect((await getTenantRow(t.handle.db, tenant.id))?.organization_id).toBe(orgA.id);
    const entry = (await auditEntriesOf(t.handle.db, u.admin.username)).find((e) => e.action === 'update_tenant' && e.tenant_id === tenant.id);
    expect(entry?.details).toMatchObject({ message: `Tenant "${name}" updated` });
  });

  it('keeps the at-least-one-framework rule on update', async () => {
    const tenant = await createTenant(t.handle.db, orgA.id);
    expectError(await api(t.app, s.manager, 'PATCH', `/api/tenants/${tenant.id}`, { assigned_frameworks: [] }), 400, 'Please select at least one framework');
    expect((await getTenantRow(t.handle.db, tenant.id))?.assigned_frameworks).toEqual(['HIPAA']);
  });

  it('refuses an Editor on their own tenant (403), on another tenant (404), an outsider (404)', async () => {
    expectError(await api(t.app, s.editor, 'PATCH', `/api/tenants/${A1().id}`, { name: 'Hijacked' }), 403, 'You do not have permission to manage this tenant');
    expectError(await api(t.app, s.editor, 'PATCH', `/api/tenants/${A2().id}`, { name: 'Hijacked' }), 404, 'Tenant not found');
    const res = await api(t.app, s.managerB, 'PATCH', `/api/tenants/${A1().id}`, { name: 'Hijacked' });
    expectError(res, 404, 'Tenant not found');
    expect(res.body).not.toContain(A1().name);
    expect((await getTenantRow(t.handle.db, A1().id))?.name).toBe(A1().name);
    expectError(await api(t.app, s.admin, 'PATCH', '/api/tenants/3f0e8c56-5f0a-4d0e-9c43-6f1a2b3c4d5e', { name: 'x' }), 404, 'Tenant not found');
  });
});

describe('DELETE /api/tenants/{id}', () => {
  it('deactivates the tenant: the row stays, members lose it, an admin lists it only with include_inactive', async () => {
    const tenant = await createTenant(t.handle.db, orgA.id);
    const member = await createUser(t.handle.db, { tenants: [tenant] });
    const theirs = await login(t.app, member.username, PASSWORD);
    expect((await api(t.app, theirs, 'GET', '/api/tenants/current', undefined, { 'x-tenant-id': tenant.id })).statusCode).toBe(200);
    const res = await api(t.app, s.orgAdmin, 'DELETE', `/api/tenants/${tenant.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: tenant.id, is_active: false });
    expect((await getTenantRow(t.handle.db, tenant.id))?.is_active).toBe(false);
    expectError(await api(t.app, theirs, 'GET', '/api/tenants/current', undefined, { 'x-tenant-id': tenant.id }), 403);
    expect((await api(t.app, theirs, 'GET', `/api/users/${member.id}/accessible-tenants`)).json()).toEqual([]);
    const listed = (await api(t.app, s.orgAdmin, 'GET', `/api/tenants?organization_id=${orgA.id}`)).json() as { id: string; is_active: boolean }[];
    expect(listed.map((x) => x.id)).not.toContain(tenant.id);
    const all = (await api(t.app, s.orgAdmin, 'GET', `/api/tenants?organization_id=${orgA.id}&include_inactive=true`)).json() as { id: string; is_active: boolean }[];
    expect(all.find((x) => x.id === tenant.id)?.is_active).toBe(false);
    expect((await auditEntriesOf(t.handle.db, u.orgAdmin.username)).some((e) => e.action === 'delete_tenant' && e.tenant_id === tenant.id)).toBe(true);
  });

  it('refuses an Editor (403 on their own tenant) and an outsider (404), changing nothing', async () => {
    expectError(await api(t.app, s.editor, 'DELETE', `/api/tenants/${A1().id}`), 403);
    expectError(await api(t.app, s.managerB, 'DELETE', `/api/tenants/${A2().id}`), 404, 'Tenant not found');
    expect((await getTenantRow(t.handle.db, A1().id))?.is_active).toBe(true);
    expect((await getTenantRow(t.handle.db, A2().id))?.is_active).toBe(true);
  });
});

describe('GET /api/tenants/current', () => {
  it('answers the tenant named by the X-Tenant-Id header or the tenant_id query', async () => {
    const byHeader = await api(t.app, s.editor, 'GET', '/api/tenants/current', undefined, { 'x-tenant-id': A1().id });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json()).toMatchObject({ id: A1().id, name: A1().name, organization_id: orgA.id });
    expect((await api(t.app, s.editor, 'GET', `/api/tenants/current?tenant_id=${A1().id}`)).json().id).toBe(A1().id);
  });

  it.each([
    ['another tenant of the organization by header', () => A2(), true],
    ['another tenant of the organization by query', () => A2(), false],
    ['a tenant of another organization by header', () => B1(), true],
    ['a tenant of another organization by query', () => B1(), false],
  ] as const)('refuses %s with 403 and does not name it', async (_label, target, byHeader) => {
    const { id, name } = target();
    const res = byHeader
      ? await api(t.app, s.editor, 'GET', '/api/tenants/current', undefined, { 'x-tenant-id': id })
      : await api(t.app, s.editor, 'GET', `/api/tenants/current?tenant_id=${id}`);
    expectError(res, 403, 'You do not have access to this tenant');
    expect(res.body).not.toContain(id);
    expect(res.body).not.toContain(name);
  });

  it('without a name answers the session\'s tenant, which PUT /api/auth/current-tenant changes', async () => {
    const manager = await login(t.app, u.manager.username, PASSWORD);
    const me = (await api(t.app, manager, 'GET', '/api/auth/me')).json();
    expect((await api(t.app, manager, 'GET', '/api/tenants/current')).json().id).toBe(me.current_tenant_id);
    expect((await api(t.app, manager, 'PUT', '/api/auth/current-tenant', { tenant_id: A1().id })).statusCode).toBe(200);
    expect((await api(t.app, manager, 'GET', '/api/tenants/current')).json().id).toBe(A1().id);
    const put = await api(t.app, manager, 'PUT', '/api/auth/current-tenant', { tenant_id: A2().id });
    expect(put.json()).toEqual({ current_organization_id: orgA.id, current_tenant_id: A2().id });
    expect((await api(t.app, manager, 'GET', '/api/tenants/current')).json().id).toBe(A2().id);
    expectError(await api(t.app, manager, 'PUT', '/api/auth/current-tenant', { tenant_id: B1().id }), 403);
    expect((await api(t.app, manager, 'GET', '/api/tenants/current')).json().id).toBe(A2().id);
  });

  it('answers 400 for a malformed tenant id and 403 when the account has no tenant', async () => {
    expectError(await api(t.app, s.editor, 'GET', '/api/tenants/current', undefined, { 'x-tenant-id': 'abc' }), 400, 'tenant_id must be a valid id');
    expectError(await api(t.app, s.loner, 'GET', '/api/tenants/current'), 403, 'No tenant is available to your account');
  });
});
