import type { Requirement } from '@compliance/contracts/requirements';
import { domainName } from '@compliance/contracts/domains';
import { RequirementCard } from './requirement-card';

interface DomainGroup {
  number: number;
  name: string;
  requirements: Requirement[];
}

function groupByDomain(requirements: Requirement[]): DomainGroup[] {
  const groups = new Map<number, DomainGroup>();
  for (const requirement of requirements) {
    const number = requirement.domain_number;
    const group = groups.get(number) ?? { number, name: requirement.domain_name || domainName(number), requirements: [] };
    group.requirements.push(requirement);
    groups.set(number, group);
  }
  return [...groups.values()].sort((a, b) => a.number - b.number);
}

interface RequirementListProps {
  requirements: Requirement[];
  /** Each domain's count in the whole list, when only part of it is loaded; else the groups count their rows. */
  domainTotals?: ReadonlyMap<number, number>;
  onOpen: (r: Requirement) => void;
  /** The ids chosen for bulk assignment, when the caller may assign. */
  selected?: ReadonlySet<string>;
  onToggle?: (r: Requirement) => void;
}

/** The requirements grouped by domain number, each group headed by its name and count. */
export function RequirementList({ requirements, domainTotals, onOpen, selected, onToggle }: RequirementListProps) {
  return (
    <div className="space-y-8">
      {groupByDomain(requirements).map((group) => {
        const headingId = `domain-group-${group.number}`;
        const count = domainTotals?.get(group.number) ?? group.requirements.length;
        return (
          <section key={group.number} aria-labelledby={headingId} data-testid="domain-group" data-domain={group.number}>
            <div className="mb-3 flex items-center justify-between gap-3 border-b border-slate-200 pb-2">
              <h2 id={headingId} className="text-base font-semibold text-slate-900">
                <span className="text-slate-500">{group.number}.</span> {group.name}
              </h2>
              <span data-testid="domain-count" className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-slate-600">
                {count === 1 ? '1 requirement' : `${count} requirements`}
              </span>
            </div>
            <ul className="space-y-3">
              {group.requirements.map((requirement) => (
                <RequirementCard
                  key={requirement.id}
                  requirement={requirement}
                  onOpen={onOpen}
                  selection={selected && onToggle ? { selected: selected.has(requirement.id), onToggle } : undefined}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
