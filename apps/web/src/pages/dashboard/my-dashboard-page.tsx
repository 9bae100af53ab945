import { useEffect, useMemo, useState } from 'react';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useTenantInView } from '../../context/use-tenant-in-view';
import { Icon } from '../../layout/nav-icons';
import { TenantInViewBar } from '../../layout/tenant-in-view-bar';
import { forgetStartUpDashboard, isStartUpDashboard } from '../../auth/start-up-reads';
import { trpc } from '../../lib/trpc';
import { DashboardContent } from './dashboard-content';
import { ExpiringEvidenceCard } from './expiring-evidence-card';
import { DashboardSkeleton } from './dashboard-skeleton';
import { ExportButtons } from './export-buttons';
import { FrameworkFilter } from './framework-filter';
import { TrendCard } from '../../components/trend-card';

/**
 * The tenant dashboard: the metrics of the tenant in view for the frameworks ticked in the filter (none
 * ticked means all of the tenant's frameworks), charts, breakdowns, top gaps and the PDF exports.
 * Load failures are only logged (spec section 8).
 */
export function MyDashboardPage() {
  const { tenant: currentTenant, loading } = useTenantInView();
  const [selectedFrameworks, setSelectedFrameworks] = useState<string[]>([]);
  const assigned = currentTenant?.assigned_frameworks;
  const tenantId = currentTenant?.id;

  useEffect(() => {
    // The same list when nothing was dropped: a new one would render the whole dashboard again for nothing.
    setSelectedFrameworks((previous) => {
      const kept = previous.filter((name) => assigned?.includes(name));
      return kept.length === previous.length ? previous : kept;
    });
  }, [assigned]);

  const frameworks = useMemo(
    () => (assigned ?? []).filter((name) => selectedFrameworks.includes(name)),
    [assigned, selectedFrameworks],
  );

  const dashboard = trpc.reports.dashboard.useQuery(
    { tenant_id: tenantId, frameworks: frameworks.length ? frameworks.join(',') : undefined },
    {
      enabled: !loading && !!tenantId,
      // The answer asked for at start-up, in parallel with the session's own reads, is shown as it is.
      staleTime: (query) => (isStartUpDashboard(query.state.dataUpdatedAt) ? Number.POSITIVE_INFINITY : 0),
      placeholderData: (previous) => (previous?.tenant_id === tenantId ? previous : undefined),
    },
  );

  useEffect(() => {
    if (dashboard.isSuccess) forgetStartUpDashboard();
  }, [dashboard.isSuccess]);

  useEffect(() => {
    if (dashboard.error) console.error('Failed to load dashboard', dashboard.error);
  }, [dashboard.error]);

  const waiting = loading || (!!tenantId && dashboard.isPending && dashboard.fetchStatus !== 'idle');

  return (
    <div>
      <TenantInViewBar />
      <PageHeader
        title="My Dashboard"
        subtitle="Real-time compliance metrics and reporting"
        actions={<ExportButtons frameworks={frameworks} disabled={loading || !currentTenant} />}
      />
      {loading ? (
        <DashboardSkeleton />
      ) : (
        <div className="space-y-6">
          {currentTenant && (
            <Card className="p-5">
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div className="flex items-center gap-3">
                  <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                    <Icon name="shield" className="h-5 w-5" />
                  </span>
                  <div>
                    <h2 className="text-lg font-semibold text-slate-900" data-testid="current-tenant-name">
                      {currentTenant.name}
                    </h2>
                    <p className="text-sm text-slate-500">{currentTenant.organization_name}</p>
                  </div>
                </div>
              </div>
              <div className="mt-5">
                <FrameworkFilter
                  frameworks={currentTenant.assigned_frameworks}
                  selected={selectedFrameworks}
                  onChange={setSelectedFrameworks}
                />
                <p className="mt-2 text-xs text-slate-500">
                  {frameworks.length
                    ? `Showing ${frameworks.length} of ${currentTenant.assigned_frameworks.length} assigned frameworks`
                    : 'Showing all assigned frameworks'}
                </p>
              </div>
            </Card>
          )}
          {tenantId && <ExpiringEvidenceCard tenantId={tenantId} />}
          {waiting ? (
            <DashboardSkeleton />
          ) : dashboard.data ? (
            <div aria-busy={dashboard.isPlaceholderData} className={dashboard.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
              <DashboardContent data={dashboard.data} />
            </div>
          ) : (
            <Card>
              <EmptyState icon={<Icon name="chart" className="h-10 w-10" />}>No data available</EmptyState>
            </Card>
          )}
          {tenantId && <TrendCard key={tenantId} tenantId={tenantId} />}
        </div>
      )}
    </div>
  );
}
