import { DOMAINS } from '@compliance/contracts/domains';
import { useState } from 'react';
import { Card } from '../../components/card';
import { CheckboxGroup } from './checkbox-group';
import type { RequirementFiltersState } from './requirement-filters-state';

const DOMAIN_OPTIONS = DOMAINS.map((d) => ({ value: d.number, label: `${d.number}. ${d.name}` }));
const PANEL_ID = 'requirement-filters';

interface RequirementFiltersProps {
  assignedFrameworks: readonly string[];
  filters: RequirementFiltersState;
}

/** The left filter panel: the tenant's frameworks and the 15 domains. Folds away on small screens. */
export function RequirementFilters({ assignedFrameworks, filters }: RequirementFiltersProps) {
  const [open, setOpen] = useState(false);
  const frameworkOptions = assignedFrameworks.map((name) => ({ value: name, label: name }));
  const active = filters.frameworks.length + filters.domains.length;
  const total = assignedFrameworks.length + DOMAIN_OPTIONS.length;

  return (
    <aside aria-label="Requirement filters">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm lg:hidden"
      >
        <span>Filters</span>
        <span className="text-xs text-slate-500">
          {active === total ? 'All selected' : `${active} of ${total} selected`} · {open ? 'Hide' : 'Show'}
        </span>
      </button>
      <div id={PANEL_ID} className={`${open ? 'mt-3 block' : 'hidden'} lg:sticky lg:top-24 lg:mt-0 lg:block lg:max-h-[calc(100dvh-7.5rem)] lg:overflow-y-auto lg:rounded-xl`}>
        <Card className="space-y-6 p-4">
          <CheckboxGroup
            title="Frameworks"
            options={frameworkOptions}
            selected={filters.frameworks}
            onChange={filters.setFrameworks}
            emptyText="No frameworks are assigned to this tenant."
          />
          <CheckboxGroup title="Domains" options={DOMAIN_OPTIONS} selected={filters.domains} onChange={filters.setDomains} />
        </Card>
      </div>
    </aside>
  );
}
