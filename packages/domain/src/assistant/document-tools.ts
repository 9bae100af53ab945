import { sql } from 'kysely';
import { deadlineOf } from '@compliance/ai/assistant/deadlines';
import type { AssistantToolset, ContractObligation } from '@compliance/ai/assistant/tools';
import { getDomain } from '@compliance/catalog/domains';
import { listDocuments } from '../documents/document-repo';
import { linkCountsAsSupport } from '../documents/evidence-support';
import { searchPassages } from '../documents/document-passages';
import type { ToolBinding } from './assistant-tools';
import { toRequirementRef } from './assistant-tools';
import { findContract, namesMatch } from './tool-matching';

type DocumentTools = Pick<AssistantToolset, 'list_evidence' | 'get_evidence_coverage' | 'search_evidence' | 'search_passages' | 'list_contract_obligations'>;

/** The assistant's tools over the tenant's documents: evidence, contract obligations and passages. */
export function createDocumentTools({ read, requirementsOf, tenantId }: ToolBinding): DocumentTools {
  const completedEvidence = async (tx: Parameters<Parameters<ToolBinding['read']>[0]>[0]) =>
    (await listDocuments(tx, tenantId, 'evidence')).filter((d) => d.status === 'completed');

  return {
    list_evidence: () =>
      read(async (tx) => {
        const documents = await completedEvidence(tx);
        const byType = new Map<string, number>();
        for (const d of documents) byType.set(d.document_type ?? 'Other', (byType.get(d.document_type ?? 'Other') ?? 0) + 1);
        const { rows } = await sql<{ today: string }>`SELECT current_date::text AS today`.execute(tx);
        return {
          total: documents.length,
          by_type: [...byType].map(([document_type, count]) => ({ document_type, count })).sort((a, b) => b.count - a.count || a.document_type.localeCompare(b.document_type)),
          documents: documents.map((d) => ({
            name: d.name,
            document_type: d.document_type ?? 'Other',
            upload_date: new Date(d.created_at).toISOString(),
            requirement_count: Number(d.requirement_count),
            status: d.status,
            expires_on: d.expires_on,
            expired: Boolean(d.expired),
          })),
          today: rows[0]!.today,
        };
      }),

    get_evidence_coverage: ({ name }) =>
      read(async (tx) => {
        const wanted = name.trim().toLowerCase();
        const documents = await completedEvidence(tx);
        const document =
          documents.find((d) => d.name.toLowerCase() === wanted) ??
          documents.find((d) => d.name.toLowerCase().includes(wanted)) ??
          documents.find((d) => wanted.includes(d.name.toLowerCase())) ??
          documents.find((d) => namesMatch(d.name, name));
        if (!document) return null;
        const links = await tx.selectFrom('evidence_links as l').select('l.tenant_requirement_id').where('l.tenant_id', '=', tenantId).where('l.document_id', '=', document.id).where(linkCountsAsSupport('l')).execute();
        const ids = new Set(links.map((l) => l.tenant_requirement_id));
        const { requirements } = await requirementsOf(tx);
        return { name: document.name, document_type: document.document_type ?? 'Other', requirements: requirements.filter((r) => ids.has(r.id)).map(toRequirementRef) };
      }),

    search_evidence: ({ name, document_type, domain_number, requirement_id }) =>
      read(async (tx) => {
        const documents = await completedEvidence(tx);
        const links = await tx.selectFrom('evidence_links as l').select(['l.document_id', 'l.tenant_requirement_id']).where('l.tenant_id', '=', tenantId).where(linkCountsAsSupport('l')).execute();
        const { requirements } = await requirementsOf(tx);
        const byId = new Map(requirements.map((r) => [r.id, r]));
        const found = documents
          .map((d) => {
            const linked = links.filter((l) => l.document_id === d.id).map((l) => byId.get(l.tenant_requirement_id)).filter((r) => r !== undefined);
            return { document: d, linked };
          })
          .filter(
            ({ document, linked }) =>
              (!name || namesMatch(document.name, name)) &&
              (!document_type || (document.document_type ?? 'Other').toLowerCase() === document_type.trim().toLowerCase()) &&
              (!domain_number || linked.some((r) => r.domain_number === domain_number)) &&
              (!requirement_id || linked.some((r) => r.display_id.toUpperCase() === requirement_id.trim().toUpperCase())),
          );
        return {
          total: found.length,
          documents: found.map(({ document, linked }) => ({
            name: document.name,
            document_type: document.document_type ?? 'Other',
            upload_date: new Date(document.created_at).toISOString(),
            requirement_ids: linked.map((r) => r.display_id),
            domains: [...new Set(linked.map((r) => r.domain_name))],
          })),
        };
      }),

    search_passages: ({ query, document, limit }) => read(async (tx) => ({ passages: await searchPassages(tx, tenantId, query, { document, limit: limit ?? 3 }) })),

    list_contract_obligations: ({ contract, uncovered_only, domain_number, query, with_deadline }) =>
      read(async (tx) => {
        const contracts = (await listDocuments(tx, tenantId, 'contract')).filter((d) => d.status === 'completed');
        const chosen = contract ? findContract(contracts, contract) : undefined;
        if (contract && !chosen) return { contracts: [], obligations: [], unmatched_contract: contract };
        const { requirements } = await requirementsOf(tx);
        const byId = new Map(requirements.map((r) => [r.id, r]));
        const { rows } = await sql<{ document_id: string; contract: string; clause: string | null; text: string; requirement_id: string | null; domain_number: number; party: string; side: string }>`
          SELECT d.id AS document_id, d.name AS contract, o.clause, o.text, o.tenant_requirement_id AS requirement_id, o.domain_number, o.party, d.contract_side AS side
          FROM contract_obligations o JOIN documents d ON d.id = o.document_id
          WHERE o.tenant_id = ${tenantId} AND d.kind = 'contract' AND d.status = 'completed' AND o.review_state <> 'rejected'
          ORDER BY d.name, o.ordinal
        `.execute(tx);
        const all: Array<ContractObligation & { document_id: string; domain_number: number }> = rows.map((o) => {
          const requirement = o.requirement_id ? byId.get(o.requirement_id) : undefined;
          const deadline = deadlineOf(o.text);
          return {
            document_id: o.document_id,
            domain_number: o.domain_number,
            contract: o.contract,
            clause: o.clause,
            text: o.text,
            requirement_id: requirement?.display_id ?? null,
            covered: (requirement?.evidence_count ?? 0) > 0,
            domain_name: getDomain(o.domain_number)?.name ?? `Domain ${o.domain_number}`,
            party: o.party === 'both' ? 'both' : o.party === o.side ? 'ours' : 'theirs',
            deadline_hours: deadline?.hours ?? null,
            deadline_text: deadline?.text ?? null,
          };
        });
        const inScope = all.filter((o) => !chosen || o.document_id === chosen.id);
        const summaries = contracts
          .filter((c) => !chosen || c.id === chosen.id)
          .map((c) => {
            const own = inScope.filter((o) => o.document_id === c.id);
            const byDomain = new Map<string, number>();
            for (const o of own) byDomain.set(o.domain_name ?? '', (byDomain.get(o.domain_name ?? '') ?? 0) + 1);
            return {
              name: c.name,
              provider_name: c.provider_name,
              customer_name: c.customer_name,
              obligation_count: own.length,
              uncovered_count: own.filter((o) => !o.covered).length,
              by_domain: [...byDomain].map(([domain_name, count]) => ({ domain_name, count })).sort((a, b) => b.count - a.count || a.domain_name.localeCompare(b.domain_name)),
            };
          });
        const words = (query ?? '').toLowerCase().split(/\s+/).filter((w) => w.length > 1);
        const obligations = inScope
          .filter((o) => (!uncovered_only || !o.covered) && (!domain_number || o.domain_number === domain_number) && (!with_deadline || o.deadline_hours !== null) && words.every((w) => o.text.toLowerCase().includes(w)))
          .map(({ document_id: _d, domain_number: _n, ...o }) => o);
        return { contracts: summaries, obligations };
      }),
  };
}
