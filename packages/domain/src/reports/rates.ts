import { type ComplianceStatusName, readStatus } from '@compliance/contracts/requirements';

export interface StatusCounts {
  total: number;
  compliant: number;
  in_progress: number;
  not_started: number;
  not_applicable: number;
}

export const emptyCounts = (): StatusCounts => ({ total: 0, compliant: 0, in_progress: 0, not_started: 0, not_applicable: 0 });

export function addStatus(counts: StatusCounts, status: string | null, n = 1): StatusCounts {
  const s: ComplianceStatusName = readStatus(status);
  counts.total += n;
  if (s === 'Compliant') counts.compliant += n;
  else if (s === 'In Progress') counts.in_progress += n;
  else if (s === 'Not Applicable') counts.not_applicable += n;
  else counts.not_started += n;
  return counts;
}

/**
 * Compliance rate in percent with one decimal: compliant requirements over the applicable ones
 * (Not Applicable is left out of the denominator). No applicable requirement → 0.
 */
export function complianceRate(counts: Pick<StatusCounts, 'total' | 'compliant' | 'not_applicable'>): number {
  const applicable = counts.total - counts.not_applicable;
  if (applicable <= 0) return 0;
  return Math.round((counts.compliant / applicable) * 1000) / 10;
}

/** The SQL expression that reads unknown statuses as Not Started (matches readStatus). */
export const STATUS_SQL = `CASE WHEN tr.status IN ('Not Started', 'In Progress', 'Compliant', 'Not Applicable') THEN tr.status ELSE 'Not Started' END`;

/**
 * The same reading as a small integer, for GROUP BY in aggregates: integers hash and sort far faster
 * than collated text. The database's function (migration 0018; inlined by the planner) is the one the
 * held contract counts and the open-contract index use. Decode with STATUS_BY_CODE.
 */
export const STATUS_CODE_SQL = 'requirement_status_code(tr.status)';
export const STATUS_BY_CODE = ['Not Started', 'In Progress', 'Compliant', 'Not Applicable'] as const;
