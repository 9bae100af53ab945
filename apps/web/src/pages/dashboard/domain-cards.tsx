import type { Dashboard } from '@compliance/contracts/reports';
import { formatRate, rateLevel, rateStyle } from '../../components/compliance-rate';
import { RateBar } from '../../components/rate-bar';
import { STATUS_SWATCH } from '../../components/status-colours';

type Domain = Dashboard['domain_breakdown'][number];

function Count({ label, value, swatch }: { label: string; value: number; swatch: string }) {
  return (
    <div>
      <dt className="flex items-center gap-1 text-[11px] text-slate-500">
        <span className={`h-1.5 w-1.5 rounded-full ${swatch}`} aria-hidden="true" />
        {label}
      </dt>
      <dd className="text-sm font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function DomainCard({ domain }: { domain: Domain }) {
  const style = rateStyle(domain.compliance_rate);
  const headingId = `domain-${domain.domain_number}`;
  return (
    <li aria-labelledby={headingId} data-testid="domain-card" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-sm font-semibold text-slate-900">
            <span className="mr-1 text-slate-400">{domain.domain_number}.</span>
            {domain.domain_name}
          </h3>
          <p className="mt-0.5 text-xs text-slate-500">
            {domain.total} {domain.total === 1 ? 'control' : 'controls'}
          </p>
        </div>
        <span data-testid="domain-rate" data-level={rateLevel(domain.compliance_rate)} className={`text-lg font-semibold tabular-nums ${style.text}`}>
          {formatRate(domain.compliance_rate)}
        </span>
      </div>
      <RateBar rate={domain.compliance_rate} label={`${domain.domain_name} compliance rate`} className="mt-3" />
      <dl className="mt-3 grid grid-cols-3 gap-2">
        <Count label="Compliant" value={domain.compliant} swatch={STATUS_SWATCH.Compliant.fill} />
        <Count label="In Progress" value={domain.in_progress} swatch={STATUS_SWATCH['In Progress'].fill} />
        <Count label="Not Started" value={domain.not_started} swatch={STATUS_SWATCH['Not Started'].fill} />
      </dl>
    </li>
  );
}

/** One card per security domain: controls, rate and status counts. */
export function DomainCards({ domains }: { domains: Dashboard['domain_breakdown'] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Compliance by domain">
      {domains.map((d) => (
        <DomainCard key={d.domain_number} domain={d} />
      ))}
    </ul>
  );
}
