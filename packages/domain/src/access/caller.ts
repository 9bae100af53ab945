import type { AccessScope, Tx } from '@compliance/db/scope';
import type { UserRole, UserRow } from '@compliance/db/schema';

export type PublicUserRow = Omit<UserRow, 'password_hash'>;

export interface ReachableTenant {
  id: string;
  organization_id: string;
  /** The role granted in this tenant (tenant_access.role); null: the user's own role applies. */
  role?: UserRole | null;
}

/**
 * Who is calling and what they may reach, resolved once per request from the session's user.
 * Rules (design decision 5): a product admin reaches everything; an organization manager manages
 * that organization; a user with role Admin administers the organizations they are a member of;
 * Editors and Viewers work inside the tenants they were given access to.
 */
export interface Caller {
  user: PublicUserRow;
  isProductAdmin: boolean;
  managedOrgIds: ReadonlySet<string>;
  memberOrgIds: ReadonlySet<string>;
  /** Organizations whose users and tenants this caller administers. */
  adminOrgIds: ReadonlySet<string>;
  /** Active tenants of active organizations this caller can work in. */
  tenants: ReadonlyMap<string, ReachableTenant>;
  /** Tenants granted one by one (tenant_access), whatever their state. */
  grantedTenantIds: readonly string[];
}

const ROLE_RANK: Record<UserRole, number> = { Viewer: 1, Editor: 2, Admin: 3 };
const MANAGER_RANK = 4;
/** The power of an organization manager: only that much or more can make someone a manager. */
export const MANAGER_POWER = MANAGER_RANK;
const PRODUCT_ADMIN_RANK = 5;

/** Loads a caller. Runs in a system-scoped transaction: identity resolution precedes any tenant scope. */
export async function loadCaller(tx: Tx, user: PublicUserRow): Promise<Caller> {
  const memberships = await tx
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['memberships.organization_id', 'memberships.role', 'organizations.is_active'])
    .where('memberships.user_id', '=', user.id)
    .execute();
  const managedOrgIds = new Set(memberships.filter((m) => m.role === 'manager').map((m) => m.organization_id));
  const memberOrgIds = new Set(memberships.map((m) => m.organization_id));
  const adminOrgIds = new Set(managedOrgIds);
  if (user.role === 'Admin') for (const id of memberOrgIds) adminOrgIds.add(id);

  const granted = await tx.selectFrom('tenant_access').select(['tenant_id', 'role']).where('user_id', '=', user.id).execute();
  const grantedTenantIds = granted.map((g) => g.tenant_id);
  const grantedRoles = new Map(granted.map((g) => [g.tenant_id, g.role]));

  let query = tx
    .selectFrom('tenants')
    .innerJoin('organizations', 'organizations.id', 'tenants.organization_id')
    .select(['tenants.id', 'tenants.organization_id'])
    .where('tenants.is_active', '=', true)
    .where('organizations.is_active', '=', true)
    .orderBy('organizations.name')
    .orderBy('tenants.name');
  if (!user.is_product_admin) {
    const orgs = [...adminOrgIds];
    query = query.where((eb) =>
      eb.or([
        orgs.length ? eb('tenants.organization_id', 'in', orgs) : eb.val(false),
        grantedTenantIds.length ? eb('tenants.id', 'in', grantedTenantIds) : eb.val(false),
      ]),
    );
  }
  const rows = await query.execute();
  return {
    user,
    isProductAdmin: user.is_product_admin,
    managedOrgIds,
    memberOrgIds,
    adminOrgIds,
    tenants: new Map(rows.map((r) => [r.id, { ...r, role: grantedRoles.get(r.id) ?? null }])),
    grantedTenantIds,
  };
}

/** Everything the caller may reach, as a database scope (the RLS wall for user-level calls). */
export function callerScope(caller: Caller): AccessScope {
  return {
    userId: caller.user.id,
    all: caller.isProductAdmin,
    organizationIds: [...caller.adminOrgIds],
    tenantIds: [...new Set([...caller.grantedTenantIds, ...caller.tenants.keys()])],
  };
}

/** One tenant only: what tenant-scoped procedures run with. */
export function tenantScope(caller: Caller, tenantId: string): AccessScope {
  return { userId: caller.user.id, all: false, organizationIds: [], tenantIds: [tenantId] };
}

/** The role the caller works with in a tenant: the one granted there, else the user's own. */
export function tenantRole(caller: Caller, tenantId: string): UserRole {
  return caller.tenants.get(tenantId)?.role ?? caller.user.role;
}

export function canAdministerOrg(caller: Caller, organizationId: string): boolean {
  return caller.isProductAdmin || caller.adminOrgIds.has(organizationId);
}

export function canManageOrg(caller: Caller, organizationId: string): boolean {
  return caller.isProductAdmin || caller.managedOrgIds.has(organizationId);
}

/** Organizations the caller can see at all. */
export function visibleOrgIds(caller: Caller): Set<string> {
  const ids = new Set([...caller.memberOrgIds, ...caller.adminOrgIds]);
  for (const t of caller.tenants.values()) ids.add(t.organization_id);
  return ids;
}

/** How much power a user holds, for the rule that nobody grants more than their own. */
export function powerOf(user: Pick<UserRow, 'role' | 'is_product_admin'>, managesSomething: boolean): number {
  if (user.is_product_admin) return PRODUCT_ADMIN_RANK;
  if (managesSomething) return MANAGER_RANK;
  return ROLE_RANK[user.role];
}

export function callerPower(caller: Caller): number {
  return powerOf(caller.user, caller.managedOrgIds.size > 0);
}

export function rolePower(role: UserRole): number {
  return ROLE_RANK[role];
}

/** One organization and all its tenants: what organization-wide reads (roll-up) run with. */
export function organizationScope(caller: Caller, organizationId: string): AccessScope {
  return { userId: caller.user.id, all: false, organizationIds: [organizationId], tenantIds: [] };
}
