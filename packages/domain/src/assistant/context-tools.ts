import type { AssistantToolset } from '@compliance/ai/assistant/tools';
import { searchStem } from '@compliance/ai/assistant/vocabulary';
import type { Tx } from '@compliance/db/scope';
import { withScope } from '@compliance/db/scope';
import { tenantScope } from '../access/caller';
import { narrowToEditor } from '../access/scopes';
import { AppError } from '../errors';
import { listDocuments } from '../documents/document-repo';
import { linkCountsAsSupport } from '../documents/evidence-support';
import { readTenantTrend } from '../history/history-service';
import { getDashboardInTx } from '../reports/dashboard-service';
import { generateSuggestedResponse } from '../requirements/suggestion-service';
import { listTenantOwners } from '../requirements/requirement-repo';
import type { ToolBinding } from './assistant-tools';
import { toRequirementRef } from './assistant-tools';

type ContextTools = Pick<AssistantToolset, 'get_requirement' | 'list_activity' | 'get_compliance_trend' | 'compare_tenants' | 'draft_response' | 'get_vocabulary'>;

/**
 * Changes to the tenant's compliance data, which its members see on its screens anyway: the assistant
 * reports these from the audit trail, never sign-ins or user administration.
 */
const DATA_ACTIONS = [
  'update_requirement_response',
  'upload_contract',
  'upload_evidence',
  'delete_contract',
  'delete_evidence',
  'analyze_contract',
  'analyze_evidence',
  'reanalyze_evidence',
  'generate_response',
  'generate_policy',
  'save_policy_to_evidence',
  'set_contract_side',
  'review_evidence_link',
  'review_obligation',
  'approve_evidence',
];

const COMPARE_LIMIT = 25;

function parseDate(value: string | undefined, fallback: Date): Date {
  const date = value ? new Date(value) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
}

function messageOf(details: unknown): string {
  return details && typeof details === 'object' && 'message' in details ? String((details as { message: unknown }).message) : '';
}

/** The stems of the words of the tenant's requirements and contract obligations. */
async function termsOf(tx: Tx, tenantId: string, texts: string[]): Promise<string[]> {
  const obligations = await tx.selectFrom('contract_obligations').select('text').where('tenant_id', '=', tenantId).execute();
  const terms = new Set<string>();
  for (const text of [...texts, ...obligations.map((o) => o.text)]) {
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []) terms.add(searchStem(word));
  }
  return [...terms];
}

/** Tools about one requirement, the tenant's history, its people and names, and the caller's other tenants. */
export function createContextTools({ db, engine, actor, tenantId, read, requirementsOf }: ToolBinding): ContextTools {
  return {
    get_requirement: ({ id }) =>
      read(async (tx) => {
        const { requirements } = await requirementsOf(tx);
        const requirement = requirements.find((r) => r.display_id.toUpperCase() === id.trim().toUpperCase());
        if (!requirement) return null;
        const evidence = await tx
          .selectFrom('evidence_links as l')
          .innerJoin('documents as d', 'd.id', 'l.document_id')
          .select(['d.name', 'd.document_type', 'l.confidence', 'l.excerpt'])
          .where('l.tenant_id', '=', tenantId)
          .where('l.tenant_requirement_id', '=', requirement.id)
          .where(linkCountsAsSupport('l'))
          .orderBy('l.confidence', 'desc')
          .limit(10)
          .execute();
        const obligations = await tx
          .selectFrom('contract_obligations as o')
          .innerJoin('documents as d', 'd.id', 'o.document_id')
          .select(['d.name as contract', 'o.clause', 'o.text'])
          .where('o.tenant_id', '=', tenantId)
          .where('o.tenant_requirement_id', '=', requirement.id)
          .where('o.review_state', '<>', 'rejected')
          .orderBy('d.name')
          .orderBy('o.ordinal')
          .limit(10)
          .execute();
        return {
          requirement: toRequirementRef(requirement),
          suggested_response: requirement.suggested_response,
          evidence: evidence.map((e) => ({ name: e.name, document_type: e.document_type ?? 'Other', confidence: Number(e.confidence), excerpt: e.excerpt })),
          obligations,
        };
      }),

    list_activity: ({ since, until }) =>
      read(async (tx) => {
        const end = parseDate(until, new Date());
        const start = parseDate(since, new Date(end.getTime() - 7 * 86_400_000));
        const rows = await tx
          .selectFrom('audit_logs')
          .select(['timestamp', 'username', 'action', 'details'])
          .where('tenant_id', '=', tenantId)
          .where('action', 'in', DATA_ACTIONS)
          .where('timestamp', '>=', start)
          .where('timestamp', '<=', end)
          .orderBy('timestamp', 'desc')
          .limit(500)
          .execute();
        const counts = new Map<string, number>();
        for (const r of rows) counts.set(r.action, (counts.get(r.action) ?? 0) + 1);
        return {
          since: start.toISOString(),
          until: end.toISOString(),
          total: rows.length,
          by_action: [...counts].map(([action, count]) => ({ action, count })).sort((a, b) => b.count - a.count || a.action.localeCompare(b.action)),
          entries: rows.slice(0, 20).map((r) => ({ timestamp: new Date(r.timestamp).toISOString(), username: r.username, action: r.action, message: messageOf(r.details) })),
        };
      }),

    get_compliance_trend: ({ days }) =>
      read(async (tx) => {
        const span = days ?? 30;
        const points = await readTenantTrend(tx, tenantId, span);
        const first = points[0] ?? null;
        const last = points[points.length - 1] ?? null;
        return { days: span, points, first, last, change: first && last ? Math.round((last.compliance_rate - first.compliance_rate) * 10) / 10 : null };
      }),

    compare_tenants: async () => {
      const organizationId = actor.caller.tenants.get(tenantId)?.organization_id;
      const ids = [...actor.caller.tenants.values()].filter((t) => t.organization_id === organizationId).map((t) => t.id).slice(0, COMPARE_LIMIT);
      const tenants = [];
      for (const id of ids) {
        const dashboard = await withScope(db, tenantScope(actor.caller, id), (tx) => getDashboardInTx(tx, id, undefined));
        const m = dashboard.metrics;
        tenants.push({
          name: dashboard.tenant_name,
          current: id === tenantId,
          total: m.total_requirements,
          compliant: m.compliant,
          in_progress: m.in_progress,
          not_started: m.not_started,
          compliance_rate: m.compliance_rate,
          evidence: m.total_evidence,
          contracts: m.total_contracts,
        });
      }
      return { tenants: tenants.sort((a, b) => b.compliance_rate - a.compliance_rate || a.name.localeCompare(b.name)) };
    },

    draft_response: async ({ requirement_id }) => {
      const requirement = await read(async (tx) => (await requirementsOf(tx)).requirements.find((r) => r.display_id.toUpperCase() === requirement_id.trim().toUpperCase()));
      if (!requirement) return { requirement_id, text: null, problem: `There is no requirement ${requirement_id}.` };
      try {
        const out = await generateSuggestedResponse(db, engine, narrowToEditor(actor, tenantId), requirement.id);
        return { requirement_id: requirement.display_id, text: out.suggested_response, problem: null };
      } catch (error) {
        if (error instanceof AppError) return { requirement_id: requirement.display_id, text: null, problem: error.detail };
        throw error;
      }
    },

    get_vocabulary: () =>
      read(async (tx) => {
        const { tenant, requirements } = await requirementsOf(tx);
        const contracts = (await listDocuments(tx, tenantId, 'contract')).filter((d) => d.status === 'completed');
        const evidence = (await listDocuments(tx, tenantId, 'evidence')).filter((d) => d.status === 'completed');
        const people = await listTenantOwners(tx, tenantId, tenant.organization_id);
        const owners = new Set([...people.map((p) => p.full_name ?? p.username), ...requirements.map((r) => r.owner_name).filter((n): n is string => !!n)]);
        const user = actor.caller.user;
        return {
          contracts: contracts.map((c) => ({ name: c.name, provider_name: c.provider_name, customer_name: c.customer_name })),
          evidence: evidence.map((e) => ({ name: e.name, document_type: e.document_type ?? 'Other' })),
          owners: [...owners].sort(),
          me: user.full_name ?? user.username,
          requirement_ids: requirements.map((r) => r.display_id),
          terms: await termsOf(tx, tenantId, requirements.map((r) => r.text)),
        };
      }),
  };
}
