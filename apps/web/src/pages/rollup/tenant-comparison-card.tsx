import type { Rollup } from '@compliance/contracts/reports';
import { Badge } from '../../components/badge';
import { FrameworkChips } from '../../layout/framework-chips';
import { Icon } from '../../layout/nav-icons';
import { formatRate, rateLevel, rateStyle } from '../../components/compliance-rate';
import { RateBar } from '../../components/rate-bar';

type TenantSnapshot = Rollup['tenant_snapshots'][number];

interface TenantComparisonCardProps {
  snapshot: TenantSnapshot;
  /** From the organization's tenant list, when it loaded. */
  description?: string | null;
  isActive?: boolean;
  isCurrent: boolean;
  /** Set when the user can work in this tenant: clicking switches to it. */
  onOpen?: () => void;
  busy?: boolean;
}

/** One tenant of the organization with its compliance figures; a button when the user may switch to it. */
export function TenantComparisonCard({ snapshot, description, isActive = true, isCurrent, onOpen, busy = false }: TenantComparisonCardProps) {
  const rate = snapshot.compliance_rate;
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
            <Icon name="shield" className="h-5 w-5" />
          </span>
          <span className="truncate text-base font-semibold text-slate-900">{snapshot.tenant_name}</span>
          {isCurrent && <Icon name="check" className="h-5 w-5 shrink-0 text-indigo-600" />}
        </div>
        <span data-testid="tenant-rate" data-level={rateLevel(rate)} className="shrink-0">
          <Badge tone={rateStyle(rate).tone}>{formatRate(rate)}</Badge>
        </span>
      </div>
      {!isActive && (
        <div className="mt-2">
          <Badge tone="grey">Inactive</Badge>
        </div>
      )}
      {description && <p className="mt-2 line-clamp-2 text-sm text-slate-500">{description}</p>}
      <RateBar rate={rate} label={`${snapshot.tenant_name} compliance rate`} className="mt-4" />
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Total Requirements</dt>
          <dd data-testid="tenant-total" className="font-semibold text-slate-900 tabular-nums">
            {snapshot.total_requirements}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Compliant</dt>
          <dd data-testid="tenant-compliant" className="font-semibold text-green-700 tabular-nums">
            {snapshot.compliant}
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <FrameworkChips frameworks={snapshot.assigned_frameworks} />
      </div>
    </>
  );
  const frame = `block w-full rounded-xl border bg-white p-5 text-left shadow-sm ${
    isCurrent ? 'border-indigo-300 ring-1 ring-indigo-300' : 'border-slate-200'
  }`;
  if (!onOpen) {
    return (
      <div data-testid="tenant-card" className={`${frame} opacity-75`}>
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      data-testid="tenant-card"
      onClick={onOpen}
      disabled={busy}
      aria-current={isCurrent ? 'true' : undefined}
      className={`${frame} transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:cursor-wait`}
    >
      {body}
    </button>
  );
}
