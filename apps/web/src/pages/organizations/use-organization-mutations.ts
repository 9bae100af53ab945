import type { Organization } from '@compliance/contracts/organizations';
import { useQueryClient } from '@tanstack/react-query';
import type { Tenant } from '@compliance/contracts/tenants';
import { failureMessage } from '../../components/error-detail';
import { refreshQueries } from '../../lib/refresh-queries';
import { trpc } from '../../lib/trpc';
import type { OrganizationValues } from './organization-form-modal';
import type { TenantValues } from './tenant-form-modal';

/**
 * The save and delete calls of the Organization Management screen, with the spec's messages
 * (section 8): failures are shown as alerts, except organization deletion which is only logged.
 * Each returns whether it succeeded; every success refreshes organizations, tenants and users
 * so the top-bar selectors follow.
 */
export function useOrganizationMutations() {
  const queryClient = useQueryClient();
  const createOrganization = trpc.organizations.create.useMutation();
  const updateOrganization = trpc.organizations.update.useMutation();
  const deleteOrganization = trpc.organizations.delete.useMutation();
  const createTenant = trpc.tenants.create.useMutation();
  const updateTenant = trpc.tenants.update.useMutation();
  const deleteTenant = trpc.tenants.delete.useMutation();
  const restoreOrganization = trpc.organizations.restore.useMutation();
  const restoreTenant = trpc.tenants.restore.useMutation();

  async function refresh() {
    await refreshQueries(queryClient, 'organizations', 'tenants', 'users');
  }

  return {
    savingOrganization: createOrganization.isPending || updateOrganization.isPending,
    savingTenant: createTenant.isPending || updateTenant.isPending,

    /** Resolves to the saved organization, or null after alerting the failure. */
    async saveOrganization(existing: Organization | null, values: OrganizationValues): Promise<Organization | null> {
      try {
        const saved = existing
          ? await updateOrganization.mutateAsync({ id: existing.id, ...values })
          : await createOrganization.mutateAsync(values);
        await refresh();
        return saved;
      } catch (error) {
        window.alert(failureMessage(error, 'Failed to save organization', 'Failed to save organization. Please try again.'));
        return null;
      }
    },

    async deleteOrganization(organization: Organization): Promise<boolean> {
      if (!window.confirm('Are you sure you want to delete this organization? This will also deactivate all its tenants.')) {
        return false;
      }
      try {
        await deleteOrganization.mutateAsync({ id: organization.id });
        await refresh();
        return true;
      } catch (error) {
        console.error('Failed to delete organization', error);
        return false;
      }
    },

    async saveTenant(existing: Tenant | null, organizationId: string, values: TenantValues): Promise<boolean> {
      try {
        if (existing) await updateTenant.mutateAsync({ id: existing.id, ...values });
        else await createTenant.mutateAsync({ ...values, organization_id: organizationId });
        await refresh();
        return true;
      } catch (error) {
        window.alert(failureMessage(error, 'Failed to save tenant', 'Failed to save tenant. Please try again.'));
        return false;
      }
    },

    async deleteTenant(tenant: Tenant): Promise<boolean> {
      if (!window.confirm('Are you sure you want to delete this tenant? This will deactivate the tenant and its data.')) {
        return false;
      }
      try {
        await deleteTenant.mutateAsync({ id: tenant.id });
        await refresh();
        return true;
      } catch (error) {
        window.alert(failureMessage(error, 'Failed to delete tenant', 'Failed to delete tenant. Please try again.'));
        return false;
      }
    },

    /** Restores a deleted organization (and the tenants deleted with it) or tenant, data intact. */
    async restore(kind: 'organization' | 'tenant', item: { id: string; name: string }): Promise<boolean> {
      try {
        if (kind === 'organization') await restoreOrganization.mutateAsync({ id: item.id });
        else await restoreTenant.mutateAsync({ id: item.id });
        await refresh();
        return true;
      } catch (error) {
        window.alert(failureMessage(error, `Failed to restore ${kind}`, `Failed to restore ${kind}. Please try again.`));
        return false;
      }
    },
  };
}
