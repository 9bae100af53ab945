import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AssistantToolset, RequirementRef, StatusCounts as ToolStatusCounts } from '@compliance/ai/assistant/tools';
import { canonicalFramework } from '@compliance/contracts/frameworks';
import type { Requirement } from '@compliance/contracts/requirements';
import type { Database } from '@compliance/db/schema';
import { type AccessScope, type Tx, withScope } from '@compliance/db/scope';
import { listDocuments } from '../documents/document-repo';
import { getDashboardInTx, rankGaps } from '../reports/dashboard-service';
import { addStatus, complianceRate, emptyCounts, type StatusCounts } from '../reports/rates';
import { listRequirementsInTx } from '../requirements/requirement-service';

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
    control_ids: r.control_ids,
  };
}

function toToolCounts(counts: StatusCounts): ToolStatusCounts {
  return { total: counts.total, compliant: counts.compliant, in_progress: counts.in_progress, not_started: counts.not_started, compliance_rate: complianceRate(counts) };
}

function matchesWords(r: Requirement, query: string | undefined): boolean {
  const words = (query ?? '').toLowerCase().split(/[^a-z0-9.]+/).filter((w) => w.length > 1);
  if (!words.length) return true;
  const haystack = `${r.display_id} ${r.key ?? ''} ${r.text} ${r.domain_name}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/**
 * The assistant's tools for one caller in one tenant. Each call is its own transaction in the tenant's
 * scope (row-level security applies), and no tool takes a tenant: another tenant's data is unreachable.
 */
export function createAssistantToolset(db: Kysely<Database>, scope: AccessScope, tenantId: string): AssistantToolset {
  const read = <T>(fn: (tx: Tx) => Promise<T>) => withScope(db, scope, fn);
  const requirementsOf = (tx: Tx, frameworks?: string[]) => listRequirementsInTx(tx, tenantId, { frameworks });

  return {
    get_compliance_summary: () =>
      read(async (tx) => {
        const dashboard = await getDashboardInTx(tx, tenantId, undefined);
        const tenant = await tx
          .selectFrom('tenants')
          .innerJoin('organizations', 'organizations.id', 'tenants.organization_id')
          .select('organizations.name')
          .where('tenants.id', '=', tenantId)
          .executeTakeFirst();
        return { tenant_name: dashboard.tenant_name, organization_name: tenant?.name ?? '', frameworks: dashboard.frameworks, ...dashboard.metrics };
      }),

    get_domain_breakdown: () => read(async (tx) => (await getDashboardInTx(tx, tenantId, undefined)).domain_breakdown),

    get_framework_breakdown: () => read(async (tx) => (await getDashboardInTx(tx, tenantId, undefined)).framework_breakdown),

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

    search_requirements: ({ query, status, domain_number, framework, has_evidence, limit }) =>
      read(async (tx) => {
        const canonical = framework ? canonicalFramework(framework) : null;
        const { requirements } = await requirementsOf(tx, canonical ? [canonical] : undefined);
        const found = requirements.filter(
          (r) =>
            matchesWords(r, query) &&
            (!status || r.compliance_status === status) &&
            (!domain_number || r.domain_number === domain_number) &&
            (!canonical || r.frameworks.includes(canonical)) &&
            (has_evidence === undefined || r.evidence_count > 0 === has_evidence),
        );
        return { total: found.length, requirements: found.slice(0, limit ?? DEFAULT_LIMIT).map(toRequirementRef) };
      }),

    list_evidence: () =>
      read(async (tx) => {
        const documents = (await listDocuments(tx, tenantId, 'evidence')).filter((d) => d.status === 'completed');
        const byType = new Map<string, number>();
        for (const d of documents) byType.set(d.document_type ?? 'Other', (byType.get(d.document_type ?? 'Other') ?? 0) + 1);
        return {
          total: documents.length,
          by_type: [...byType].map(([document_type, count]) => ({ document_type, count })).sort((a, b) => b.count - a.count || a.document_type.localeCompare(b.document_type)),
          documents: documents.map((d) => ({
            name: d.name,
            document_type: d.document_type ?? 'Other',
            upload_date: new Date(d.created_at).toISOString(),
            requirement_count: Number(d.requirement_count),
            status: d.status,
          })),
        };
      }),

    get_evidence_coverage: ({ name }) =>
      read(async (tx) => {
        const wanted = name.trim().toLowerCase();
        const documents = (await listDocuments(tx, tenantId, 'evidence')).filter((d) => d.status === 'completed');
        const document =
          documents.find((d) => d.name.toLowerCase() === wanted) ??
          documents.find((d) => d.name.toLowerCase().includes(wanted)) ??
          documents.find((d) => wanted.includes(d.name.toLowerCase()));
        if (!document) return null;
        const links = await tx.selectFrom('evidence_links').select('tenant_requirement_id').where('tenant_id', '=', tenantId).where('document_id', '=', document.id).execute();
        const ids = new Set(links.map((l) => l.tenant_requirement_id));
        const { requirements } = await requirementsOf(tx);
        return { name: document.name, document_type: document.document_type ?? 'Other', requirements: requirements.filter((r) => ids.has(r.id)).map(toRequirementRef) };
      }),

    list_contract_obligations: ({ uncovered_only }) =>
      read(async (tx) => {
        const { requirements } = await requirementsOf(tx);
        const byId = new Map(requirements.map((r) => [r.id, r]));
        const { rows } = await sql<{ contract: string; clause: string | null; text: string; requirement_id: string | null }>`
          SELECT d.name AS contract, o.clause, o.text, o.tenant_requirement_id AS requirement_id
          FROM contract_obligations o JOIN documents d ON d.id = o.document_id
          WHERE o.tenant_id = ${tenantId} AND d.kind = 'contract'
          ORDER BY d.name, o.ordinal
        `.execute(tx);
        const obligations = rows.map((o) => {
          const requirement = o.requirement_id ? byId.get(o.requirement_id) : undefined;
          return { contract: o.contract, clause: o.clause, text: o.text, requirement_id: requirement?.display_id ?? null, covered: (requirement?.evidence_count ?? 0) > 0 };
        });
        const contracts = new Map<string, { name: string; obligation_count: number; uncovered_count: number }>();
        for (const o of obligations) {
          const entry = contracts.get(o.contract) ?? contracts.set(o.contract, { name: o.contract, obligation_count: 0, uncovered_count: 0 }).get(o.contract)!;
          entry.obligation_count += 1;
          if (!o.covered) entry.uncovered_count += 1;
        }
        return { contracts: [...contracts.values()], obligations: uncovered_only ? obligations.filter((o) => !o.covered) : obligations };
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
