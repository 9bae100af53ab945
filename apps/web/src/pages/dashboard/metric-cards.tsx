import { type ReactNode, useId } from 'react';
import type { Dashboard } from '@compliance/contracts/reports';
import { Icon, type IconName } from '../../layout/nav-icons';
import { formatRate, rateLevel, rateStyle } from '../../components/compliance-rate';
import { RateBar } from '../../components/rate-bar';
import { STATUS_SWATCH } from '../../components/status-colours';

interface MetricCardProps {
  label: string;
  icon: IconName;
  value: ReactNode;
  valueClass?: string;
  testId: string;
  level?: string;
  children?: ReactNode;
}

function MetricCard({ label, icon, value, valueClass = 'text-slate-900', testId, level, children }: MetricCardProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div id={labelId} className="text-sm font-medium text-slate-500">
          {label}
        </div>
        <span className="rounded-lg bg-indigo-50 p-2 text-indigo-600">
          <Icon name={icon} className="h-5 w-5" />
        </span>
      </div>
      <div data-testid={testId} data-level={level} className={`mt-1 text-3xl font-semibold tabular-nums ${valueClass}`}>
        {value}
      </div>
      {children}
    </div>
  );
}

function CountRow({ label, value, swatch, testId }: { label: string; value: number; swatch: string; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="flex items-center gap-1.5 text-slate-500">
        <span className={`h-2 w-2 rounded-full ${swatch}`} aria-hidden="true" />
        {label}
      </dt>
      <dd data-testid={testId} className="font-medium text-slate-900 tabular-nums">
        {value}
      </dd>
    </div>
  );
}

/** The four headline cards of My Dashboard. */
export function MetricCards({ metrics }: { metrics: Dashboard['metrics'] }) {
  const style = rateStyle(metrics.compliance_rate);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <MetricCard
        label="Compliance Rate"
        icon="chart"
        value={formatRate(metrics.compliance_rate)}
        valueClass={style.text}
        level={rateLevel(metrics.compliance_rate)}
        testId="metric-compliance-rate"
      >
        <RateBar rate={metrics.compliance_rate} label="Overall compliance rate" className="mt-3" />
        <p className="mt-2 text-xs text-slate-500">
          {metrics.compliant} of {metrics.total_requirements - metrics.not_applicable} applicable requirements compliant
        </p>
      </MetricCard>
      <MetricCard label="Total Requirements" icon="list" value={metrics.total_requirements} testId="metric-total-requirements">
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
          <CountRow label="Compliant" value={metrics.compliant} swatch={STATUS_SWATCH.Compliant.fill} testId="metric-compliant" />
          <CountRow label="In Progress" value={metrics.in_progress} swatch={STATUS_SWATCH['In Progress'].fill} testId="metric-in-progress" />
          <CountRow label="Not Started" value={metrics.not_started} swatch={STATUS_SWATCH['Not Started'].fill} testId="metric-not-started" />
          <CountRow label="N/A" value={metrics.not_applicable} swatch={STATUS_SWATCH['Not Applicable'].fill} testId="metric-not-applicable" />
        </dl>
      </MetricCard>
      <MetricCard label="Evidence Uploaded" icon="folder" value={metrics.total_evidence} testId="metric-evidence">
        <p className="mt-3 text-xs text-slate-500">Documents in the evidence library</p>
      </MetricCard>
      <MetricCard label="Contracts Analyzed" icon="document" value={metrics.total_contracts} testId="metric-contracts">
        <p className="mt-3 text-xs text-slate-500">Customer contracts with extracted requirements</p>
      </MetricCard>
    </div>
  );
}
