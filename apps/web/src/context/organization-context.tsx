import type { Organization } from '@compliance/contracts/organizations';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { readStoredOrganizationId, storeOrganizationId } from '../auth/browser-storage';
import { rollupPath } from '../auth/landing-path';
import { IDENTITY_STALE_TIME, type SessionPermissions, useSession } from '../auth/session-context';
import { trpc } from '../lib/trpc';
import { useTenant } from './tenant-context';

export interface OrganizationContextValue {
  /** The organizations the user can pick: all for a product admin, the managed ones for a manager. */
  organizations: Organization[];
  currentOrganization: Organization | null;
  loading: boolean;
  /** True while an organization change is being saved in the session. */
  switching: boolean;
  /** Makes an organization current (server session, storage) and, unless told otherwise, opens its rollup. */
  selectOrganization: (organizationId: string, options?: { navigate?: boolean }) => Promise<void>;
}

const OrganizationContext = createContext<OrganizationContextValue | null>(null);

function selectable(all: Organization[], permissions: SessionPermissions): Organization[] {
  if (permissions.isProductAdmin) return all;
  if (!permissions.isOrganizationManager) return all;
  const managed = new Set(permissions.managedOrganizations.map((o) => o.id));
  return all.filter((o) => managed.has(o.id));
}

/**
 * The organization context of spec section 4: loads the accessible organizations and selects the
 * stored one if present, otherwise the first. For users of the organization selector the choice is
 * saved in the server session (which also moves the current tenant into that organization); for
 * everyone else the current organization simply follows the current tenant.
 */
export function OrganizationProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const { permissions } = session;
  const tenant = useTenant();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const organizationsQuery = trpc.organizations.list.useQuery(undefined, { staleTime: IDENTITY_STALE_TIME });
  const { mutateAsync: saveOrganization } = trpc.auth.selectOrganization.useMutation();
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);
  const restoring = useRef(false);
  const organizations = useMemo(
    () => selectable(organizationsQuery.data ?? [], permissions),
    [organizationsQuery.data, permissions],
  );
  const listReady = !organizationsQuery.isPending;
  const tenantOrgId = tenant.currentTenant?.organization_id ?? null;
  const { adoptTenant } = tenant;

  const remember = useCallback((organizationId: string | null) => {
    setCurrentId(organizationId);
    storeOrganizationId(organizationId);
  }, []);

  const saveSelection = useCallback(
    async (organizationId: string) => {
      const selection = await saveOrganization({ organization_id: organizationId });
      utils.auth.me.setData(undefined, (old) => (old ? { ...old, ...selection } : old));
      remember(organizationId);
      adoptTenant(selection.current_tenant_id);
    },
    [saveOrganization, utils, remember, adoptTenant],
  );

  useEffect(() => {
    if (!listReady || tenant.loading || restoring.current) return;
    if (currentId && organizations.some((o) => o.id === currentId)) return;
    const find = (id: string | null) => (id ? organizations.find((o) => o.id === id) : undefined);
    const stored = readStoredOrganizationId();
    const chosen = permissions.usesOrganizationSelector
      ? (find(stored) ?? find(tenantOrgId) ?? organizations[0] ?? null)
      : (find(tenantOrgId) ?? find(stored) ?? organizations[0] ?? null);
    remember(chosen?.id ?? null);
    if (!chosen || !permissions.usesOrganizationSelector || chosen.id === session.currentOrganizationId) return;
    restoring.current = true;
    setSwitching(true);
    saveSelection(chosen.id)
      .catch((error: unknown) => console.error('Could not restore the stored organization in the session', error))
      .finally(() => {
        restoring.current = false;
        setSwitching(false);
      });
  }, [listReady, tenant.loading, organizations, currentId, tenantOrgId, permissions, session.currentOrganizationId, remember, saveSelection]);

  useEffect(() => {
    if (switching || restoring.current || !tenantOrgId || tenantOrgId === currentId) return;
    if (organizations.some((o) => o.id === tenantOrgId)) remember(tenantOrgId);
  }, [tenantOrgId, currentId, organizations, switching, remember]);

  const selectOrganization = useCallback(
    async (organizationId: string, options?: { navigate?: boolean }) => {
      setSwitching(true);
      try {
        await saveSelection(organizationId);
      } finally {
        setSwitching(false);
      }
      if (options?.navigate !== false) navigate(rollupPath(organizationId));
    },
    [saveSelection, navigate],
  );

  const value = useMemo<OrganizationContextValue>(
    () => ({
      organizations,
      currentOrganization: organizations.find((o) => o.id === currentId) ?? null,
      loading: !listReady,
      switching,
      selectOrganization,
    }),
    [organizations, currentId, listReady, switching, selectOrganization],
  );

  return <OrganizationContext.Provider value={value}>{children}</OrganizationContext.Provider>;
}

export function useOrganization(): OrganizationContextValue {
  const context = useContext(OrganizationContext);
  if (!context) throw new Error('useOrganization must be used inside OrganizationProvider');
  return context;
}
