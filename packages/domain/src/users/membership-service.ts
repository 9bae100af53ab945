import type { Kysely } from 'kysely';
import type { Memberships, ReplaceMembershipsInput, UserMembershipSummary } from '@compliance/contracts/memberships';
import type { Database } from '@compliance/db/schema';
import { type Tx, withScope } from '@compliance/db/scope';
import { invalidateCallerCache } from '../access/caller-cache';
import { type Actor, auditBy } from '../access/actor';
import { type Caller, MANAGER_POWER, callerPower, callerScope, canAdministerOrg, canManageOrg, rolePower } from '../access/caller';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, forbidden, notFound } from '../errors';
import { clearMemberships, findOrganizations, findTenants, insertMemberships, insertTenantGrants, listOrganizationMemberships, listTenantMemberships } from './membership-repo';
import { assertCanViewUser, getManageableUser, listVisibleUsers, organizationOfUser } from './user-service';
import { getUser } from './user-repo';

/** The organizations whose memberships the caller reads and replaces: all (null) for a product admin. */
function administeredOrgIds(caller: Caller): string[] | null {
  return caller.isProductAdmin ? null : [...caller.adminOrgIds];
}

async function readMemberships(tx: Tx, caller: Caller, userId: string): Promise<Memberships> {
  const user = await getUser(tx, userId);
  if (!user) throw notFound('User');
  const orgIds = administeredOrgIds(caller);
  const organizations = await listOrganizationMemberships(tx, [userId], orgIds);
  const tenants = await listTenantMemberships(tx, [userId], orgIds);
  return {
    user_id: user.id,
    username: user.username,
    role: user.role,
    organizations: organizations.map((m) => ({ organization_id: m.organization_id, organization_name: m.organization_name, role: m.role, is_active: m.is_active })),
    tenants: tenants.map((t) => ({
      tenant_id: t.tenant_id,
      tenant_name: t.tenant_name,
      organization_id: t.organization_id,
      organization_name: t.organization_name,
      role: t.role,
      effective_role: t.role ?? user.role,
      is_active: t.tenant_active && t.organization_active,
    })),
  };
}

/** A user's memberships inside what the caller administers; a user the caller cannot see is a 404. */
export async function getUserMemberships(db: Kysely<Database>, actor: Actor, userId: string): Promise<Memberships> {
  const { caller } = actor;
  return withScope(db, callerScope(caller), async (tx) => {
    await assertCanViewUser(tx, caller, userId);
    return readMemberships(tx, caller, userId);
  });
}

/** Organizations and tenants of every user the caller can see, limited to what the caller administers. */
export async function listMembershipSummaries(db: Kysely<Database>, actor: Actor): Promise<UserMembershipSummary[]> {
  const { caller } = actor;
  const users = await listVisibleUsers(db, actor);
  return withScope(db, callerScope(caller), async (tx) => {
    const ids = users.map((u) => u.id);
    // Non-administrators see themselves only; they read their own memberships in full.
    const orgIds = caller.isProductAdmin || caller.adminOrgIds.size === 0 ? null : administeredOrgIds(caller);
    const organizations = await listOrganizationMemberships(tx, ids, orgIds);
    const tenants = await listTenantMemberships(tx, ids, orgIds);
    return ids.map((id) => ({
      user_id: id,
      organizations: organizations.filter((m) => m.user_id === id).map((m) => ({ id: m.organization_id, name: m.organization_name, role: m.role })),
      tenants: tenants
        .filter((t) => t.user_id === id && t.tenant_active && t.organization_active)
        .map((t) => ({ id: t.tenant_id, name: t.tenant_name, organization_id: t.organization_id, role: t.role })),
    }));
  });
}

/** Refuses any grant outside what the caller administers, or above the caller's own power. */
async function checkGrants(tx: Tx, caller: Caller, input: ReplaceMembershipsInput) {
  const power = callerPower(caller);
  for (const m of input.organizations) {
    if (!canAdministerOrg(caller, m.organization_id)) throw forbidden('You can only grant access within the organizations you manage');
    if (m.role === 'manager' && (!canManageOrg(caller, m.organization_id) || power < MANAGER_POWER)) {
      throw forbidden('Only a manager of the organization can make someone its manager');
    }
  }
  const orgs = await findOrganizations(tx, input.organizations.map((m) => m.organization_id));
  if (orgs.length !== input.organizations.length) throw forbidden('You can only grant access within the organizations you manage');
  const tenants = await findTenants(tx, input.tenants.map((t) => t.tenant_id));
  const byId = new Map(tenants.map((t) => [t.id, t]));
  return input.tenants.map((grant) => {
    const tenant = byId.get(grant.tenant_id);
    if (!tenant || !canAdministerOrg(caller, tenant.organization_id)) throw forbidden('You can only grant access to tenants of the organizations you manage');
    if (grant.role && rolePower(grant.role) > power) throw forbidden('You cannot grant a role above your own');
    return { tenant_id: tenant.id, organization_id: tenant.organization_id, role: grant.role };
  });
}

/**
 * Replaces the user's memberships and tenant grants inside the organizations the caller administers
 * (all for a product admin), in one transaction with its audit entry. Nobody changes their own access
 * or that of a user with more power. The user's next request is resolved with the new access.
 */
export async function replaceUserMemberships(db: Kysely<Database>, actor: Actor, input: ReplaceMembershipsInput): Promise<Memberships> {
  const { caller } = actor;
  if (input.id === caller.user.id) throw new AppError('BAD_REQUEST', 'You cannot change your own access');
  if (!caller.isProductAdmin && caller.adminOrgIds.size === 0) throw forbidden('You do not have permission to change access');
  const result = await withScope(db, callerScope(caller), async (tx) => {
    await assertCanViewUser(tx, caller, input.id);
    const target = await getManageableUser(tx, caller, input.id);
    const grants = await checkGrants(tx, caller, input);
    const before = await readMemberships(tx, caller, input.id);
    await clearMemberships(tx, input.id, administeredOrgIds(caller));
    await insertMemberships(tx, input.id, input.organizations);
    await insertTenantGrants(tx, input.id, grants);
    const after = await readMemberships(tx, caller, input.id);
    const describe = (m: Memberships) => ({
      organizations: m.organizations.map((o) => `${o.organization_name} (${o.role})`),
      tenants: m.tenants.map((t) => `${t.tenant_name} (${t.role ?? `own role ${m.role}`})`),
    });
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'update_user_access',
      details: { message: `Access of user "${target.username}" changed`, user_id: input.id, before: describe(before), after: describe(after) },
      organizationId: (await organizationOfUser(tx, caller, input.id)) ?? input.organizations[0]?.organization_id ?? null,
    });
    return after;
  });
  invalidateCallerCache();
  return result;
}
