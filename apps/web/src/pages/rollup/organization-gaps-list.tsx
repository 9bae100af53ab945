import type { Rollup } from '@compliance/contracts/reports';
import { readStatus } from '@compliance/contracts/requirements';
import { Badge } from '../../components/badge';
import { FrameworkChips } from '../../layout/framework-chips';
import { PRIORITY_TONE, STATUS_SWATCH } from '../../components/status-colours';

type Gap = Rollup['top_gaps'][number];

function affectsLabel(count: number): string {
  return `Affects ${count} ${count === 1 ? 'tenant' : 'tenants'}`;
}

/** Each tenant's status of one requirement, named by the tenant. */
function TenantStatuses({ statuses, tenantNames }: { statuses: Gap['tenant_statuses']; tenantNames: Map<string, string> }) {
  const entries = Object.entries(statuses)
    .filter(([id]) => tenantNames.has(id))
    .sort(([a], [b]) => tenantNames.get(a)!.localeCompare(tenantNames.get(b)!));
  if (!entries.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500" aria-label="Status per tenant">
      {entries.map(([id, value]) => {
        const status = readStatus(value);
        return (
          <li key={id} className="flex items-center gap-1.5">
            <span className={`h-2 w-2 rounded-full ${STATUS_SWATCH[status].fill}`} aria-hidden="true" />
            {tenantNames.get(id)}: {status}
          </li>
        );
      })}
    </ul>
  );
}

/** The requirements open in the most tenants, ranked #1, #2, ... */
export function OrganizationGapsList({ gaps, tenantNames }: { gaps: Gap[]; tenantNames: Map<string, string> }) {
  return (
    <ol className="divide-y divide-slate-100" aria-label="Top Organization-Wide Compliance Gaps">
      {gaps.map((gap, index) => (
        <li key={gap.requirement_id} data-testid="organization-gap" className="flex gap-4 px-5 py-4">
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700">
            #{index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={PRIORITY_TONE[gap.priority]}>{gap.priority} priority</Badge>
                <span className="text-xs font-medium text-slate-500">{gap.domain_name}</span>
              </div>
              <span data-testid="affected-tenants" className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">
                {affectsLabel(gap.affected_tenants)}
              </span>
            </div>
            <p className="mt-2 text-sm text-slate-800">{gap.requirement_text}</p>
            <div className="mt-2">
              <FrameworkChips frameworks={gap.frameworks} />
            </div>
            <TenantStatuses statuses={gap.tenant_statuses} tenantNames={tenantNames} />
          </div>
        </li>
      ))}
    </ol>
  );
}
