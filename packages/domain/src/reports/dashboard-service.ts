import type { Kysely } from 'kysely';
import { DOMAINS, domainName } from '@compliance/contracts/domains';
import type { Dashboard, DashboardInput } from '@compliance/contracts/reports';
import type { Requirement } from '@compliance/contracts/requirements';
import type { Database } from '@compliance/db/schema';
import type { Tx } from '@compliance/db/scope';
import { readInScope } from '@compliance/db/scoped-read';
import type { Actor } from '../access/actor';
import { tenantScope } from '../access/caller';
import { notFound } from '../errors';
import { type DashboardRow, dashboardStatement } from './dashboard-statement';
import { STATUS_BY_CODE, type StatusCounts, addStatus, complianceRate, emptyCounts } from './rates';

export const TOP_GAPS = 10;
const PRIORITY_RANK = { High: 0, Medium: 1, Low: 2 } as const;
const STATUS_RANK: Record<string, number> = { 'Not Started': 0, 'In Progress': 1 };

/** What ranking needs of a gap. */
type RankedGap = Pick<Requirement, 'priority' | 'compliance_status' | 'domain_number' | 'display_id'>;
/** What the dashboard shows of a gap. */
export type DashboardGap = RankedGap & Pick<Requirement, 'id' | 'text' | 'frameworks' | 'evidence_count'>;
/** One collator for every comparison: building one per call cost more than the sort itself. */
const DISPLAY_ID_ORDER = new Intl.Collator(undefined, { numeric: true });

/** Gaps first by priority, then Not Started before In Progress, then catalog order. */
export function rankGaps<T extends RankedGap>(gaps: T[]): T[] {
  return [...gaps].sort(
    (a, b) =>
      PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
      (STATUS_RANK[a.compliance_status] ?? 2) - (STATUS_RANK[b.compliance_status] ?? 2) ||
      a.domain_number - b.domain_number ||
      DISPLAY_ID_ORDER.compare(a.display_id, b.display_id),
  );
}

function breakdownEntry(counts: StatusCounts) {
  return {
    total: counts.total,
    compliant: counts.compliant,
    in_progress: counts.in_progress,
    not_started: counts.not_started,
    compliance_rate: complianceRate(counts),
  };
}

/** Pure arithmetic of the dashboard from aggregated rows (unit-tested on hand-made fixtures). */
export function computeDashboard(input: {
  frameworks: string[];
  byDomain: { domain_number: number; status: string; n: number }[];
  byFramework: { framework: string; status: string; n: number }[];
  gaps: DashboardGap[];
  evidence: number;
  contracts: number;
}): Omit<Dashboard, 'tenant_id' | 'tenant_name' | 'frameworks'> {
  const overall = emptyCounts();
  const domains = new Map<number, StatusCounts>();
  for (const row of input.byDomain) {
    addStatus(overall, row.status, Number(row.n));
    addStatus(domains.get(row.domain_number) ?? domains.set(row.domain_number, emptyCounts()).get(row.domain_number)!, row.status, Number(row.n));
  }
  const frameworks = new Map(input.frameworks.map((f) => [f, emptyCounts()]));
  for (const row of input.byFramework) {
    const counts = frameworks.get(row.framework);
    if (counts) addStatus(counts, row.status, Number(row.n));
  }
  return {
    metrics: {
      compliance_rate: complianceRate(overall),
      total_requirements: overall.total,
      compliant: overall.compliant,
      in_progress: overall.in_progress,
      not_started: overall.not_started,
      not_applicable: overall.not_applicable,
      total_evidence: input.evidence,
      total_contracts: input.contracts,
    },
    framework_breakdown: [...frameworks].map(([framework, counts]) => ({ framework, ...breakdownEntry(counts) })),
    domain_breakdown: DOMAINS.filter((d) => domains.has(d.number)).map((d) => ({
      domain_number: d.number,
      domain_name: d.name,
      ...breakdownEntry(domains.get(d.number)!),
    })),
    top_gaps: rankGaps(input.gaps)
      .slice(0, TOP_GAPS)
      .map((g) => ({
        requirement_id: g.id,
        display_id: g.display_id,
        priority: g.priority,
        status: g.compliance_status,
        domain_name: domainName(g.domain_number),
        requirement_text: g.text,
        frameworks: g.frameworks,
        evidence_count: g.evidence_count,
      })),
  };
}

/**
 * A tenant's dashboard from one statement (dashboard-statement.ts): counts, ranked gaps and document
 * totals come back together; only the rates and the shape are computed here.
 */
export async function getDashboardInTx(tx: Tx, tenantId: string, requested: string[] | undefined): Promise<Dashboard> {
  return dashboardFromRow((await dashboardStatement(tenantId, requested ?? null, TOP_GAPS).execute(tx)).rows[0]);
}

function dashboardFromRow(row: DashboardRow | undefined): Dashboard {
  if (!row) throw notFound('Tenant');
  const gaps: DashboardGap[] = (row.gaps ?? []).map((g) => ({
    id: g.id,
    display_id: `${g.domain_number}.${g.display_index}`,
    priority: g.priority,
    compliance_status: STATUS_BY_CODE[g.status] ?? 'Not Started',
    domain_number: g.domain_number,
    text: g.text,
    frameworks: g.frameworks,
    evidence_count: g.evidence_count,
  }));
  const decode = <T extends { status: number }>(rows: T[] | null) => (rows ?? []).map((r) => ({ ...r, status: STATUS_BY_CODE[r.status] ?? 'Not Started' }));
  return {
    tenant_id: row.id,
    tenant_name: row.name,
    frameworks: row.frameworks,
    ...computeDashboard({
      frameworks: row.frameworks,
      byDomain: decode(row.by_domain),
      byFramework: decode(row.by_framework),
      gaps,
      evidence: row.evidence,
      contracts: row.contracts,
    }),
  };
}

/** The dashboard screen's read: the statement and its scope in one round trip (scoped-read.ts). */
export async function getDashboard(db: Kysely<Database>, actor: Actor, tenantId: string, input: DashboardInput): Promise<Dashboard> {
  const [row] = await readInScope(db, tenantScope(actor.caller, tenantId), dashboardStatement(tenantId, input.frameworks ?? null, TOP_GAPS));
  return dashboardFromRow(row);
}
