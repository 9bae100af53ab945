import { useEffect, useState } from 'react';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { trpc } from '../lib/trpc';
import { formatRate } from './compliance-rate';
import { TrendChart, changeLabel } from './trend-chart';

const PERIODS = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

/**
 * The compliance trend of a tenant (My Dashboard) or of an organization's active tenants (Executive
 * Dashboard), with a choice of period. Load failures are only logged, like the rest of the dashboard.
 */
export function TrendCard(props: { tenantId: string } | { organizationId: string }) {
  const [days, setDays] = useState<number>(30);
  const tenantTrend = trpc.reports.trend.useQuery(
    { tenant_id: 'tenantId' in props ? props.tenantId : undefined, days },
    { enabled: 'tenantId' in props },
  );
  const organizationTrend = trpc.reports.organizationTrend.useQuery(
    { id: 'organizationId' in props ? props.organizationId : '', days },
    { enabled: 'organizationId' in props },
  );
  const query = 'tenantId' in props ? tenantTrend : organizationTrend;
  useEffect(() => {
    if (query.error) console.error('Failed to load the compliance trend', query.error);
  }, [query.error]);
  const points = query.data ?? [];
  const last = points[points.length - 1];
  return (
    <Card>
      <section aria-labelledby="compliance-trend">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-4">
          <div>
            <h2 id="compliance-trend" className="text-base font-semibold text-slate-900">
              Compliance Trend
            </h2>
            {last && (
              <p className="text-xs text-slate-500" data-testid="trend-summary">
                {formatRate(last.compliance_rate)} today, {changeLabel(points)} since {points[0]!.date}
              </p>
            )}
          </div>
          <div className="flex gap-1" role="group" aria-label="Trend period">
            {PERIODS.map((p) => (
              <button
                key={p.days}
                type="button"
                aria-pressed={days === p.days}
                onClick={() => setDays(p.days)}
                className={`rounded-md px-2.5 py-1 text-xs font-medium ${days === p.days ? 'bg-indigo-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
              >
                {p.label}
              </button>
            ))}
          </div>
        </div>
        <div className="p-5">
          {query.isPending && query.fetchStatus !== 'idle' ? (
            <EmptyState>Loading trend...</EmptyState>
          ) : points.length ? (
            <TrendChart points={points} title={`Compliance rate over the last ${days} days`} />
          ) : (
            <EmptyState>No history recorded yet</EmptyState>
          )}
        </div>
      </section>
    </Card>
  );
}
