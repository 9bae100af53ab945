import type { Kysely } from 'kysely';
import type { AiEngine } from '@compliance/ai/engine';
import type { AssistantToolset, RequirementRef, StatusCounts as ToolStatusCounts } from '@compliance/ai/assistant/tools';
import { canonicalFramework, referenceMatches } from '@compliance/contracts/frameworks';
import type { Requirement } from '@compliance/contracts/requirements';
import type { Database } from '@compliance/db/schema';
import { type Tx, withScope } from '@compliance/db/scope';
import type { Actor } from '../access/actor';
import { tenantScope } from '../access/caller';
import { getDashboardInTx, rankGaps } from '../reports/dashboard-service';
import { addStatus, complianceRate, emptyCounts, type StatusCounts } from '../reports/rates';
import { listRequirementsInTx } from '../requirements/requirement-service';
import { createContextTools } from './context-tools';
import { createDocumentTools } from './document-tools';
import { matchesWords, namesMatch, ownerMatches } from './tool-matching';

const DEFAULT_LIMIT = 10;
const isGap = (r: Requirement) => r.compliance_status !== 'Compliant' && r.compliance_status !== 'Not Applicable';

export function toRequirementRef(r: Requirement): RequirementRef {
  return {
    id: r.display_id,
    text: r.text,
    priority: r.priority,
    status: r.compliance_status,
    domain_name: r.domain_name,
    frameworks: r.frameworks,
    evidence_count: r.evidence_count,
    owner_name: r.owner_name,
    due_date: r.due_date,
    overdue: r.overdue,
    control_ids: r.control_ids,
    source: r.source_type,
    contracts: r.contract_names,
    response: r.user_response,
  };
}

export function toToolCounts(counts: StatusCounts): ToolStatusCounts {
  return { total: counts.total, compliant: counts.compliant, in_progress: counts.in_progress, not_started: counts.not_started, compliance_rate: complianceRate(counts) };
}

/** What every tool of one call is bound to: the database, the caller, the tenant and its scope. */
export type ToolBinding = {
  db: Kysely<Database>;
  engine: AiEngine;
  actor: Actor;
  tenantId: string;
  read: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** The tenant's requirements (of the given frameworks), read once per answer. */
  requirementsOf: (tx: Tx, frameworks?: string[]) => ReturnType<typeof listRequirementsInTx>;
  /** The tenant's dashboard, read once per answer. */
  dashboardOf: (tx: Tx) => ReturnType<typeof getDashboardInTx>;
};

/** One answer reads the same rows several times (a summary, then its gaps): the first read is kept. */
function once<A, T>(key: (a: A) => string, load: (a: A) => Promise<T>): (a: A) => Promise<T> {
  const kept = new Map<string, Promise<T>>();
  return (a) => {
    const k = key(a);
    const hit = kept.get(k);
    if (hit) return hit;
    const value = load(a);
    kept.set(k, value);
    value.catch(() => kept.delete(k));
    return value;
  };
}

/**
 * The assistant's tools for one caller in one tenant. Each call is its own transaction in the tenant's
 * scope (row-level security applies), and no tool takes a tenant: another tenant's data is unreachable.
 * Only the comparison reads other tenants, each in its own scope and only those the caller may read.
 */
export function createAssistantToolset(db: Kysely<Database>, engine: AiEngine, actor: Actor, tenantId: string): AssistantToolset {
  const binding: ToolBinding = {
    db,
    engine,
    actor,
    tenantId,
    read: (fn) => withScope(db, tenantScope(actor.caller, tenantId), fn),
    requirementsOf: (tx, frameworks) => requirementsOnce({ tx, frameworks }),
    dashboardOf: (tx) => dashboardOnce(tx),
  };
  const requirementsOnce = once(
    ({ frameworks }: { tx: Tx; frameworks?: string[] }) => (frameworks ? [...frameworks].sort().join('|') : '*'),
    ({ tx, frameworks }) => listRequirementsInTx(tx, tenantId, { frameworks }),
  );
  const dashboardOnce = once((_tx: Tx) => 'dashboard', (tx) => getDashboardInTx(tx, tenantId, undefined));
  const { read, requirementsOf, dashboardOf } = binding;

  return {
    ...createDocumentTools(binding),
    ...createContextTools(binding),

    get_compliance_summary: () =>
      read(async (tx) => {
        const dashboard = await dashboardOf(tx);
        const tenant = await tx
          .selectFrom('tenants')
          .innerJoin('organizations', 'organizations.id', 'tenants.organization_id')
          .select('organizations.name')
          .where('tenants.id', '=', tenantId)
          .executeTakeFirst();
        return { tenant_name: dashboard.tenant_name, organization_name: tenant?.name ?? '', frameworks: dashboard.frameworks, ...dashboard.metrics };
      }),

    get_domain_breakdown: () => read(async (tx) => (await dashboardOf(tx)).domain_breakdown),

    get_framework_breakdown: () => read(async (tx) => (await dashboardOf(tx)).framework_breakdown),

    list_framework_gaps: ({ framework, limit }) =>
      read(async (tx) => {
        const canonical = canonicalFramework(framework);
        const { tenant, requirements } = await requirementsOf(tx, canonical ? [canonical] : []);
        const assigned = canonical !== null && tenant.assigned_frameworks.includes(canonical);
        if (!canonical || !assigned) return { framework: canonical, assigned: false, total_requirements: 0, total_gaps: 0, gaps: [] };
        const mapped = requirements.filter((r) => r.source_type === 'framework' && r.frameworks.includes(canonical));
        const gaps = rankGaps(mapped.filter(isGap));
        return {
          framework: canonical,
          assigned,
          total_requirements: mapped.length,
          total_gaps: gaps.length,
          gaps: gaps.slice(0, limit ?? DEFAULT_LIMIT).map(toRequirementRef),
        };
      }),

    list_top_priority_requirements: ({ limit }) =>
      read(async (tx) => {
        const { requirements } = await requirementsOf(tx);
        return rankGaps(requirements.filter(isGap)).slice(0, limit ?? DEFAULT_LIMIT).map(toRequirementRef);
      }),

    search_requirements: ({ query, status, domain_number, framework, has_evidence, owner, source, contract, priority, ids, control, exact, overdue, due_after, due_before, limit }) =>
      read(async (tx) => {
        const canonical = framework ? canonicalFramework(framework) : null;
        const { requirements } = await requirementsOf(tx, canonical ? [canonical] : undefined);
        const wantedIds = ids?.map((id) => id.trim().toUpperCase());
        const found = requirements.filter(
          (r) =>
            matchesWords(r, query, exact) &&
            (!status?.length || status.includes(r.compliance_status)) &&
            (!domain_number || r.domain_number === domain_number) &&
            (!canonical || r.frameworks.includes(canonical)) &&
            (has_evidence === undefined || r.evidence_count > 0 === has_evidence) &&
            ownerMatches(r, owner, actor.caller.user.id) &&
            (!source || r.source_type === source) &&
            (!contract || r.contract_names.some((name) => namesMatch(name, contract))) &&
            (!priority || r.priority === priority) &&
            (!wantedIds?.length || wantedIds.includes(r.display_id.toUpperCase())) &&
            (!control || Object.values(r.control_ids).some((refs) => refs.some((ref) => referenceMatches(ref, control)))) &&
            (overdue === undefined || r.overdue === overdue) &&
            (!due_after || (!!r.due_date && r.due_date >= due_after)) &&
            (!due_before || (!!r.due_date && r.due_date <= due_before)),
        );
        if (overdue || due_after || due_before) found.sort((a, b) => (a.due_date ?? '').localeCompare(b.due_date ?? ''));
        return { total: found.length, requirements: found.slice(0, limit ?? DEFAULT_LIMIT).map(toRequirementRef) };
      }),

    list_owners_and_statuses: () =>
      read(async (tx) => {
        const { requirements } = await requirementsOf(tx);
        const owners = new Map<string, StatusCounts>();
        const unassigned = emptyCounts();
        for (const r of requirements) {
          const counts = r.owner_name ? (owners.get(r.owner_name) ?? owners.set(r.owner_name, emptyCounts()).get(r.owner_name)!) : unassigned;
          addStatus(counts, r.compliance_status);
        }
        return {
          owners: [...owners].map(([owner_name, counts]) => ({ owner_name, ...toToolCounts(counts) })).sort((a, b) => b.total - a.total || a.owner_name.localeCompare(b.owner_name)),
          unassigned: toToolCounts(unassigned),
        };
      }),
  };
}
