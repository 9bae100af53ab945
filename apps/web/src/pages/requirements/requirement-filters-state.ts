import { DOMAINS } from '@compliance/contracts/domains';
import { useState } from 'react';

export const ALL_DOMAIN_NUMBERS: readonly number[] = DOMAINS.map((d) => d.number);

export interface RequirementQuery {
  /** Comma-joined names; '' selects none (the server's convention). */
  frameworks: string;
  /** Comma-joined domain numbers; '' selects none. */
  domains: string;
}

export interface RequirementFiltersState {
  frameworks: string[];
  domains: number[];
  setFrameworks: (names: string[]) => void;
  setDomains: (numbers: number[]) => void;
  query: RequirementQuery;
}

/**
 * The filter panel's selection for one tenant: every assigned framework and every domain to begin
 * with. Selections keep the panel's order, and only frameworks the tenant still has are sent.
 */
export function useRequirementFilters(assignedFrameworks: readonly string[]): RequirementFiltersState {
  const [pickedFrameworks, setPickedFrameworks] = useState<readonly string[]>(assignedFrameworks);
  const [pickedDomains, setPickedDomains] = useState<readonly number[]>(ALL_DOMAIN_NUMBERS);
  const frameworks = assignedFrameworks.filter((name) => pickedFrameworks.includes(name));
  const domains = ALL_DOMAIN_NUMBERS.filter((n) => pickedDomains.includes(n));
  return {
    frameworks,
    domains,
    setFrameworks: setPickedFrameworks,
    setDomains: setPickedDomains,
    query: { frameworks: frameworks.join(','), domains: domains.join(',') },
  };
}

/** The CSV export of the filtered list; the server exports the session's current tenant. */
export function csvExportUrl(query: RequirementQuery): string {
  const params = new URLSearchParams({ domains: query.domains, frameworks: query.frameworks });
  return `/api/requirements/export/csv?${params.toString()}`;
}
