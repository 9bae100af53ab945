import type { User } from '@compliance/contracts/auth';
import type { Permissions } from '@compliance/contracts/users';
import { type ReactNode, createContext, useContext, useDeferredValue, useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { ShellSkeleton } from '../layout/shell-skeleton';
import { trpc } from '../lib/trpc';
import { IDENTITY_STALE_TIME, useStartUpReads } from './start-up-reads';

export interface OrganizationRef {
  id: string;
  name: string;
}

export interface SessionPermissions {
  isProductAdmin: boolean;
  /** Every organization, for product admins (ordered by name); empty for everyone else. */
  allOrganizations: OrganizationRef[];
  managedOrganizations: OrganizationRef[];
  memberOrganizations: OrganizationRef[];
  /** Manages at least one organization. */
  isOrganizationManager: boolean;
  /** Product admins and organization managers pick an organization; everyone else a tenant. */
  usesOrganizationSelector: boolean;
}

export interface Session {
  user: User;
  /** The server session's current selection (kept up to date by the selectors). */
  currentOrganizationId: string | null;
  currentTenantId: string | null;
  permissions: SessionPermissions;
}

const SessionContext = createContext<Session | null>(null);

export { IDENTITY_STALE_TIME };

function toPermissions(user: User, data: Permissions | undefined): SessionPermissions {
  const managed = data?.managed_organizations ?? [];
  const isProductAdmin = user.is_product_admin;
  return {
    isProductAdmin,
    allOrganizations: data?.all_organizations ?? [],
    managedOrganizations: managed,
    memberOrganizations: data?.member_organizations ?? [],
    isOrganizationManager: managed.length > 0,
    usesOrganizationSelector: isProductAdmin || managed.length > 0,
  };
}

/**
 * The signed-in session, resolved from the server (auth.me) with the user's permissions. Without a
 * session it sends the browser to /login, and a session its organization's MFA requirement holds back
 * to /mfa-setup; until both are known it shows 'Loading...'. A failed permission load still clears the
 * loading state (the user then gets no extra rights).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: IDENTITY_STALE_TIME });
  const user = me.data?.user;
  const mustEnrol = me.data?.mfa_enrollment_required ?? false;
  useStartUpReads({ userId: user?.id, currentTenantId: me.data?.current_tenant_id, blocked: mustEnrol });
  const permissions = trpc.users.permissions.useQuery(
    { id: user?.id ?? '' },
    { enabled: !!user && !mustEnrol, staleTime: IDENTITY_STALE_TIME },
  );

  const resolvedPermissions = useMemo(
    () => (user ? toPermissions(user, permissions.data) : null),
    [user, permissions.data],
  );
  const value = useMemo<Session | null>(() => {
    if (!me.data || !resolvedPermissions) return null;
    return {
      user: me.data.user,
      currentOrganizationId: me.data.current_organization_id,
      currentTenantId: me.data.current_tenant_id,
      permissions: resolvedPermissions,
    };
  }, [me.data, resolvedPermissions]);

  // The shell and the first screen mount in a render the browser may interrupt (useDeferredValue), not
  // in the one that took the session's answers: on a slow phone that is many short tasks, not one long one.
  const ready = !!value && !permissions.isPending;
  const shown = useDeferredValue(ready, false);

  if (me.isError) return <Navigate to="/login" replace />;
  if (mustEnrol) return <Navigate to="/mfa-setup" replace />;
  if (!value || !ready || !shown) return <ShellSkeleton />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

export function useCurrentUser(): User {
  return useSession().user;
}

export function usePermissions(): SessionPermissions {
  return useSession().permissions;
}
