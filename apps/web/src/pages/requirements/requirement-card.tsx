import type { Requirement } from '@compliance/contracts/requirements';
import { Badge } from '../../components/badge';
import { FrameworkChips } from '../../layout/framework-chips';
import { DueDate } from './due-date';
import { StatusBadge } from './status-badge';

interface RequirementCardProps {
  requirement: Requirement;
  onOpen: (requirement: Requirement) => void;
  /** With a selection (people who may assign work), the card has a checkbox above its overlay. */
  selection?: { selected: boolean; onToggle: (requirement: Requirement) => void };
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * One requirement. The text is the card's button; its overlay makes the whole card clickable while
 * the rest of the card stays readable content.
 */
export function RequirementCard({ requirement, onOpen, selection }: RequirementCardProps) {
  const hasResponse = !!requirement.user_response?.trim();
  return (
    <li
      data-testid="requirement-card"
      data-requirement-id={requirement.id}
      className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors focus-within:border-indigo-400 focus-within:ring-2 focus-within:ring-indigo-500/30 hover:border-indigo-300 hover:shadow"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          {selection && (
            <input
              type="checkbox"
              checked={selection.selected}
              onChange={() => selection.onToggle(requirement)}
              aria-label={`Select requirement ${requirement.display_id}`}
              className="relative z-10 h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
            />
          )}
          <span data-testid="display-id" className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-700">
            {requirement.display_id}
          </span>
          <Badge tone={requirement.source_type === 'contract' ? 'purple' : 'indigo'}>
            {requirement.source_type === 'contract' ? 'Contract' : 'Framework'}
          </Badge>
          {hasResponse && <Badge tone="blue">Response Added</Badge>}
        </div>
        <span data-testid="status">
          <StatusBadge status={requirement.compliance_status} />
        </span>
      </div>
      <h3 className="mt-2 text-sm leading-relaxed text-slate-900">
        <button
          type="button"
          onClick={() => onOpen(requirement)}
          className="text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] focus:outline-none"
        >
          {requirement.text}
        </button>
      </h3>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-500">
        {requirement.frameworks.length > 0 && <FrameworkChips frameworks={requirement.frameworks} />}
        <span>{plural(requirement.contract_count, 'contract', 'contracts')}</span>
        <span>{plural(requirement.evidence_count, 'evidence document', 'evidence documents')}</span>
        <span data-testid="owner">
          Owner: <span className="font-medium text-slate-700">{requirement.owner_name ?? 'Unassigned'}</span>
        </span>
        <DueDate requirement={requirement} />
      </div>
    </li>
  );
}
