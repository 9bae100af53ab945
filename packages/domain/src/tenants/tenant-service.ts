import type { Kysely } from 'kysely';
import type { Tenant, TenantInput, TenantUpdateInput } from '@compliance/contracts/tenants';
import type { Database } from '@compliance/db/schema';
import { type Tx, withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { type Caller, callerScope, canAdministerOrg, canManageOrg, tenantScope, visibleOrgIds } from '../access/caller';
import type { OrgAdminScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { materializeTenantRequirements } from '../catalog/catalog-repo';
import { AppError, forbidden, notFound } from '../errors';
import { getTenant, insertTenant, listTenants, updateTenantRow } from './tenant-repo';

type TenantRow = NonNullable<Awaited<ReturnType<typeof getTenant>>>;

function toTenant(row: TenantRow): Tenant {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/**
 * Tenants of one organization (or of every visible one): all of them for those who administer the
 * organization, otherwise only the tenants the caller can reach.
 */
export async function listVisibleTenants(db: Kysely<Database>, actor: Actor, organizationId?: string, includeInactive = false): Promise<Tenant[]> {
  const { caller } = actor;
  if (organizationId && !caller.isProductAdmin && !visibleOrgIds(caller).has(organizationId)) {
    throw notFound('Organization');
  }
  return withScope(db, callerScope(caller), async (tx) => {
    if (organizationId && !(await tx.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst())) {
      throw notFound('Organization');
    }
    const rows = await listTenants(tx, { organizationId });
    return rows
      .filter((t) => includeInactive || t.is_active)
      .filter((t) => canAdministerOrg(caller, t.organization_id) || caller.tenants.has(t.id))
      .map(toTenant);
  });
}

/** A tenant the caller administers, or a clear 404/403. */
async function getAdministeredTenant(tx: Tx, caller: Caller, id: string): Promise<TenantRow> {
  const row = await getTenant(tx, id);
  if (!row) throw notFound('Tenant');
  if (!canAdministerOrg(caller, row.organization_id)) {
    if (!caller.tenants.has(id)) throw notFound('Tenant');
    throw forbidden('You do not have permission to manage this tenant');
  }
  return row;
}

/** A new tenant in the organization the administrator's scope names (the input's organization_id). */
export async function createTenant(db: Kysely<Database>, scope: OrgAdminScope, input: Omit<TenantInput, 'organization_id'>): Promise<Tenant> {
  const { actor, organizationId } = scope;
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const org = await tx.selectFrom('organizations').select(['id', 'is_active']).where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw notFound('Organization');
    if (!org.is_active) throw new AppError('BAD_REQUEST', 'Cannot add a tenant to an inactive organization');
    const { id } = await insertTenant(tx, { ...input, organization_id: organizationId });
    await materializeTenantRequirements(tx, id);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'create_tenant',
      details: { message: `Tenant "${input.name}" created`, tenant_id: id, frameworks: input.assigned_frameworks },
      organizationId,
      tenantId: id,
    });
    const created = await getTenant(tx, id);
    if (!created) throw notFound('Tenant');
    return toTenant(created);
  });
}

export async function updateTenant(db: Kysely<Database>, actor: Actor, input: TenantUpdateInput): Promise<Tenant> {
  const { id, ...changes } = input;
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const existing = await getAdministeredTenant(tx, actor.caller, id);
    await updateTenantRow(tx, id, changes);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'update_tenant',
      details: { message: `Tenant "${changes.name ?? existing.name}" updated`, tenant_id: id, fields: Object.keys(changes) },
      organizationId: existing.organization_id,
      tenantId: id,
    });
    const updated = await getTenant(tx, id);
    if (!updated) throw notFound('Tenant');
    return toTenant(updated);
  });
}

/** Deleting a tenant deactivates it; its data stays for audit and can be reactivated. */
export async function deleteTenant(db: Kysely<Database>, actor: Actor, id: string): Promise<Tenant> {
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const existing = await getAdministeredTenant(tx, actor.caller, id);
    await updateTenantRow(tx, id, { is_active: false });
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'delete_tenant',
      details: { message: `Tenant "${existing.name}" deleted (deactivated)`, tenant_id: id },
      organizationId: existing.organization_id,
      tenantId: id,
    });
    return toTenant({ ...existing, is_active: false });
  });
}

/**
 * Restoring a deleted tenant reactivates it with its data intact: a manager of its organization or a
 * product admin; its organization must be active.
 */
export async function restoreTenant(db: Kysely<Database>, actor: Actor, id: string): Promise<Tenant> {
  const { caller } = actor;
  return withScope(db, callerScope(caller), async (tx) => {
    const existing = await getAdministeredTenant(tx, caller, id);
    if (!canManageOrg(caller, existing.organization_id)) throw forbidden('Only a manager of this organization can restore its tenants');
    if (existing.is_active) throw new AppError('BAD_REQUEST', `Tenant "${existing.name}" is already active`);
    const org = await tx.selectFrom('organizations').select('is_active').where('id', '=', existing.organization_id).executeTakeFirst();
    if (!org?.is_active) throw new AppError('BAD_REQUEST', 'Restore the organization first: it is inactive');
    await updateTenantRow(tx, id, { is_active: true, deactivated_with_organization: false });
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'restore_tenant',
      details: { message: `Tenant "${existing.name}" restored`, tenant_id: id },
      organizationId: existing.organization_id,
      tenantId: id,
    });
    return toTenant({ ...existing, is_active: true });
  });
}

/** The tenant a tenant-scoped call works in, read under that tenant's own scope. */
export async function getCurrentTenant(db: Kysely<Database>, caller: Caller, tenantId: string): Promise<Tenant> {
  return withScope(db, tenantScope(caller, tenantId), async (tx) => {
    const row = await getTenant(tx, tenantId);
    if (!row) throw notFound('Tenant');
    return toTenant(row);
  });
}
