import type { AccessibleTenant } from '@compliance/contracts/users';
import { useCurrentUser, usePermissions } from '../auth/session-context';

/** Viewers only read documents; everyone else may upload, re-analyse and delete (the server rules the same). */
export function useCanManageDocuments(tenant: AccessibleTenant): boolean {
  const user = useCurrentUser();
  const permissions = usePermissions();
  return (
    user.role !== 'Viewer' ||
    permissions.isProductAdmin ||
    permissions.managedOrganizations.some((o) => o.id === tenant.organization_id)
  );
}
