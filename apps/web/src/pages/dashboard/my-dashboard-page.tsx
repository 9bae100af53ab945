import { useEffect, useState } from 'react';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useTenant } from '../../context/tenant-context';
import { Icon } from '../../layout/nav-icons';
import { FrameworkFilter } from './framework-filter';

/** The tenant dashboard: the current tenant and its framework filter; the metrics arrive with the reports feature. */
export function MyDashboardPage() {
  const { currentTenant, loading } = useTenant();
  const [selectedFrameworks, setSelectedFrameworks] = useState<string[]>([]);
  const assigned = currentTenant?.assigned_frameworks;

  useEffect(() => {
    setSelectedFrameworks((previous) => previous.filter((name) => assigned?.includes(name)));
  }, [assigned]);

  return (
    <div>
      <PageHeader title="My Dashboard" subtitle="Real-time compliance metrics and reporting" />
      {loading ? (
        <Card>
          <EmptyState>Loading dashboard...</EmptyState>
        </Card>
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
              </div>
            </Card>
          )}
          <Card>
            <EmptyState icon={<Icon name="chart" className="h-10 w-10" />}>No data available</EmptyState>
          </Card>
        </div>
      )}
    </div>
  );
}
