import { useOrganization } from '../context/organization-context';
import { SelectMenu } from './select-menu';

export function tenantCountLabel(count: number): string {
  return count === 1 ? '1 tenant' : `${count} tenants`;
}

/** The organization picker for product admins and organization managers; a change opens its rollup. */
export function OrganizationSelector() {
  const { organizations, currentOrganization, loading, switching, selectOrganization } = useOrganization();
  const status = loading ? 'Loading...' : organizations.length === 0 ? 'No organizations available' : null;
  return (
    <SelectMenu
      label="Organization"
      placeholder="Select Organization"
      groups={[
        {
          options: organizations.map((org) => ({
            id: org.id,
            label: org.name,
            detail: <span className="text-xs text-slate-500">{tenantCountLabel(org.tenant_count)}</span>,
          })),
        },
      ]}
      selectedId={currentOrganization?.id ?? null}
      status={status}
      busy={switching}
      onSelect={(id) => {
        selectOrganization(id).catch((error: unknown) => console.error('Could not switch organization', error));
      }}
    />
  );
}
