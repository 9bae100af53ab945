import { BuildingIcon } from '../components/icons';
import { useTenantInView } from '../context/use-tenant-in-view';
import { SelectMenu } from './select-menu';
import { tenantOption } from './tenant-selector';

/**
 * The tenant a tenant screen works in, for product admins and organization managers: they choose an
 * organization in the top bar and the tenant here, among that organization's tenants. Everyone else
 * sees and changes the tenant with the top bar's tenant selector, so for them this shows nothing.
 */
export function TenantInViewBar() {
  const view = useTenantInView();
  if (!view.picksOnScreen) return null;
  const status = view.loading ? 'Loading...' : view.choices.length === 0 ? 'No tenants available' : null;
  return (
    <section
      aria-label="Tenant in view"
      data-testid="tenant-in-view"
      className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-indigo-100 bg-indigo-50/60 px-4 py-3"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-white text-indigo-600 ring-1 ring-indigo-100">
          <BuildingIcon className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">Working in</p>
          <p className="truncate text-sm font-medium text-slate-900" data-testid="tenant-in-view-organization">
            {view.organization?.name ?? 'No organization chosen'}
          </p>
        </div>
      </div>
      <div className="flex w-full sm:w-auto">
        <SelectMenu
          label="Tenant"
          placeholder="Select Tenant"
          groups={[{ options: view.choices.map(tenantOption) }]}
          selectedId={view.tenant?.id ?? null}
          status={status}
          busy={view.switching}
          labelAlwaysVisible
          onSelect={(id) => {
            view.selectTenant(id).catch((error: unknown) => console.error('Could not switch tenant', error));
          }}
        />
      </div>
    </section>
  );
}
