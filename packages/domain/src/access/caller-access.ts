import { sql } from 'kysely';
import type { Caller, PublicUserRow, ReachableTenant } from './caller';

/** What a caller's identity query adds to the user's row: memberships, grants, reachable tenants, MFA state. */
export interface CallerAccessColumns {
  access_memberships: { organization_id: string; role: string }[] | null;
  access_granted: string[] | null;
  /** Each reachable tenant: its id, its organization and the role granted in it (null: the user's own role). */
  access_tenants: [string, string, string | null][] | null;
  mfa_enrollment_required: boolean;
}

/**
 * The columns that turn a user row into a Caller, for the same statement that finds the session or
 * token: the user's memberships, the tenants granted one by one, the active tenants of active
 * organizations the caller can work in (every one for a product admin; organizations they administer
 * and granted tenants otherwise, ordered by organization and tenant name), and whether an organization
 * of theirs requires MFA they have not enrolled in. `user` is the users row's id and role columns.
 */
export function callerAccessColumns(user: { id: string; role: string; isProductAdmin: string }) {
  const id = sql.ref(user.id);
  const role = sql.ref(user.role);
  const admin = sql.ref(user.isProductAdmin);
  const adminOrgs = sql`SELECT m.organization_id FROM memberships m WHERE m.user_id = ${id} AND (m.role = 'manager' OR ${role} = 'Admin')`;
  const granted = sql`SELECT ta.tenant_id FROM tenant_access ta WHERE ta.user_id = ${id}`;
  return [
    sql<CallerAccessColumns['access_memberships']>`(SELECT json_agg(json_build_object('organization_id', m.organization_id, 'role', m.role))
      FROM memberships m JOIN organizations o ON o.id = m.organization_id WHERE m.user_id = ${id})`.as('access_memberships'),
    sql<string[]>`ARRAY(${granted})`.as('access_granted'),
    sql<CallerAccessColumns['access_tenants']>`(SELECT json_agg(json_build_array(t.id, t.organization_id,
        (SELECT ta.role FROM tenant_access ta WHERE ta.user_id = ${id} AND ta.tenant_id = t.id)) ORDER BY o.name, t.name)
      FROM tenants t JOIN organizations o ON o.id = t.organization_id
      WHERE t.is_active AND o.is_active AND (${admin} OR t.organization_id IN (${adminOrgs}) OR t.id IN (${granted})))`.as('access_tenants'),
    sql<boolean>`(EXISTS (SELECT 1 FROM organizations o WHERE o.require_mfa AND (
        EXISTS (SELECT 1 FROM memberships m WHERE m.organization_id = o.id AND m.user_id = ${id})
        OR EXISTS (SELECT 1 FROM tenant_access ta WHERE ta.organization_id = o.id AND ta.user_id = ${id})))
      AND NOT EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = ${id} AND f.confirmed_at IS NOT NULL))`.as('mfa_enrollment_required'),
  ] as const;
}

/** Builds the Caller from a user row and its access columns (loadCaller's rules, without more queries). */
export function callerFromAccess(user: PublicUserRow, access: CallerAccessColumns): Caller {
  const memberships = access.access_memberships ?? [];
  const managedOrgIds = new Set(memberships.filter((m) => m.role === 'manager').map((m) => m.organization_id));
  const memberOrgIds = new Set(memberships.map((m) => m.organization_id));
  const adminOrgIds = new Set(managedOrgIds);
  if (user.role === 'Admin') for (const id of memberOrgIds) adminOrgIds.add(id);
  const tenants = new Map<string, ReachableTenant>();
  for (const [id, organization_id, role] of access.access_tenants ?? []) tenants.set(id, { id, organization_id, role: (role as ReachableTenant['role']) ?? null });
  return {
    user,
    isProductAdmin: user.is_product_admin,
    managedOrgIds,
    memberOrgIds,
    adminOrgIds,
    tenants,
    grantedTenantIds: access.access_granted ?? [],
  };
}

