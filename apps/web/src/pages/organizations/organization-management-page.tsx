import type { Organization } from '@compliance/contracts/organizations';
import type { Tenant } from '@compliance/contracts/tenants';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { BuildingIcon, LayersIcon, PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { useCallerAccess } from '../../components/use-caller-access';
import { trpc } from '../../lib/trpc';
import { OrganizationFormModal } from './organization-form-modal';
import { OrganizationList } from './organization-list';
import { TenantFormModal } from './tenant-form-modal';
import { TenantList } from './tenant-list';
import { useOrganizationMutations } from './use-organization-mutations';

type Editing<T> = { item: T | null } | null;

export function OrganizationManagementPage() {
  const access = useCallerAccess();
  const actions = useOrganizationMutations();
  const [showInactive, setShowInactive] = useState(false);
  const organizations = trpc.organizations.list.useQuery(showInactive ? { include_inactive: true } : undefined);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const tenants = trpc.tenants.list.useQuery(
    { organization_id: selectedId ?? '', ...(showInactive ? { include_inactive: true } : {}) },
    { enabled: !!selectedId },
  );
  const [orgForm, setOrgForm] = useState<Editing<Organization>>(null);
  const [tenantForm, setTenantForm] = useState<Editing<Tenant>>(null);

  const list = organizations.data ?? [];
  const selected = list.find((org) => org.id === selectedId) ?? null;
  const canManageTenants = !!selected && selected.is_active && access.canAdministerOrganization(selected.id);
  const canRestoreTenants = !!selected && selected.is_active && access.canManageOrganization(selected.id);

  useEffect(() => {
    const ids = organizations.data?.map((o) => o.id) ?? [];
    if ((!selectedId || !ids.includes(selectedId)) && ids.length) setSelectedId(ids[0]!);
  }, [organizations.data, selectedId]);

  useEffect(() => {
    if (organizations.error) console.error('Failed to load organizations', organizations.error);
  }, [organizations.error]);

  useEffect(() => {
    if (tenants.error) console.error('Failed to load tenants', tenants.error);
  }, [tenants.error]);

  async function saveOrganization(values: Parameters<typeof actions.saveOrganization>[1]) {
    const saved = await actions.saveOrganization(orgForm?.item ?? null, values);
    if (!saved) return;
    setOrgForm(null);
    setSelectedId(saved.id);
  }

  async function saveTenant(values: Parameters<typeof actions.saveTenant>[2]) {
    if (!selected) return;
    if (await actions.saveTenant(tenantForm?.item ?? null, selected.id, values)) setTenantForm(null);
  }

  return (
    <div>
      <PageHeader
        title="Organization Management"
        subtitle="Manage organizations and their tenants"
        actions={
          access.isProductAdmin && (
            <Button onClick={() => setOrgForm({ item: null })}>
              <PlusIcon />
              Create Organization
            </Button>
          )
        }
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="organizations-heading">
          <div className="mb-3 flex min-h-9 items-center justify-between gap-3">
            <h2 id="organizations-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
              Organizations
            </h2>
            <label className="flex items-center gap-2 text-sm text-slate-600">
              <input type="checkbox" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
              Show inactive
            </label>
          </div>
          {organizations.isLoading ? (
            <Card>
              <EmptyState>Loading organizations...</EmptyState>
            </Card>
          ) : list.length === 0 ? (
            <Card>
              <EmptyState icon={<BuildingIcon className="h-10 w-10" />}>No organizations yet</EmptyState>
            </Card>
          ) : (
            <OrganizationList
              organizations={list}
              selectedId={selectedId}
              canEdit={(org) => access.canManageOrganization(org.id)}
              canDelete={() => access.isProductAdmin}
              onSelect={(org) => setSelectedId(org.id)}
              onEdit={(org) => setOrgForm({ item: org })}
              onDelete={(org) => void actions.deleteOrganization(org)}
              onRestore={access.isProductAdmin ? (org) => void actions.restore('organization', org) : undefined}
            />
          )}
        </section>

        <section aria-labelledby="tenants-heading">
          <div className="mb-3 flex min-h-9 items-center justify-between gap-3">
            <h2 id="tenants-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {selected ? `Tenants of ${selected.name}` : 'Tenants'}
            </h2>
            {canManageTenants && (
              <Button size="sm" onClick={() => setTenantForm({ item: null })}>
                <PlusIcon />
                Create Tenant
              </Button>
            )}
          </div>
          {!selected ? (
            <Card>
              <EmptyState icon={<LayersIcon className="h-10 w-10" />}>Select an organization to view its tenants</EmptyState>
            </Card>
          ) : tenants.isLoading ? (
            <Card>
              <EmptyState>Loading tenants...</EmptyState>
            </Card>
          ) : !tenants.data?.length ? (
            <Card>
              <EmptyState icon={<LayersIcon className="h-10 w-10" />}>No tenants yet. Create one to get started.</EmptyState>
            </Card>
          ) : (
            <TenantList
              tenants={tenants.data}
              canManage={canManageTenants}
              onEdit={(tenant) => setTenantForm({ item: tenant })}
              onDelete={(tenant) => void actions.deleteTenant(tenant)}
              onRestore={canRestoreTenants ? (tenant) => void actions.restore('tenant', tenant) : undefined}
            />
          )}
        </section>
      </div>

      {orgForm && (
        <OrganizationFormModal
          organization={orgForm.item}
          saving={actions.savingOrganization}
          onCancel={() => setOrgForm(null)}
          onSubmit={(values) => void saveOrganization(values)}
        />
      )}
      {tenantForm && (
        <TenantFormModal
          tenant={tenantForm.item}
          saving={actions.savingTenant}
          onCancel={() => setTenantForm(null)}
          onSubmit={(values) => void saveTenant(values)}
        />
      )}
    </div>
  );
}
