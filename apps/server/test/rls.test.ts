import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '@compliance/db/connect';
import { type AccessScope, SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import { type OrgFixture, createOrganization, createUser, unique } from './helpers/factories';

/**
 * The second wall: row-level security in PostgreSQL itself. Every query here is raw SQL with no
 * WHERE clause on tenant or organization, so only the policies stand between a scope and other rows.
 */
let handle: DatabaseHandle;
let orgA: OrgFixture;
let orgB: OrgFixture;
let tenantA: { id: string; organization_id: string; name: string };
let tenantB: { id: string; organization_id: string; name: string };

const scope = (over: Partial<AccessScope>): AccessScope => ({ userId: null, all: false, organizationIds: [], tenantIds: [], ...over });
const onlyTenantA = () => scope({ tenantIds: [tenantA.id] });

type Row = Record<string, unknown>;
const rows = (s: AccessScope, query: string) =>
  withScope(handle.db, s, async (tx) => (await sql<Row>`${sql.raw(query)}`.execute(tx)).rows);

/** True when a row mentions tenant B or organization B anywhere. */
const touchesB = (row: Row) =>
  Object.values(row).some((v) => v === tenantB.id || v === orgB.id || orgB.tenants.some((t) => t.id === v));

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  [orgA, orgB] = [await createOrganization(handle.db, 2), await createOrganization(handle.db, 1)];
  [tenantA, tenantB] = [orgA.tenants[0]!, orgB.tenants[0]!];
  // Access rows and audit entries on both sides, including one user who can reach both.
  await createUser(handle.db, { tenants: [tenantA] });
  await createUser(handle.db, { tenants: [tenantB] });
  await createUser(handle.db, { tenants: [tenantA, tenantB] });
  await withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    for (const [org, tenant] of [[orgA.id, tenantA.id], [orgB.id, tenantB.id], [orgB.id, null]] as const) {
      await tx.insertInto('audit_logs').values({ user_id: null, username: 'rls-probe', action: 'probe', details: '{}', organization_id: org, tenant_id: tenant }).execute();
    }
    // A document with one stored passage in each tenant.
    for (const tenant of [tenantA, tenantB]) {
      const doc = await tx
        .insertInto('documents')
        .values({ tenant_id: tenant.id, organization_id: tenant.organization_id, kind: 'evidence', name: 'Probe', filename: 'probe.docx', file_kind: 'docx', content_type: 'application/octet-stream', size_bytes: 1, sha256: 'probe', description: null, document_type: 'Report', uploaded_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.insertInto('document_passages').values({ document_id: doc.id, tenant_id: tenant.id, organization_id: tenant.organization_id, ordinal: 0, text: 'The disaster recovery test was held on 14 September.' }).execute();
    }
  });
});
afterAll(async () => handle.close());

describe('inside withScope', () => {
  it('acts as compliance_app, a role that is neither superuser nor exempt from RLS', async () => {
    const [row] = await rows(onlyTenantA(), `SELECT current_user AS who, r.rolsuper, r.rolbypassrls FROM pg_roles r WHERE r.rolname = current_user`);
    expect(row).toEqual({ who: 'compliance_app', rolsuper: false, rolbypassrls: false });
    const outside = await sql<{ who: string }>`SELECT current_user AS who`.execute(handle.db);
    expect(outside.rows[0]!.who).not.toBe('compliance_app');
  });

  it('leaves no role or scope behind on the connection after the transaction', async () => {
    await handle.db.connection().execute(async (conn) => {
      await withScope(conn, onlyTenantA(), async (tx) => sql`SELECT 1`.execute(tx));
      const after = await sql<{ who: string; tenants: string | null }>`SELECT current_user AS who, current_setting('app.tenant_ids', true) AS tenants`.execute(conn);
      expect(after.rows[0]!.who).not.toBe('compliance_app');
      expect(after.rows[0]!.tenants ?? '').toBe('');
    });
  });

  it('refuses a scope holding something other than ids', async () => {
    await expect(withScope(handle.db, scope({ tenantIds: ["x'}; DROP TABLE users; --"] }), async () => 1)).rejects.toThrow('Invalid id in access scope');
  });
});

describe('a scope of tenant A only', () => {
  it('SELECT * FROM tenants returns tenant A and nothing of tenant B or its organization', async () => {
    const all = await rows(onlyTenantA(), 'SELECT * FROM tenants');
    expect(all.map((r) => r.id)).toEqual([tenantA.id]);
    expect(all.filter(touchesB)).toEqual([]);
  });

  it('SELECT * FROM tenant_access returns only tenant A\'s grants', async () => {
    const all = await rows(onlyTenantA(), 'SELECT * FROM tenant_access');
    expect(all.length).toBe(2);
    expect(all.every((r) => r.tenant_id === tenantA.id)).toBe(true);
    expect(all.filter(touchesB)).toEqual([]);
  });

  it('SELECT * FROM document_passages (and a full-text match) returns only tenant A\'s passages', async () => {
    const all = await rows(onlyTenantA(), 'SELECT document_id, tenant_id, organization_id, text FROM document_passages');
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r) => r.tenant_id === tenantA.id)).toBe(true);
    const matched = await rows(onlyTenantA(), "SELECT tenant_id FROM document_passages WHERE search @@ to_tsquery('english', 'disaster:*')");
    expect(matched.filter(touchesB)).toEqual([]);
    await expect(rows(onlyTenantA(), `INSERT INTO document_passages (document_id, tenant_id, organization_id, ordinal, text) SELECT document_id, '${tenantB.id}', '${orgB.id}', 9, 'smuggled' FROM document_passages LIMIT 1`)).rejects.toThrow(/row-level security|violates/);
  });

  it('SELECT * FROM audit_logs returns no entry of tenant B or its organization', async () => {
    const all = await rows(onlyTenantA(), 'SELECT * FROM audit_logs');
    expect(all.some((r) => r.tenant_id === tenantA.id)).toBe(true);
    expect(all.filter(touchesB)).toEqual([]);
  });

  it('an UPDATE without WHERE is refused: a tenant scope may read its tenant row, not rewrite it', async () => {
    const marker = unique('touched');
    await expect(rows(onlyTenantA(), `UPDATE tenants SET description = '${marker}'`)).rejects.toThrow(/row-level security/);
    expect(await rows(SYSTEM_SCOPE, `SELECT id FROM tenants WHERE description = '${marker}'`)).toEqual([]);
  });
});

describe('writes outside the scope', () => {
  const insertTenant = (s: AccessScope, organizationId: string, name: string) =>
    withScope(handle.db, s, (tx) => sql`INSERT INTO tenants (organization_id, name, assigned_frameworks) VALUES (${organizationId}, ${name}, '{HIPAA}')`.execute(tx));
  const named = async (name: string) => (await rows(SYSTEM_SCOPE, `SELECT id FROM tenants WHERE name = '${name}'`)).length;

  it('inserting a tenant into another organization is refused by the database', async () => {
    const name = unique('Smuggled');
    await expect(insertTenant(scope({ organizationIds: [orgA.id] }), orgB.id, name)).rejects.toThrow(/row-level security/);
    await expect(insertTenant(onlyTenantA(), orgA.id, name)).rejects.toThrow(/row-level security/);
    expect(await named(name)).toBe(0);
  });

  it('inserting into the scope\'s own organization is allowed', async () => {
    const name = unique('Allowed');
    await insertTenant(scope({ organizationIds: [orgA.id] }), orgA.id, name);
    expect(await named(name)).toBe(1);
  });

  it('granting access to a tenant of another organization is refused', async () => {
    const [user] = await rows(SYSTEM_SCOPE, `SELECT id FROM users LIMIT 1`);
    const grant = withScope(handle.db, scope({ organizationIds: [orgA.id] }), (tx) =>
      sql`INSERT INTO tenant_access (user_id, tenant_id, organization_id) VALUES (${user!.id}, ${tenantB.id}, ${orgB.id})`.execute(tx));
    await expect(grant).rejects.toThrow(/row-level security/);
  });

  it('an UPDATE without WHERE under organization A changes the tenants of A only', async () => {
    const marker = unique('touched');
    await rows(scope({ organizationIds: [orgA.id] }), `UPDATE tenants SET description = '${marker}'`);
    const touched = (await rows(SYSTEM_SCOPE, `SELECT organization_id FROM tenants WHERE description = '${marker}'`)).map((r) => r.organization_id);
    expect(touched.length).toBeGreaterThanOrEqual(2);
    expect(new Set(touched)).toEqual(new Set([orgA.id]));
  });

  it('an UPDATE aimed at tenant B under scope A changes nothing', async () => {
    const changed = await rows(scope({ organizationIds: [orgA.id] }), `UPDATE tenants SET name = 'hijacked' WHERE id = '${tenantB.id}' RETURNING id`);
    expect(changed).toEqual([]);
    expect((await rows(SYSTEM_SCOPE, `SELECT name FROM tenants WHERE id = '${tenantB.id}'`))[0]!.name).toBe(orgB.tenants[0]!.name);
  });
});

describe('other scopes', () => {
  it('an organization scope sees every tenant of that organization and none of another', async () => {
    const ids = (await rows(scope({ organizationIds: [orgA.id] }), 'SELECT id FROM tenants')).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(orgA.tenants.map((t) => t.id)));
    expect(ids).not.toContain(tenantB.id);
  });

  it('an empty scope sees no tenant, grant or audit entry at all', async () => {
    for (const table of ['tenants', 'tenant_access', 'audit_logs']) {
      expect(await rows(scope({}), `SELECT * FROM ${table}`)).toEqual([]);
    }
  });

  it('a user scope also sees that user\'s own grants and entries, and nothing else of B', async () => {
    const [user] = await rows(SYSTEM_SCOPE, `SELECT user_id FROM tenant_access WHERE tenant_id = '${tenantB.id}' LIMIT 1`);
    const grants = await rows(scope({ userId: user!.user_id as string }), 'SELECT * FROM tenant_access');
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.every((g) => g.user_id === user!.user_id)).toBe(true);
  });

  it('the system scope sees everything', async () => {
    const tenants = (await rows(SYSTEM_SCOPE, 'SELECT id FROM tenants')).map((r) => r.id);
    expect(tenants).toEqual(expect.arrayContaining([tenantA.id, tenantB.id, orgA.tenants[1]!.id]));
    const grants = await rows(SYSTEM_SCOPE, 'SELECT tenant_id FROM tenant_access');
    expect(grants.map((g) => g.tenant_id)).toEqual(expect.arrayContaining([tenantA.id, tenantB.id]));
    const entries = await rows(SYSTEM_SCOPE, `SELECT organization_id FROM audit_logs WHERE username = 'rls-probe'`);
    expect(entries.map((e) => e.organization_id)).toEqual(expect.arrayContaining([orgA.id, orgB.id]));
  });
});

describe('organization labels cannot be forged', () => {
  it("refuses a tenant_access row that labels another organization's tenant with the writer's organization", async () => {
    const user = await createUser(handle.db, {});
    const write = withScope(handle.db, scope({ organizationIds: [orgA.id] }), async (tx) => {
      await tx.insertInto('tenant_access').values({ user_id: user.id, tenant_id: tenantB.id, organization_id: orgA.id }).execute();
    });
    await expect(write).rejects.toThrow(/foreign key/i);
    const granted = await withScope(handle.db, SYSTEM_SCOPE, (tx) =>
      tx.selectFrom('tenant_access').select('tenant_id').where('user_id', '=', user.id).execute(),
    );
    expect(granted).toEqual([]);
  });

  it("refuses a tenant requirement row labelled with another organization", async () => {
    const write = withScope(handle.db, scope({ organizationIds: [orgA.id] }), async (tx) => {
      await tx
        .insertInto('tenant_requirements')
        .values({ tenant_id: tenantB.id, organization_id: orgA.id, source_type: 'contract', text: 'forged', domain_number: 1 })
        .execute();
    });
    await expect(write).rejects.toThrow(/foreign key/i);
  });
});
