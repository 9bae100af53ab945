import type { Organization } from '@compliance/contracts/organizations';
import type { AccessibleTenant } from '@compliance/contracts/users';
import { useMemo } from 'react';
import { usePermissions } from '../auth/session-context';
import { useOrganization } from './organization-context';
import { useTenant } from './tenant-context';

export interface TenantInView {
  /**
   * The tenant the tenant screens show and act on. For users of the organization selector it is the
   * current tenant only while that tenant belongs to the selected organization, so a screen never acts
   * on a tenant outside the organization the person has in front of them.
   */
  tenant: AccessibleTenant | null;
  loading: boolean;
  /** Product admins and organization managers pick the tenant on the screen itself (they have no tenant selector). */
  picksOnScreen: boolean;
  /** The selected organization (organization-selector users). */
  organization: Organization | null;
  /** The tenants they may pick: those of the selected organization. */
  choices: AccessibleTenant[];
  switching: boolean;
  selectTenant: (tenantId: string) => Promise<void>;
}

/** Which tenant the tenant screens act on, and for organization-level roles the tenants they may switch to. */
export function useTenantInView(): TenantInView {
  const { usesOrganizationSelector } = usePermissions();
  const tenantContext = useTenant();
  const organizationContext = useOrganization();
  const organization = organizationContext.currentOrganization;
  const choices = useMemo(
    () => (organization ? tenantContext.tenants.filter((t) => t.organization_id === organization.id) : []),
    [tenantContext.tenants, organization],
  );
  const current = tenantContext.currentTenant;
  if (!usesOrganizationSelector) {
    return {
      tenant: current,
      loading: tenantContext.loading,
      picksOnScreen: false,
      organization,
      choices: tenantContext.tenants,
      switching: tenantContext.switching,
      selectTenant: tenantContext.selectTenant,
    };
  }
  return {
    tenant: current && choices.some((t) => t.id === current.id) ? current : null,
    loading: tenantContext.loading || organizationContext.loading || (!organization && organizationContext.organizations.length > 0),
    picksOnScreen: true,
    organization,
    choices,
    switching: tenantContext.switching || organizationContext.switching,
    selectTenant: tenantContext.selectTenant,
  };
}
