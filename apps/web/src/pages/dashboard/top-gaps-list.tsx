import type { Dashboard } from '@compliance/contracts/reports';
import { Badge } from '../../components/badge';
import { FrameworkChips } from '../../layout/framework-chips';
import { Icon } from '../../layout/nav-icons';
import { PRIORITY_TONE, STATUS_TONE } from '../../components/status-colours';

export const TOP_GAPS_SHOWN = 10;

/** The highest-priority open requirements (the first 10), each with what it takes to close it. */
export function TopGapsList({ gaps }: { gaps: Dashboard['top_gaps'] }) {
  return (
    <ol className="divide-y divide-slate-100" aria-label="Top Priority Gaps">
      {gaps.slice(0, TOP_GAPS_SHOWN).map((gap) => (
        <li key={gap.requirement_id} data-testid="top-gap" className="px-5 py-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={PRIORITY_TONE[gap.priority]}>{gap.priority} priority</Badge>
            <Badge tone={STATUS_TONE[gap.status]}>{gap.status}</Badge>
            <span className="text-xs font-medium text-slate-500">
              <span className="text-slate-400">{gap.display_id}</span> · {gap.domain_name}
            </span>
          </div>
          <p className="mt-2 text-sm text-slate-800">{gap.requirement_text}</p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <FrameworkChips frameworks={gap.frameworks} />
            <span className="flex items-center gap-1 text-xs text-slate-500">
              <Icon name="folder" className="h-4 w-4" />
              {gap.evidence_count} evidence {gap.evidence_count === 1 ? 'document' : 'documents'}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
