import { type Kysely, sql } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';

/** Organizations with their active tenant and user counts; all of them when ids is null; inactive ones only when asked. */
export function listOrganizations(tx: Tx, ids: string[] | null, includeInactive = true) {
  let query = tx
    .selectFrom('organizations as o')
    .select([
      'o.id',
      'o.name',
      'o.domain',
      'o.logo_url',
      'o.description',
      'o.is_active',
      'o.created_at',
      sql<number>`(SELECT count(*)::int FROM tenants t WHERE t.organization_id = o.id AND t.is_active)`.as('tenant_count'),
      sql<number>`(SELECT count(*)::int FROM users u WHERE u.deleted_at IS NULL AND (
        EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.organization_id = o.id)
        OR EXISTS (SELECT 1 FROM tenant_access a WHERE a.user_id = u.id AND a.organization_id = o.id)))`.as('user_count'),
    ])
    .orderBy('o.name');
  if (!includeInactive) query = query.where('o.is_active', '=', true);
  if (ids) {
    if (!ids.length) return Promise.resolve([]);
    query = query.where('o.id', 'in', ids);
  }
  return query.execute();
}

export function getOrganization(tx: Tx, id: string) {
  return tx.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrganizationByDomain(tx: Tx, domain: string, exceptId?: string) {
  let query = tx.selectFrom('organizations').select('id').where(sql`lower(domain)`, '=', domain.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export function insertOrganization(
  tx: Tx,
  values: { name: string; domain: string | null; logo_url: string | null; description: string | null },
) {
  return tx.insertInto('organizations').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateOrganization(
  tx: Tx,
  id: string,
  values: Partial<{ name: string; domain: string | null; logo_url: string | null; description: string | null; is_active: boolean }>,
) {
  await tx.updateTable('organizations').set({ ...values, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Deactivates the organization's active tenants, marked as deactivated with it. */
export async function deactivateOrganizationTenants(tx: Tx, organizationId: string) {
  await tx
    .updateTable('tenants')
    .set({ is_active: false, deactivated_with_organization: true, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('is_active', '=', true)
    .execute();
}

/** Reactivates the tenants the organization's deletion deactivated; returns how many. */
export async function reactivateOrganizationTenants(tx: Tx, organizationId: string) {
  const rows = await tx
    .updateTable('tenants')
    .set({ is_active: true, deactivated_with_organization: false, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('deactivated_with_organization', '=', true)
    .returning('id')
    .execute();
  return rows.length;
}

function organizationsById(tx: Tx, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return tx.selectFrom('organizations').select(['id', 'name', 'description']).where('id', 'in', ids).orderBy('name').execute();
}

/**
 * The organizations another user's permissions name (every one when they are a product admin), read
 * across organizations (system scope): the caller must have been allowed to view the user.
 */
export function unsafeListPermissionOrganizations(
  db: Kysely<Database>,
  target: { all: boolean; managedIds: readonly string[]; memberIds: readonly string[] },
) {
  return withScope(db, SYSTEM_SCOPE, async (tx) => ({
    all: target.all
      ? await tx.selectFrom('organizations').select(['id', 'name', 'description', 'is_active']).orderBy('name').execute()
      : [],
    managed: await organizationsById(tx, target.managedIds),
    member: await organizationsById(tx, target.memberIds),
  }));
}
