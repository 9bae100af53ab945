import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { type Session, type TestApp, api, attemptLogin, createTestApp, expectError, login, randomIp } from './helpers/test-app';
import { type OrgFixture, PASSWORD, type UserFixture, createOrganization, createUser, unique } from './helpers/factories';
import { probe } from './helpers/db-probe';

interface Entry { id: string; timestamp: string; username: string; action: string; details: { message?: string } & Record<string, unknown> }

let t: TestApp;
let orgA: OrgFixture;
let orgB: OrgFixture;
const u = {} as Record<'admin' | 'manager' | 'orgAdmin' | 'viewer' | 'managerB', UserFixture>;
const s = {} as Record<keyof typeof u, Session>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  [orgA, orgB] = [await createOrganization(db, 2), await createOrganization(db, 1)];
  u.admin = await createUser(db, { productAdmin: true });
  u.manager = await createUser(db, { manages: [orgA.id] });
  u.orgAdmin = await createUser(db, { role: 'Admin', memberOf: [orgA.id] });
  u.viewer = await createUser(db, { role: 'Viewer', tenants: [orgA.tenants[0]!] });
  u.managerB = await createUser(db, { manages: [orgB.id] });
  for (const key of Object.keys(u) as (keyof typeof u)[]) s[key] = await login(t.app, u[key].username, PASSWORD);
});
afterAll(async () => t.close());

const logs = async (session: Session, query = '') => {
  const res = await api(t.app, session, 'GET', `/api/audit-logs/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Entry[];
};

describe('every state-changing call writes an audit entry', () => {
  it('login, login_failed, logout, users, organizations, tenants, status and tenant switches', async () => {
    const actor = await createUser(t.handle.db, { productAdmin: true });
    const session = await login(t.app, actor.username, PASSWORD);
    const call = async (method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, body?: unknown) => {
      const res = await api(t.app, session, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const org = await call('POST', '/api/organizations', { name: unique('AuditOrg') });
    await call('PATCH', `/api/organizations/${org.id}`, { description: 'changed' });
    const tenant = await call('POST', '/api/tenants', { name: unique('AuditT'), assigned_frameworks: ['HIPAA'], organization_id: org.id });
    await call('PATCH', `/api/tenants/${tenant.id}`, { description: 'changed' });
    await call('PUT', '/api/auth/current-tenant', { tenant_id: tenant.id });
    await call('PUT', '/api/auth/current-organization', { organization_id: orgA.id });
    const user = await call('POST', '/api/users/', { username: unique('audited'), email: `${unique('a')}@example.com`, password: 'long-enough-pw', organization_id: org.id });
    await call('PATCH', `/api/users/${user.id}/toggle-status`);
    await call('DELETE', `/api/users/${user.id}`);
    await call('DELETE', `/api/tenants/${tenant.id}`);
    await call('DELETE', `/api/organizations/${org.id}`);
    await call('POST', '/api/auth/logout', { username: actor.username });
    expectError(await attemptLogin(t.app, actor.username, 'wrong-password', randomIp()), 401);

    const entries = await logs(s.admin, `?username=${actor.username}`);
    expect(entries.map((e) => e.action).reverse()).toEqual([
      'login', 'create_organization', 'update_organization', 'create_tenant', 'update_tenant', 'switch_tenant', 'switch_organization',
      'create_user', 'update_user_status', 'delete_user', 'delete_tenant', 'delete_organization', 'logout', 'login_failed',
    ]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'details', 'id', 'timestamp', 'username']);
      expect(entry.username).toBe(actor.username);
      expect(new Date(entry.timestamp).toISOString()).toBe(entry.timestamp);
      expect(typeof entry.details.message).toBe('string');
    }
    expect(entries.find((e) => e.action === 'switch_tenant')!.details).toMatchObject({ tenant_id: tenant.id });
    expect(entries.find((e) => e.action === 'update_user_status')!.details.message).toBe(`User "${user.username}" deactivated`);
  });

  it('re-selecting the current tenant writes no second switch entry', async () => {
    const user = await createUser(t.handle.db, { tenants: orgA.tenants });
    const session = await login(t.app, user.username, PASSWORD);
    for (let i = 0; i < 2; i++) await api(t.app, session, 'PUT', '/api/auth/current-tenant', { tenant_id: orgA.tenants[1]!.id });
    expect((await logs(s.admin, `?username=${user.username}&action=switch_tenant`))).toHaveLength(1);
  });
});

describe('GET /api/audit-logs/ filters', () => {
  let name: string;
  beforeAll(async () => {
    name = unique('bulk');
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) =>
      sql`INSERT INTO audit_logs (username, action, details)
          SELECT ${name}, CASE WHEN n % 2 = 0 THEN 'create_tenant' ELSE 'Update_User_Status' END, jsonb_build_object('message', 'bulk ' || n)
          FROM generate_series(1, 260) AS n`.execute(tx));
  });

  it('answers 100 entries by default, newest first', async () => {
    const entries = await logs(s.admin, `?username=${name}`);
    expect(entries).toHaveLength(100);
    expect(entries[0]!.details.message).toBe('bulk 260');
    const stamps = entries.map((e) => Number(e.id));
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
  });

  it.each([[50, 50], [100, 100], [250, 250], [500, 260]])('limit=%i answers %i entries', async (limit, count) => {
    expect(await logs(s.admin, `?username=${name}&limit=${limit}`)).toHaveLength(count);
  });

  it.each(['75', '0', '1000', 'abc', '-50', '100.5'])('refuses limit=%s with 400', async (limit) => {
    expectError(await api(t.app, s.admin, 'GET', `/api/audit-logs/?limit=${limit}`), 400, 'Limit must be one of 50, 100, 250, 500');
  });

  it('filters username and action by case-insensitive substring', async () => {
    const byAction = await logs(s.admin, `?username=${name.toUpperCase().slice(0, -2)}&action=USER_STAT&limit=500`);
    expect(byAction).toHaveLength(130);
    expect(byAction.every((e) => e.action === 'Update_User_Status' && e.username === name)).toBe(true);
    expect(await logs(s.admin, `?username=${name}&action=delete`)).toEqual([]);
  });

  it('treats % and _ in a filter as plain characters', async () => {
    expect(await logs(s.admin, `?username=${name}&action=%25`)).toEqual([]);
    // As wildcards, "%" would match every entry and "upd_te" every Update_User_Status one.
    expect(await logs(s.admin, `?username=${name}&action=upd_te`)).toEqual([]);
    expect(await logs(s.admin, `?username=${name.slice(0, 3)}%25${name.slice(5)}`)).toEqual([]);
  });
});

describe('who sees which entries', () => {
  beforeAll(async () => {
    await api(t.app, s.viewer, 'PUT', '/api/auth/current-tenant', { tenant_id: orgA.tenants[0]!.id });
    await api(t.app, s.orgAdmin, 'POST', '/api/tenants', { name: unique('Seen'), assigned_frameworks: ['HIPAA'], organization_id: orgA.id });
  });

  it('a Viewer sees only their own entries', async () => {
    const entries = await logs(s.viewer, '?limit=500');
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((e) => e.username))).toEqual(new Set([u.viewer.username]));
    expect(await logs(s.viewer, `?username=${u.orgAdmin.username}`)).toEqual([]);
  });

  it('a manager sees the entries of their organization and none of another', async () => {
    const entries = await logs(s.manager, '?limit=500');
    const who = new Set(entries.map((e) => e.username));
    expect(who).toContain(u.viewer.username);
    expect(who).toContain(u.orgAdmin.username);
    expect(who).not.toContain(u.managerB.username);
    expect(who).not.toContain(u.admin.username);
    expect(JSON.stringify(entries)).not.toContain(orgB.id);
  });

  it('a product admin sees the entries of every organization', async () => {
    const who = new Set((await logs(s.admin, '?limit=500&action=login')).map((e) => e.username));
    for (const user of [u.viewer, u.manager, u.managerB]) expect(who).toContain(user.username);
  });

  it('a product admin\'s logins are not filed under whatever organization happens to be selected first', async () => {
    const first = await createOrganization(t.handle.db, 1);
    await probe(t.handle.db, (tx) => tx.updateTable('organizations').set({ name: `0000 ${first.name}` }).where('id', '=', first.id).execute());
    const manager = await createUser(t.handle.db, { manages: [first.id] });
    const staff = await createUser(t.handle.db, { productAdmin: true });
    const session = await login(t.app, staff.username, PASSWORD);
    expect((await api(t.app, session, 'GET', '/api/auth/me')).json().current_organization_id).toBe(first.id);
    await api(t.app, session, 'POST', '/api/auth/logout', {});
    const seen = await logs(await login(t.app, manager.username, PASSWORD), `?username=${staff.username}`);
    expect(seen).toEqual([]);
    expect((await logs(s.admin, `?username=${staff.username}`)).map((e) => e.action)).toEqual(['logout', 'login']);
  });

  it('an entry about a user belongs to that user\'s organization, not the actor\'s current one', async () => {
    const target = await createUser(t.handle.db, { tenants: [orgA.tenants[0]!] });
    const admin = await login(t.app, u.admin.username, PASSWORD);
    expect((await api(t.app, admin, 'PUT', '/api/auth/current-organization', { organization_id: orgB.id })).statusCode).toBe(200);
    expect((await api(t.app, admin, 'DELETE', `/api/users/${target.id}`)).statusCode).toBe(200);
    const aboutTarget = (entries: Entry[]) => entries.filter((e) => e.action === 'delete_user' && e.details.user_id === target.id);
    expect(aboutTarget(await logs(s.manager, '?action=delete_user&limit=500'))).toHaveLength(1);
    expect(aboutTarget(await logs(s.managerB, '?action=delete_user&limit=500'))).toHaveLength(0);
  });
});

describe('the audit trail is append-only in the database', () => {
  const someId = () => probe(t.handle.db, async (tx) => (await tx.selectFrom('audit_logs').select('id').limit(1).executeTakeFirstOrThrow()).id);
  const total = () => probe(t.handle.db, async (tx) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_logs`.execute(tx)).rows[0]!.n));

  it.each(['UPDATE audit_logs SET action = \'tampered\' WHERE id = $ID', 'DELETE FROM audit_logs WHERE id = $ID', 'TRUNCATE audit_logs'])(
    'refuses "%s" as the table owner and as the system scope',
    async (statement) => {
      const id = await someId();
      const before = await total();
      const query = sql.raw(statement.replace('$ID', String(Number(id))));
      await expect(query.execute(t.handle.db)).rejects.toThrow(/append-only|permission denied/);
      await expect(withScope(t.handle.db, SYSTEM_SCOPE, (tx) => query.execute(tx))).rejects.toThrow(/append-only|permission denied/);
      expect(await total()).toBeGreaterThanOrEqual(before);
      const row = await probe(t.handle.db, (tx) => tx.selectFrom('audit_logs').select('action').where('id', '=', id).executeTakeFirst());
      expect(row?.action).not.toBe('tampered');
    },
  );
});
