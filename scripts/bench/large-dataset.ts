import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { materializeTenantRequirements, unsafeSyncCatalog } from '@compliance/domain/catalog/catalog-repo';
import { hashPassword } from '@compliance/domain/auth/passwords';
import { addMembership, insertUser } from '@compliance/domain/users/user-repo';

const FRAMEWORK_SETS = [
  ['HIPAA', 'NIST 800-53 rev 5'],
  ['PCI DSS 4.0', 'CIS Controls v8.1'],
  ['ISO 27001'],
  ['ISO 27001', 'NIST 800-53 rev 5', 'HIPAA', 'PCI DSS 4.0', 'CIS Controls v8.1'],
];

/**
 * Seeds organizations × tenants with the full catalog and random statuses, in bulk SQL.
 * Returns the organizations and a product admin to call the API with.
 */
export async function seedLargeDataset(db: Kysely<Database>, organizations: number, tenantsPerOrg: number, password: string) {
  await unsafeSyncCatalog(db);
  const passwordHash = await hashPassword(password);
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    const orgIds: string[] = [];
    for (let o = 0; o < organizations; o++) {
      const { id } = await tx
        .insertInto('organizations')
        .values({ name: `Bench Org ${o + 1}`, domain: `bench-${o + 1}-${Date.now()}`, logo_url: null, description: 'benchmark' })
        .returning('id')
        .executeTakeFirstOrThrow();
      orgIds.push(id);
      await sql`
        INSERT INTO tenants (organization_id, name, description, assigned_frameworks)
        SELECT ${id}, 'Tenant ' || lpad(g::text, 3, '0'), 'benchmark tenant',
          CASE g % ${FRAMEWORK_SETS.length} ${sql.join(FRAMEWORK_SETS.map((set, i) => sql`WHEN ${i} THEN ${set}::text[]`), sql` `)} END
        FROM generate_series(1, ${tenantsPerOrg}) AS g
      `.execute(tx);
    }
    await materializeTenantRequirements(tx);
    await sql`
      UPDATE tenant_requirements SET status = CASE
        WHEN r < 0.5 THEN 'Compliant' WHEN r < 0.7 THEN 'In Progress' WHEN r < 0.73 THEN 'Not Applicable' ELSE 'Not Started' END,
        user_response = CASE WHEN r < 0.5 THEN 'Implemented and evidenced.' ELSE NULL END
      FROM (SELECT id, random() AS r FROM tenant_requirements) AS x
      WHERE x.id = tenant_requirements.id
    `.execute(tx);
    const admin = await insertUser(tx, {
      username: `bench-admin-${Date.now()}`,
      email: `bench-${Date.now()}@example.com`,
      passwordHash,
      fullName: 'Benchmark',
      role: 'Admin',
      isProductAdmin: true,
    });
    await addMembership(tx, admin.id, orgIds[0]!, 'manager');
    const username = (await tx.selectFrom('users').select('username').where('id', '=', admin.id).executeTakeFirstOrThrow()).username;
    const rows = await tx.selectFrom('tenant_requirements').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { orgIds, username, tenantRequirementRows: Number(rows.n) };
  });
}
