import type { Tenant } from '@compliance/contracts/tenants';
import { Badge } from '../../components/badge';
import { FrameworkChips } from '../../layout/framework-chips';
import { Icon } from '../../layout/nav-icons';

interface TenantComparisonCardProps {
  tenant: Tenant;
  isCurrent: boolean;
  /** Set when the user can work in this tenant: clicking switches to it. */
  onOpen?: () => void;
  busy?: boolean;
}

/** One tenant of the organization; a button when the user may switch to it. */
export function TenantComparisonCard({ tenant, isCurrent, onOpen, busy = false }: TenantComparisonCardProps) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
            <Icon name="shield" className="h-5 w-5" />
          </span>
          <span className="truncate text-base font-semibold text-slate-900">{tenant.name}</span>
        </div>
        {isCurrent && <Icon name="check" className="h-5 w-5 shrink-0 text-indigo-600" />}
        {!tenant.is_active && <Badge tone="grey">Inactive</Badge>}
      </div>
      {tenant.description && <p className="mt-2 line-clamp-2 text-sm text-slate-500">{tenant.description}</p>}
      <div className="mt-4">
        <FrameworkChips frameworks={tenant.assigned_frameworks} />
      </div>
    </>
  );
  const frame = `block w-full rounded-xl border bg-white p-5 text-left shadow-sm ${
    isCurrent ? 'border-indigo-300 ring-1 ring-indigo-300' : 'border-slate-200'
  }`;
  if (!onOpen) return <div className={`${frame} opacity-75`}>{body}</div>;
  return (
    <button
      type="button"
      onClick={onOpen}
      disabled={busy}
      aria-current={isCurrent ? 'true' : undefined}
      className={`${frame} transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:cursor-wait`}
    >
      {body}
    </button>
  );
}
