import type { Tx } from '@compliance/db/scope';

const TENANT_COLUMNS = [
  'tenants.id',
  'tenants.name',
  'tenants.description',
  'tenants.organization_id',
  'organizations.name as organization_name',
  'tenants.assigned_frameworks',
  'tenants.is_active',
  'tenants.created_at',
] as const;

export function listTenants(tx: Tx, filter: { organizationId?: string; tenantIds?: string[] }) {
  let query = tx
    .selectFrom('tenants')
    .innerJoin('organizations', 'organizations.id', 'tenants.organization_id')
    .select(TENANT_COLUMNS)
    .orderBy('organizations.name')
    .orderBy('tenants.name');
  if (filter.organizationId) query = query.where('tenants.organization_id', '=', filter.organizationId);
  if (filter.tenantIds) {
    if (!filter.tenantIds.length) return Promise.resolve([]);
    query = query.where('tenants.id', 'in', filter.tenantIds);
  }
  return query.execute();
}

export function getTenant(tx: Tx, id: string) {
  return tx
    .selectFrom('tenants')
    .innerJoin('organizations', 'organizations.id', 'tenants.organization_id')
    .select(TENANT_COLUMNS)
    .where('tenants.id', '=', id)
    .executeTakeFirst();
}

export function insertTenant(
  tx: Tx,
  values: { organization_id: string; name: string; description: string | null; assigned_frameworks: string[] },
) {
  return tx.insertInto('tenants').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateTenantRow(
  tx: Tx,
  id: string,
  values: Partial<{ name: string; description: string | null; assigned_frameworks: string[]; is_active: boolean; deactivated_with_organization: boolean }>,
) {
  await tx.updateTable('tenants').set({ ...values, updated_at: new Date() }).where('id', '=', id).execute();
}
