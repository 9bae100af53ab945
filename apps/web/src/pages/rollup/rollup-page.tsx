import { useEffect, useMemo, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { usePermissions } from '../../auth/session-context';
import { useOrganization } from '../../context/organization-context';
import { useTenant } from '../../context/tenant-context';
import { trpc } from '../../lib/trpc';
import { OrganizationSelector, tenantCountLabel } from '../../layout/organization-selector';
import { TrendCard } from '../../components/trend-card';
import { OrganizationGapsList } from './organization-gaps-list';
import { RollupSummaryTiles } from './rollup-summary-tiles';
import { TenantComparisonCard } from './tenant-comparison-card';

const LOADING = 'Loading Executive Dashboard...';

/**
 * The Executive Dashboard of one organization. Open to product admins (any organization) and to
 * managers of that organization; anyone else is sent to My Dashboard.
 */
export function RollupPage() {
  const { orgId = '' } = useParams();
  const permissions = usePermissions();
  const allowed = permissions.isProductAdmin || permissions.managedOrganizations.some((o) => o.id === orgId);
  if (!allowed) return <Navigate to="/my-dashboard" replace />;
  return <OrganizationRollup key={orgId} organizationId={orgId} />;
}

function OrganizationRollup({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate();
  const organization = useOrganization();
  const tenant = useTenant();
  const rollupQuery = trpc.reports.rollup.useQuery({ id: organizationId });
  const tenantsQuery = trpc.tenants.list.useQuery({ organization_id: organizationId });
  const synced = useRef(false);
  const current = organization.organizations.find((o) => o.id === organizationId);
  const { selectOrganization } = organization;
  const needsSync = !organization.loading && !organization.switching && !tenant.loading && !!current;
  const isCurrentOrganization = organization.currentOrganization?.id === organizationId;

  useEffect(() => {
    if (!needsSync || isCurrentOrganization || synced.current) return;
    synced.current = true;
    selectOrganization(organizationId, { navigate: false }).catch((error: unknown) =>
      console.error('Could not make the organization current', error),
    );
  }, [needsSync, isCurrentOrganization, organizationId, selectOrganization]);

  useEffect(() => {
    if (rollupQuery.error) console.error('Could not load the organization roll-up', rollupQuery.error);
  }, [rollupQuery.error]);

  useEffect(() => {
    if (tenantsQuery.error) console.error('Could not load the organization tenants', tenantsQuery.error);
  }, [tenantsQuery.error]);

  const tenantDetails = useMemo(() => new Map((tenantsQuery.data ?? []).map((t) => [t.id, t])), [tenantsQuery.data]);
  const tenantNames = useMemo(
    () => new Map((rollupQuery.data?.tenant_snapshots ?? []).map((t) => [t.tenant_id, t.tenant_name])),
    [rollupQuery.data],
  );

  if (!organization.loading && !current) return <Navigate to="/my-dashboard" replace />;
  if (rollupQuery.isError && !rollupQuery.data) return <Navigate to="/my-dashboard" replace />;
  if (organization.loading || !current || rollupQuery.isPending || tenantsQuery.isPending) {
    return (
      <Card>
        <EmptyState>{LOADING}</EmptyState>
      </Card>
    );
  }

  const rollup = rollupQuery.data;
  const accessible = new Set(tenant.tenants.map((t) => t.id));

  async function openTenant(tenantId: string) {
    try {
      await tenant.selectTenant(tenantId);
      navigate('/my-dashboard');
    } catch (error) {
      console.error('Could not switch tenant', error);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">Executive Dashboard</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{current.name}</h1>
          <p className="mt-1 text-sm text-slate-500" data-testid="rollup-tenant-count">
            {tenantCountLabel(rollup.metrics.total_tenants)}
          </p>
        </div>
        {organization.organizations.length > 1 && <OrganizationSelector />}
      </div>

      <RollupSummaryTiles metrics={rollup.metrics} />

      <TrendCard organizationId={organizationId} />

      <section aria-labelledby="tenant-comparison">
        <h2 id="tenant-comparison" className="mb-3 text-lg font-semibold text-slate-900">
          Tenant Compliance Comparison
        </h2>
        {rollup.tenant_snapshots.length === 0 ? (
          <Card>
            <EmptyState>No tenants available</EmptyState>
          </Card>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {rollup.tenant_snapshots.map((snapshot) => {
              const details = tenantDetails.get(snapshot.tenant_id);
              return (
                <TenantComparisonCard
                  key={snapshot.tenant_id}
                  snapshot={snapshot}
                  description={details?.description}
                  isActive={details?.is_active ?? true}
                  isCurrent={tenant.currentTenant?.id === snapshot.tenant_id}
                  busy={tenant.switching}
                  onOpen={accessible.has(snapshot.tenant_id) ? () => void openTenant(snapshot.tenant_id) : undefined}
                />
              );
            })}
          </div>
        )}
      </section>

      <Card>
        <section aria-labelledby="organization-gaps">
          <h2 id="organization-gaps" className="border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900">
            Top Organization-Wide Compliance Gaps
          </h2>
          {rollup.top_gaps.length === 0 ? (
            <EmptyState>No significant organization-wide gaps identified</EmptyState>
          ) : (
            <OrganizationGapsList gaps={rollup.top_gaps} tenantNames={tenantNames} />
          )}
        </section>
      </Card>
    </div>
  );
}
