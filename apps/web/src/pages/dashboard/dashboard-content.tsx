import { type ReactNode, memo, useDeferredValue } from 'react';
import type { Dashboard } from '@compliance/contracts/reports';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { DomainCards } from './domain-cards';
import { FrameworkTable } from './framework-table';
import { MetricCards } from './metric-cards';
import { RateBarChart, RateLegend } from './rate-bar-chart';
import { StatusDonut } from './status-donut';
import { STATUS_SWATCH } from '../../components/status-colours';
import { TopGapsList } from './top-gaps-list';

interface SectionProps {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled card below the top row of figures; the browser lays it out and paints it once it nears the screen. */
function Section({ id, title, aside, children, className = '' }: SectionProps) {
  return (
    <Card className={`render-near-view ${className}`}>
      <section aria-labelledby={id}>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-4">
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}

function statusSlices(metrics: Dashboard['metrics']) {
  return [
    { label: 'Compliant', value: metrics.compliant, ...STATUS_SWATCH.Compliant },
    { label: 'In Progress', value: metrics.in_progress, ...STATUS_SWATCH['In Progress'] },
    { label: 'Not Started', value: metrics.not_started, ...STATUS_SWATCH['Not Started'] },
    { label: 'Not Applicable', value: metrics.not_applicable, ...STATUS_SWATCH['Not Applicable'] },
  ].map(({ fill, ...slice }) => ({ ...slice, swatch: fill }));
}

/**
 * Everything My Dashboard shows for one dashboard answer: cards, charts, tables and gaps. The headline
 * cards render with the answer; the charts and breakdowns below them follow in a render the browser may
 * interrupt (useDeferredValue), so a slow phone paints the top of the screen without one long task. The
 * page renders again for reasons of its own (tenant context, query state); the same answer renders nothing.
 */
export const DashboardContent = memo(function DashboardContent({ data }: { data: Dashboard }) {
  const details = useDeferredValue<Dashboard | null>(data, null);
  return (
    <div className="space-y-6">
      <MetricCards metrics={data.metrics} />
      {details ? <DashboardDetails data={details} /> : <div aria-hidden="true" className="min-h-screen" />}
    </div>
  );
});

function DashboardDetails({ data }: { data: Dashboard }) {
  const { metrics } = data;
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <Section id="status-overview" title="Status Overview">
          <div className="p-5">
            <StatusDonut slices={statusSlices(metrics)} rate={metrics.compliance_rate} />
          </div>
        </Section>
        <Section id="framework-chart" title="Compliance Rate by Framework" className="lg:col-span-2">
          <div className="space-y-4 p-5">
            {data.framework_breakdown.length ? (
              <RateBarChart
                size="large"
                title="Compliance rate by framework"
                items={data.framework_breakdown.map((f) => ({
                  key: f.framework,
                  label: f.framework,
                  rate: f.compliance_rate,
                  detail: `${f.compliant} of ${f.total} compliant`,
                }))}
              />
            ) : (
              <EmptyState>No data available</EmptyState>
            )}
            <RateLegend />
          </div>
        </Section>
      </div>

      <Section id="framework-breakdown" title="Framework Breakdown">
        <FrameworkTable rows={data.framework_breakdown} />
      </Section>

      {data.domain_breakdown.length > 0 && (
        <Section id="domain-chart" title="Compliance Rate by Domain">
          <div className="space-y-4 p-5">
            <RateBarChart
              title="Compliance rate by domain"
              items={data.domain_breakdown.map((d) => ({
                key: String(d.domain_number),
                label: `${d.domain_number}. ${d.domain_name}`,
                rate: d.compliance_rate,
                detail: `${d.compliant} of ${d.total} compliant`,
              }))}
            />
            <RateLegend />
          </div>
        </Section>
      )}

      {data.domain_breakdown.length > 0 && (
        <section aria-labelledby="domain-breakdown" className="render-near-view">
          <h2 id="domain-breakdown" className="mb-3 text-base font-semibold text-slate-900">
            Domain Breakdown
          </h2>
          <DomainCards domains={data.domain_breakdown} />
        </section>
      )}

      <Section id="top-gaps" title="Top Priority Gaps" aside={<span className="text-xs text-slate-500">Highest priority first</span>}>
        {data.top_gaps.length ? <TopGapsList gaps={data.top_gaps} /> : <EmptyState>No open gaps for the selected frameworks</EmptyState>}
      </Section>
    </>
  );
}
