import type { ActivityKind, TrendPoint } from '@compliance/contracts/history';
import { type StatusCounts, addStatus, complianceRate, emptyCounts } from '../reports/rates';

/**
 * The pure part of the history: UTC calendar days, the trend from stored days, the days before the
 * history began reconstructed from the audit trail, and the kind of an audit action.
 */

const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, 'YYYY-MM-DD'. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/** The first instant after a day ends (midnight UTC of the next day). */
export function endOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

/** The `days` calendar days ending with `today`, oldest first. */
export function dayRange(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}

export type DayCounts = Omit<StatusCounts, 'total'> & { total?: number };

export function toTrendPoint(date: string, c: DayCounts): TrendPoint {
  const total = c.compliant + c.in_progress + c.not_started + c.not_applicable;
  return {
    date,
    compliance_rate: complianceRate({ total, compliant: c.compliant, not_applicable: c.not_applicable }),
    compliant: c.compliant,
    in_progress: c.in_progress,
    not_started: c.not_started,
    not_applicable: c.not_applicable,
  };
}

/**
 * One point per day of the range. A day with a stored row shows it; a day without one shows the last
 * day before it that has one (nothing changed that was recorded); days before anything is known are left
 * out. Today is the live count.
 */
export function buildTrend(range: string[], stored: Map<string, DayCounts>, today: { day: string; counts: DayCounts }): TrendPoint[] {
  const points: TrendPoint[] = [];
  let last: DayCounts | null = null;
  for (const day of range) {
    const counts = day === today.day ? today.counts : (stored.get(day) ?? last);
    if (stored.has(day)) last = stored.get(day)!;
    if (counts) points.push(toTrendPoint(day, counts));
  }
  return points;
}

/** Adds the counts of several tenants of one day (the organization's trend). */
export function sumCounts(rows: DayCounts[]): DayCounts {
  const sum = { compliant: 0, in_progress: 0, not_started: 0, not_applicable: 0 };
  for (const r of rows) {
    sum.compliant += r.compliant;
    sum.in_progress += r.in_progress;
    sum.not_started += r.not_started;
    sum.not_applicable += r.not_applicable;
  }
  return sum;
}

export interface RequirementNow {
  id: string;
  status: string;
  /** When the requirement row appeared (a contract requirement counts from then). */
  created_at: Date;
}

export interface StatusChange {
  requirement_id: string;
  at: Date;
  from: string;
}

/**
 * The counts at the end of each given day, worked back from today's statuses: a requirement's status at
 * the end of a day is the `from` of its first recorded status change after that day, else its status
 * now. Requirements created after a day do not count on it. `changes` must be sorted by time.
 */
export function reconstructDays(days: string[], requirements: RequirementNow[], changes: StatusChange[]): Map<string, StatusCounts> {
  const byRequirement = new Map<string, StatusChange[]>();
  for (const c of changes) (byRequirement.get(c.requirement_id) ?? byRequirement.set(c.requirement_id, []).get(c.requirement_id)!).push(c);
  const result = new Map<string, StatusCounts>();
  for (const day of days) {
    const end = endOfDay(day).getTime();
    const counts = emptyCounts();
    for (const r of requirements) {
      if (r.created_at.getTime() >= end) continue;
      const next = byRequirement.get(r.id)?.find((c) => c.at.getTime() >= end);
      addStatus(counts, next ? next.from : r.status);
    }
    result.set(day, counts);
  }
  return result;
}

/** What kind of change an audit action is, for the activity summary. */
export function activityKind(action: string, details: unknown): ActivityKind {
  if (action === 'update_requirement_response') return statusChangeOf(details) ? 'status_change' : 'requirement_update';
  if (action === 'generate_response') return 'requirement_update';
  if (/^upload_|_upload(ed)?$|new_version/.test(action)) return 'upload';
  if (/accept|reject|approv|decid|decision|review/.test(action)) return 'decision';
  if (/analy[sz]e/.test(action)) return 'analysis';
  if (/^delete_|_deleted?$/.test(action)) return 'deletion';
  return 'other';
}

/** The status change an `update_requirement_response` entry records, if any. */
export function statusChangeOf(details: unknown): { requirement_id: string | null; from: string; to: string } | null {
  if (!details || typeof details !== 'object') return null;
  const d = details as { requirement_id?: unknown; changes?: { status?: { from?: unknown; to?: unknown } } };
  const status = d.changes?.status;
  if (!status || typeof status.from !== 'string' || typeof status.to !== 'string') return null;
  return { requirement_id: typeof d.requirement_id === 'string' ? d.requirement_id : null, from: status.from, to: status.to };
}
