import type { Kysely } from 'kysely';
import type { User } from '@compliance/contracts/auth';
import type { CreateUserInput } from '@compliance/contracts/users';
import type { Database, UserRole } from '@compliance/db/schema';
import { type Tx, isUniqueViolation, withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { type Caller, callerPower, callerScope, canAdministerOrg, powerOf, rolePower } from '../access/caller';
import { createAuditEntry } from '../audit/audit-repo';
import { deleteUserSessions } from '../auth/session-repo';
import { hashPassword } from '../auth/passwords';
import { assertAcceptablePassword } from '../auth/password-policy';
import { AppError, forbidden, notFound } from '../errors';
import { toUser } from './user-mapper';
import {
  addMembership,
  addTenantAccess,
  findUserConflict,
  getUser,
  insertUser,
  listManagedOrganizationIds,
  listUserOrganizationLinks,
  listUsers,
  markUserDeleted,
  setUserActive,
} from './user-repo';

function listVisibleUserRows(tx: Tx, caller: Caller) {
  return listUsers(tx, { organizationIds: caller.isProductAdmin ? null : [...caller.adminOrgIds], includeUserId: caller.user.id });
}

/** Product admin: everyone. Organization administrators: users of their organizations. Others: themselves. */
export async function listVisibleUsers(db: Kysely<Database>, actor: Actor): Promise<User[]> {
  const { caller } = actor;
  return withScope(db, callerScope(caller), async (tx) => (await listVisibleUserRows(tx, caller)).map(toUser));
}

/** Whether a user holds power the caller lacks: manages an organization the caller does not, or ranks higher. */
function outranksCaller(caller: Caller, target: Parameters<typeof powerOf>[0], managedOrgIds: string[]): boolean {
  const managesOther = managedOrgIds.some((org) => !caller.managedOrgIds.has(org));
  return managesOther || powerOf(target, managedOrgIds.length > 0) > callerPower(caller);
}

/**
 * The listed users whose status the caller may change (activate, deactivate, delete), by the rule
 * those calls enforce: never oneself, only as an administrator, never someone who outranks the caller.
 * The web offers the actions only on these rows.
 */
export async function listManageableUserIds(db: Kysely<Database>, actor: Actor): Promise<string[]> {
  const { caller } = actor;
  if (!caller.isProductAdmin && caller.adminOrgIds.size === 0) return [];
  return withScope(db, callerScope(caller), async (tx) => {
    const others = (await listVisibleUserRows(tx, caller)).filter((row) => row.id !== caller.user.id);
    if (caller.isProductAdmin) return others.map((row) => row.id);
    const managed = await listManagedOrganizationIds(tx, others.map((row) => row.id));
    return others.filter((row) => !outranksCaller(caller, row, managed.get(row.id) ?? [])).map((row) => row.id);
  });
}

/** Whether the caller can read this user's details (permissions, tenants). */
export async function assertCanViewUser(tx: Tx, caller: Caller, userId: string): Promise<void> {
  if (caller.isProductAdmin || caller.user.id === userId) return;
  const links = await listUserOrganizationLinks(tx, userId);
  const orgs = [...links.memberships.map((m) => m.organization_id), ...links.accessOrgIds];
  if (!orgs.some((org) => caller.adminOrgIds.has(org))) throw notFound('User');
}

/** Loads a user the caller may change (status, delete), refusing targets with more power than the caller. */
export async function getManageableUser(tx: Tx, caller: Caller, userId: string) {
  const target = await getUser(tx, userId);
  if (!target) throw notFound('User');
  await assertCanViewUser(tx, caller, userId);
  if (target.id === caller.user.id) throw new AppError('BAD_REQUEST', 'You cannot change your own account status');
  if (!caller.isProductAdmin) {
    if (caller.adminOrgIds.size === 0) throw forbidden('You do not have permission to manage users');
    const links = await listUserOrganizationLinks(tx, userId);
    const managed = links.memberships.filter((m) => m.role === 'manager').map((m) => m.organization_id);
    if (outranksCaller(caller, target, managed)) throw forbidden('You cannot change a user with more permissions than your own');
  }
  return target;
}

/**
 * The organization an audit entry about a user belongs to: one of the user's organizations that the
 * caller administers, else the user's first. Never the caller's current selection, which may be an
 * organization the user has nothing to do with (its administrators would read about a stranger).
 */
export async function organizationOfUser(tx: Tx, caller: Caller, userId: string): Promise<string | null> {
  const links = await listUserOrganizationLinks(tx, userId);
  const orgs = [...links.memberships.map((m) => m.organization_id), ...links.accessOrgIds];
  return orgs.find((org) => caller.adminOrgIds.has(org)) ?? orgs[0] ?? null;
}

export async function createUser(db: Kysely<Database>, actor: Actor, input: CreateUserInput): Promise<User> {
  const { caller } = actor;
  if (!caller.isProductAdmin && caller.adminOrgIds.size === 0) {
    throw forbidden('You do not have permission to create users');
  }
  if (rolePower(input.role) > callerPower(caller)) {
    throw forbidden('You cannot create a user with more permissions than your own');
  }
  const organizationId =
    input.organization_id ??
    (actor.currentOrganizationId && canAdministerOrg(caller, actor.currentOrganizationId)
      ? actor.currentOrganizationId
      : ([...caller.adminOrgIds][0] ?? null));
  if (organizationId && !canAdministerOrg(caller, organizationId)) {
    throw forbidden('You cannot add users to this organization');
  }
  if (!organizationId && !caller.isProductAdmin) throw new AppError('BAD_REQUEST', 'Choose an organization for the new user');
  assertAcceptablePassword(input.password, { username: input.username });

  try {
    return await withScope(db, callerScope(caller), async (tx) => {
      if (organizationId && !(await tx.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst())) {
        throw notFound('Organization');
      }
      const tenants = withTenantRoles(await resolveTenants(tx, actor, organizationId, input.tenant_ids), input.tenant_roles, caller);
      const conflict = await findUserConflict(tx, input.username, input.email);
      if (conflict) {
        throw new AppError(
          'CONFLICT',
          conflict.username.toLowerCase() === input.username.toLowerCase()
            ? `Username "${input.username}" already exists`
            : `Email "${input.email}" is already in use`,
        );
      }
      const { id } = await insertUser(tx, {
        username: input.username,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        fullName: input.full_name,
        role: input.role,
        isProductAdmin: false,
      });
      if (organizationId) await addMembership(tx, id, organizationId, 'member');
      await addTenantAccess(tx, id, tenants);
      await createAuditEntry(tx, {
        ...auditBy(actor),
        action: 'create_user',
        details: {
          message: `User "${input.username}" created with role ${input.role}`,
          user_id: id,
          organization_id: organizationId,
          tenants: tenants.map((t) => ({ tenant_id: t.id, role: t.role })),
        },
        organizationId,
      });
      const created = await getUser(tx, id);
      if (!created) throw notFound('User');
      return toUser(created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'A user with this username or email already exists');
    throw error;
  }
}

/** Attaches the requested role per tenant; each must name a chosen tenant and grant no more than the caller holds. */
function withTenantRoles(
  tenants: { id: string; organization_id: string }[],
  roles: CreateUserInput['tenant_roles'],
  caller: Caller,
): { id: string; organization_id: string; role: UserRole | null }[] {
  const byTenant = new Map((roles ?? []).map((r) => [r.tenant_id, r.role]));
  for (const [tenantId, role] of byTenant) {
    if (!tenants.some((t) => t.id === tenantId)) throw new AppError('BAD_REQUEST', 'A tenant role names a tenant the user is not given');
    if (rolePower(role) > callerPower(caller)) throw forbidden('You cannot grant a role above your own');
  }
  return tenants.map((t) => ({ ...t, role: byTenant.get(t.id) ?? null }));
}

async function resolveTenants(tx: Tx, actor: Actor, organizationId: string | null, requested: string[] | undefined) {
  if (!organizationId) return [];
  const ids =
    requested ??
    (actor.currentTenantId && actor.caller.tenants.get(actor.currentTenantId)?.organization_id === organizationId
      ? [actor.currentTenantId]
      : []);
  if (!ids.length) return [];
  const rows = await tx
    .selectFrom('tenants')
    .select(['id', 'organization_id'])
    .where('id', 'in', ids)
    .where('organization_id', '=', organizationId)
    .execute();
  if (rows.length !== new Set(ids).size) throw new AppError('BAD_REQUEST', 'Every tenant must belong to the chosen organization');
  return rows;
}

export async function toggleUserStatus(db: Kysely<Database>, actor: Actor, userId: string): Promise<User> {
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const target = await getManageableUser(tx, actor.caller, userId);
    const isActive = !target.is_active;
    await setUserActive(tx, userId, isActive);
    if (!isActive) await deleteUserSessions(tx, userId);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'update_user_status',
      details: { message: `User "${target.username}" ${isActive ? 'activated' : 'deactivated'}`, user_id: userId },
      organizationId: await organizationOfUser(tx, actor.caller, userId),
    });
    return toUser({ ...target, is_active: isActive });
  });
}

/** Deleting deactivates the account and hides it from lists; the row and its audit history stay. */
export async function deleteUser(db: Kysely<Database>, actor: Actor, userId: string): Promise<User> {
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const target = await getManageableUser(tx, actor.caller, userId);
    await markUserDeleted(tx, userId);
    await deleteUserSessions(tx, userId);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'delete_user',
      details: { message: `User "${target.username}" deleted (account deactivated)`, user_id: userId },
      organizationId: await organizationOfUser(tx, actor.caller, userId),
    });
    return toUser({ ...target, is_active: false });
  });
}
