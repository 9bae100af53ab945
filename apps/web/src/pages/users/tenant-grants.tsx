import { USER_ROLES, type UserRoleName } from '@compliance/contracts/auth';
import { CONTROL_CLASS } from '../../components/form-field';
import { trpc } from '../../lib/trpc';

/** One tenant a user is given, with the role granted there (null: the user's own role). */
export interface TenantGrant {
  tenant_id: string;
  role: UserRoleName | null;
}

interface TenantGrantsProps {
  organizationId: string;
  organizationName: string;
  grants: TenantGrant[];
  onChange: (grants: TenantGrant[]) => void;
}

/**
 * The active tenants of one organization, each with a checkbox (the user may reach it) and the role the
 * user works with there. Only organizations the caller administers are offered, so the list is theirs.
 */
export function TenantGrants({ organizationId, organizationName, grants, onChange }: TenantGrantsProps) {
  const tenants = trpc.tenants.list.useQuery({ organization_id: organizationId });
  const byId = new Map(grants.map((g) => [g.tenant_id, g]));

  function toggle(tenantId: string, checked: boolean) {
    onChange(checked ? [...grants, { tenant_id: tenantId, role: null }] : grants.filter((g) => g.tenant_id !== tenantId));
  }
  function setRole(tenantId: string, role: UserRoleName | null) {
    onChange(grants.map((g) => (g.tenant_id === tenantId ? { ...g, role } : g)));
  }

  if (tenants.isLoading) return <p className="text-sm text-slate-500">Loading tenants...</p>;
  if (tenants.isError) return <p className="text-sm text-red-600">Could not load the tenants of {organizationName}</p>;
  if (!tenants.data?.length) return <p className="text-sm text-slate-500">{organizationName} has no active tenants</p>;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Tenants of {organizationName}</legend>
      {tenants.data.map((tenant) => {
        const grant = byId.get(tenant.id);
        return (
          <div key={tenant.id} className="flex flex-wrap items-center gap-3">
            <label className="flex min-w-48 flex-1 items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" checked={!!grant} onChange={(e) => toggle(tenant.id, e.target.checked)} />
              {tenant.name}
            </label>
            <select
              aria-label={`Permission in ${tenant.name}`}
              className={`${CONTROL_CLASS} w-44 border-slate-300`}
              disabled={!grant}
              value={grant?.role ?? ''}
              onChange={(e) => setRole(tenant.id, (e.target.value || null) as UserRoleName | null)}
            >
              <option value="">User&apos;s role</option>
              {USER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </fieldset>
  );
}

/** The active organizations the caller administers: where they may grant access. */
export function useAdministeredOrganizations(canAdminister: (id: string) => boolean) {
  const organizations = trpc.organizations.list.useQuery(undefined, { staleTime: 60_000 });
  return (organizations.data ?? []).filter((o) => o.is_active && canAdminister(o.id));
}
