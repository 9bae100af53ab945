import type { SessionPermissions } from './session-context';

export function rollupPath(organizationId: string): string {
  return `/organizations/${organizationId}/rollup`;
}

/**
 * Where a signed-in user starts (spec section 2 route note, section 6): a non-admin organization
 * manager lands on their first managed organization's rollup; everyone else on My Dashboard.
 */
export function landingPath(permissions: Pick<SessionPermissions, 'isProductAdmin' | 'managedOrganizations'>): string {
  const managed = permissions.managedOrganizations[0];
  if (!permissions.isProductAdmin && managed) return rollupPath(managed.id);
  return '/my-dashboard';
}
