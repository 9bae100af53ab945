import type { AccessibleTenant } from '@compliance/contracts/users';
import { useTenant } from '../context/tenant-context';
import { FrameworkChips } from './framework-chips';
import { type SelectMenuGroup, type SelectMenuOption, SelectMenu } from './select-menu';

/** The tenant selector shows this many frameworks per tenant before '+N' (spec section 9). */
const FRAMEWORKS_SHOWN = 2;

/** A tenant as a picker option: its name and up to two assigned frameworks, then '+N'. */
export function tenantOption(tenant: AccessibleTenant): SelectMenuOption {
  return {
    id: tenant.id,
    label: tenant.name,
    detail: <FrameworkChips frameworks={tenant.assigned_frameworks} max={FRAMEWORKS_SHOWN} />,
  };
}

function groupByOrganization(tenants: AccessibleTenant[]): SelectMenuGroup[] {
  const groups = new Map<string, SelectMenuGroup>();
  for (const tenant of tenants) {
    const group = groups.get(tenant.organization_id) ?? { label: tenant.organization_name, options: [] };
    group.options.push(tenantOption(tenant));
    groups.set(tenant.organization_id, group);
  }
  return [...groups.values()];
}

/** The top bar's tenant picker for users who work inside tenants. */
export function TenantSelector() {
  const { tenants, currentTenant, loading, switching, selectTenant } = useTenant();
  const status = loading ? 'Loading...' : tenants.length === 0 ? 'No tenants available' : null;
  return (
    <SelectMenu
      label="Tenant"
      placeholder="Select Tenant"
      groups={groupByOrganization(tenants)}
      selectedId={currentTenant?.id ?? null}
      status={status}
      busy={switching}
      onSelect={(id) => {
        selectTenant(id).catch((error: unknown) => console.error('Could not switch tenant', error));
      }}
    />
  );
}
