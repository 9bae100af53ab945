import { trpc } from '../lib/trpc';

export interface CallerAccess {
  isLoading: boolean;
  userId: string | null;
  isProductAdmin: boolean;
  /** Manage the organization itself (rename, logo...): product admin or its manager. */
  canManageOrganization: (organizationId: string) => boolean;
  /** Manage the organization's tenants and users: also members with the Admin role. */
  canAdministerOrganization: (organizationId: string) => boolean;
  /** Whether the caller administers users anywhere (may add users). */
  canManageUsers: boolean;
}

/**
 * What the signed-in user may do, from auth.me and users.permissions (design decision 5). Used only
 * to hide controls the server would refuse; the server enforces every rule itself.
 */
export function useCallerAccess(): CallerAccess {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const user = me.data?.user;
  const permissions = trpc.users.permissions.useQuery({ id: user?.id ?? '' }, { enabled: !!user, staleTime: 60_000 });

  const isProductAdmin = !!user?.is_product_admin;
  const managed = new Set(permissions.data?.managed_organizations.map((o) => o.id) ?? []);
  const administered = new Set(managed);
  if (user?.role === 'Admin') for (const org of permissions.data?.member_organizations ?? []) administered.add(org.id);

  return {
    isLoading: me.isLoading || (!!user && permissions.isLoading),
    userId: user?.id ?? null,
    isProductAdmin,
    canManageOrganization: (id) => isProductAdmin || managed.has(id),
    canAdministerOrganization: (id) => isProductAdmin || administered.has(id),
    canManageUsers: isProductAdmin || administered.size > 0,
  };
}
