import type { Tx } from '@compliance/db/scope';
import type { MembershipRole, UserRole } from '@compliance/db/schema';

/** A user's organization memberships with the organization's name and state; all of them when orgIds is null. */
export function listOrganizationMemberships(tx: Tx, userIds: string[], orgIds: string[] | null) {
  if (!userIds.length || (orgIds && !orgIds.length)) return Promise.resolve([]);
  let query = tx
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['memberships.user_id', 'memberships.organization_id', 'organizations.name as organization_name', 'memberships.role', 'organizations.is_active'])
    .where('memberships.user_id', 'in', userIds)
    .orderBy('organizations.name');
  if (orgIds) query = query.where('memberships.organization_id', 'in', orgIds);
  return query.execute();
}

/** A user's tenant grants with names, the granted role and whether tenant and organization are active. */
export function listTenantMemberships(tx: Tx, userIds: string[], orgIds: string[] | null) {
  if (!userIds.length || (orgIds && !orgIds.length)) return Promise.resolve([]);
  let query = tx
    .selectFrom('tenant_access')
    .innerJoin('tenants', 'tenants.id', 'tenant_access.tenant_id')
    .innerJoin('organizations', 'organizations.id', 'tenant_access.organization_id')
    .select([
      'tenant_access.user_id',
      'tenant_access.tenant_id',
      'tenants.name as tenant_name',
      'tenant_access.organization_id',
      'organizations.name as organization_name',
      'tenant_access.role',
      'tenants.is_active as tenant_active',
      'organizations.is_active as organization_active',
    ])
    .where('tenant_access.user_id', 'in', userIds)
    .orderBy('organizations.name')
    .orderBy('tenants.name');
  if (orgIds) query = query.where('tenant_access.organization_id', 'in', orgIds);
  return query.execute();
}

/** Removes the user's memberships and tenant grants inside the given organizations (all when null). */
export async function clearMemberships(tx: Tx, userId: string, orgIds: string[] | null) {
  if (orgIds && !orgIds.length) return;
  let memberships = tx.deleteFrom('memberships').where('user_id', '=', userId);
  let access = tx.deleteFrom('tenant_access').where('user_id', '=', userId);
  if (orgIds) {
    memberships = memberships.where('organization_id', 'in', orgIds);
    access = access.where('organization_id', 'in', orgIds);
  }
  await memberships.execute();
  await access.execute();
}

export async function insertMemberships(tx: Tx, userId: string, rows: { organization_id: string; role: MembershipRole }[]) {
  if (!rows.length) return;
  await tx.insertInto('memberships').values(rows.map((r) => ({ user_id: userId, organization_id: r.organization_id, role: r.role }))).execute();
}

export async function insertTenantGrants(tx: Tx, userId: string, rows: { tenant_id: string; organization_id: string; role: UserRole | null }[]) {
  if (!rows.length) return;
  await tx
    .insertInto('tenant_access')
    .values(rows.map((r) => ({ user_id: userId, tenant_id: r.tenant_id, organization_id: r.organization_id, role: r.role })))
    .execute();
}

/** The named tenants with their organization, as far as the transaction's scope lets it see them. */
export function findTenants(tx: Tx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return tx.selectFrom('tenants').select(['id', 'organization_id', 'name']).where('id', 'in', ids).execute();
}

export function findOrganizations(tx: Tx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return tx.selectFrom('organizations').select(['id', 'name']).where('id', 'in', ids).execute();
}
