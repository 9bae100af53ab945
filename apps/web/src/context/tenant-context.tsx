import type { AccessibleTenant } from '@compliance/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { readStoredTenantId, storeTenantId } from '../auth/browser-storage';
import { USER_LOGGED_IN_EVENT } from '../auth/login-events';
import { IDENTITY_STALE_TIME, useSession } from '../auth/session-context';
import { trpc } from '../lib/trpc';
import { invalidateTenantScopedQueries } from './tenant-scoped-queries';

export interface TenantContextValue {
  tenants: AccessibleTenant[];
  currentTenant: AccessibleTenant | null;
  /** True until the tenant list is loaded and the current tenant is settled with the server. */
  loading: boolean;
  /** True while a tenant change is being saved in the session. */
  switching: boolean;
  /** Makes a tenant current: in the server session first, then in the UI. */
  selectTenant: (tenantId: string) => Promise<void>;
  /** Takes over a tenant the server session already switched to (after an organization change). */
  adoptTenant: (tenantId: string | null) => void;
}

const TenantContext = createContext<TenantContextValue | null>(null);

/** The stored tenant when it is in the list, else the first. */
function storedOrFirst(tenants: AccessibleTenant[]): AccessibleTenant | null {
  const stored = readStoredTenantId();
  return tenants.find((t) => t.id === stored) ?? tenants[0] ?? null;
}

/**
 * The tenant to show when the list is known and the choice needs no call to the server (it is the
 * session's current tenant, or there is none to choose): null for no tenant, undefined when not settled yet.
 */
function settledChoice(tenants: AccessibleTenant[] | undefined, serverTenantId: string | null): AccessibleTenant | null | undefined {
  if (!tenants) return undefined;
  const chosen = storedOrFirst(tenants);
  return !chosen || chosen.id === serverTenantId ? chosen : undefined;
}

/**
 * The tenant context of spec section 4, on top of the server session: it loads the user's accessible
 * tenants (on start and on the user-logged-in event), picks the stored tenant when it is in the
 * list, else the first, persists it, and tells the server so tenant-scoped calls agree with the UI.
 */
export function TenantProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const tenantsQuery = trpc.users.accessibleTenants.useQuery({ id: session.user.id }, { staleTime: IDENTITY_STALE_TIME });
  const { mutateAsync: saveTenant } = trpc.auth.selectTenant.useMutation();
  // With the list already in the cache (asked for at start-up) and a choice the server session already
  // holds, the first render shows the tenant: no render of the loading state the effect below would end.
  const [initial] = useState(() => settledChoice(tenantsQuery.data, session.currentTenantId));
  const [currentTenantId, setCurrentTenantId] = useState<string | null>(initial?.id ?? null);
  const [settled, setSettled] = useState(initial !== undefined);
  const [switching, setSwitching] = useState(false);
  const restoring = useRef(false);
  const tenants = useMemo(() => tenantsQuery.data ?? [], [tenantsQuery.data]);
  const listReady = !tenantsQuery.isPending;
  const serverTenantId = session.currentTenantId;
  const { refetch } = tenantsQuery;

  useEffect(() => {
    const reload = () => void refetch();
    window.addEventListener(USER_LOGGED_IN_EVENT, reload);
    return () => window.removeEventListener(USER_LOGGED_IN_EVENT, reload);
  }, [refetch]);

  const remember = useCallback((tenantId: string | null) => {
    setCurrentTenantId(tenantId);
    storeTenantId(tenantId);
  }, []);

  const adoptTenant = useCallback(
    (tenantId: string | null) => {
      remember(tenantId);
      void invalidateTenantScopedQueries(queryClient);
    },
    [queryClient, remember],
  );

  const saveSelection = useCallback(
    async (tenantId: string) => {
      const selection = await saveTenant({ tenant_id: tenantId });
      utils.auth.me.setData(undefined, (old) => (old ? { ...old, ...selection } : old));
    },
    [saveTenant, utils],
  );

  useEffect(() => {
    if (!listReady || restoring.current) return;
    if (currentTenantId && tenants.some((t) => t.id === currentTenantId)) {
      storeTenantId(currentTenantId);
      setSettled(true);
      return;
    }
    const chosen = storedOrFirst(tenants);
    remember(chosen?.id ?? null);
    if (!chosen || chosen.id === serverTenantId) {
      setSettled(true);
      return;
    }
    restoring.current = true;
    saveSelection(chosen.id)
      .then(() => invalidateTenantScopedQueries(queryClient))
      .catch((error: unknown) => {
        console.error('Could not restore the stored tenant in the session', error);
        if (serverTenantId && tenants.some((t) => t.id === serverTenantId)) remember(serverTenantId);
      })
      .finally(() => {
        restoring.current = false;
        setSettled(true);
      });
  }, [listReady, tenants, currentTenantId, serverTenantId, remember, saveSelection, queryClient]);

  const selectTenant = useCallback(
    async (tenantId: string) => {
      setSwitching(true);
      try {
        await saveSelection(tenantId);
        adoptTenant(tenantId);
      } finally {
        setSwitching(false);
      }
    },
    [adoptTenant, saveSelection],
  );

  const value = useMemo<TenantContextValue>(
    () => ({
      tenants,
      currentTenant: tenants.find((t) => t.id === currentTenantId) ?? null,
      loading: !listReady || !settled,
      switching,
      selectTenant,
      adoptTenant,
    }),
    [tenants, currentTenantId, listReady, settled, switching, selectTenant, adoptTenant],
  );

  return <TenantContext.Provider value={value}>{children}</TenantContext.Provider>;
}

export function useTenant(): TenantContextValue {
  const context = useContext(TenantContext);
  if (!context) throw new Error('useTenant must be used inside TenantProvider');
  return context;
}
