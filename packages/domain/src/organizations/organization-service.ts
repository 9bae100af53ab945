import type { Kysely } from 'kysely';
import type { Organization, OrganizationInput, OrganizationUpdateInput } from '@compliance/contracts/organizations';
import type { Database } from '@compliance/db/schema';
import { type Tx, isUniqueViolation, withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { callerScope, visibleOrgIds } from '../access/caller';
import type { OrgManagerScope, ProductAdminScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, forbidden, notFound } from '../errors';
import {
  deactivateOrganizationTenants,
  findOrganizationByDomain,
  getOrganization,
  insertOrganization,
  listOrganizations,
  reactivateOrganizationTenants,
  updateOrganization as updateOrganizationRow,
} from './organization-repo';

type OrganizationRow = Awaited<ReturnType<typeof listOrganizations>>[number];

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    logo_url: row.logo_url,
    description: row.description,
    is_active: row.is_active,
    tenant_count: Number(row.tenant_count),
    user_count: Number(row.user_count),
    created_at: new Date(row.created_at).toISOString(),
  };
}

async function loadOrganization(tx: Tx, id: string): Promise<Organization> {
  const [row] = await listOrganizations(tx, [id]);
  if (!row) throw notFound('Organization');
  return toOrganization(row);
}

/** The organizations the caller can see (all of them for a product admin); inactive ones only when asked. */
export async function listVisibleOrganizations(db: Kysely<Database>, actor: Actor, includeInactive = false): Promise<Organization[]> {
  const { caller } = actor;
  return withScope(db, callerScope(caller), async (tx) => {
    const rows = await listOrganizations(tx, caller.isProductAdmin ? null : [...visibleOrgIds(caller)], includeInactive);
    return rows.map(toOrganization);
  });
}

/** Every customer organization with its counts: the Customer Admin screen, product admins only. */
export async function listAllCustomers(db: Kysely<Database>, { actor }: ProductAdminScope, includeInactive = false): Promise<Organization[]> {
  return listVisibleOrganizations(db, actor, includeInactive);
}

async function assertDomainFree(tx: Tx, domain: string | null | undefined, exceptId?: string) {
  if (domain && (await findOrganizationByDomain(tx, domain, exceptId))) {
    throw new AppError('CONFLICT', `An organization with domain "${domain}" already exists`);
  }
}

function conflictOnDomain(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'An organization with this domain already exists');
  throw error;
}

export async function createOrganization(db: Kysely<Database>, { actor }: ProductAdminScope, input: OrganizationInput): Promise<Organization> {
  return withScope(db, callerScope(actor.caller), async (tx) => {
    await assertDomainFree(tx, input.domain);
    const { id } = await insertOrganization(tx, input);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'create_organization',
      details: { message: `Organization "${input.name}" created`, organization_id: id },
      organizationId: id,
    });
    return loadOrganization(tx, id);
  }).catch(conflictOnDomain);
}

/**
 * Changes the organization the manager's scope names. Switching it on or off stays a product
 * administrator's decision, checked here because it depends on which fields the change carries.
 */
export async function updateOrganization(db: Kysely<Database>, scope: OrgManagerScope, changes: Omit<OrganizationUpdateInput, 'id'>): Promise<Organization> {
  const { actor, organizationId: id } = scope;
  const { caller } = actor;
  if (changes.is_active !== undefined && !caller.isProductAdmin) {
    throw forbidden('Only product administrators can activate or deactivate organizations');
  }
  return withScope(db, callerScope(caller), async (tx) => {
    const existing = await getOrganization(tx, id);
    if (!existing) throw notFound('Organization');
    await assertDomainFree(tx, changes.domain, id);
    await updateOrganizationRow(tx, id, changes);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'update_organization',
      details: { message: `Organization "${changes.name ?? existing.name}" updated`, organization_id: id, fields: Object.keys(changes) },
      organizationId: id,
    });
    return loadOrganization(tx, id);
  }).catch(conflictOnDomain);
}

/** Deleting an organization deactivates it and all its tenants; nothing is erased. */
export async function deleteOrganization(db: Kysely<Database>, { actor }: ProductAdminScope, id: string): Promise<Organization> {
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const existing = await getOrganization(tx, id);
    if (!existing) throw notFound('Organization');
    await updateOrganizationRow(tx, id, { is_active: false });
    await deactivateOrganizationTenants(tx, id);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'delete_organization',
      details: { message: `Organization "${existing.name}" deleted (deactivated with all its tenants)`, organization_id: id },
      organizationId: id,
    });
    return loadOrganization(tx, id);
  });
}

/** Restoring a deleted organization reactivates it and the tenants its deletion deactivated, data intact. */
export async function restoreOrganization(db: Kysely<Database>, { actor }: ProductAdminScope, id: string): Promise<Organization> {
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const existing = await getOrganization(tx, id);
    if (!existing) throw notFound('Organization');
    if (existing.is_active) throw new AppError('BAD_REQUEST', `Organization "${existing.name}" is already active`);
    await updateOrganizationRow(tx, id, { is_active: true });
    const tenants = await reactivateOrganizationTenants(tx, id);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'restore_organization',
      details: { message: `Organization "${existing.name}" restored with ${tenants} tenant(s)`, organization_id: id, tenants_restored: tenants },
      organizationId: id,
    });
    return loadOrganization(tx, id);
  });
}
