import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { materializeTenantRequirements, syncCatalog } from '@compliance/domain/catalog/catalog-sync';
import { type OrgFixture, createOrganization } from './factories';

/** An organization whose tenants have the catalog loaded and the given frameworks assigned. */
export async function createComplianceOrg(db: Kysely<Database>, frameworks: string[][]): Promise<OrgFixture> {
  await syncCatalog(db);
  const org = await createOrganization(db, frameworks.length);
  await withScope(db, SYSTEM_SCOPE, async (tx) => {
    for (const [i, tenant] of org.tenants.entries()) {
      await tx.updateTable('tenants').set({ assigned_frameworks: frameworks[i]! }).where('id', '=', tenant.id).execute();
      await materializeTenantRequirements(tx, tenant.id);
    }
  });
  return org;
}

/** Sets statuses directly (fixtures for arithmetic checks), by catalog key. */
export async function setStatuses(db: Kysely<Database>, tenantId: string, statuses: Record<string, string>) {
  await withScope(db, SYSTEM_SCOPE, async (tx) => {
    for (const [key, status] of Object.entries(statuses)) {
      await tx.updateTable('tenant_requirements').set({ status }).where('tenant_id', '=', tenantId).where('catalog_key', '=', key).execute();
    }
  });
}
