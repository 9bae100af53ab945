import type { Kysely } from 'kysely';
import type { AiEngine, Obligation } from '@compliance/ai/engine';
import type { ContractSide, Database, ReviewState } from '@compliance/db/schema';
import { type Tx, withScope } from '@compliance/db/scope';
import type { JobProcessor } from '../jobs/job-runner';
import { listCatalogCandidates } from './analysis-candidates';
import { auditAnalysis, engineProgress, jobScope, loadDocumentText, markFailed } from './analysis-context';
import { findRepeatedContract, obligationKey, type EarlierContract } from './contract-duplicates';

/** Whether an obligation falls on the tenant: its own side's duties and the duties of both parties. */
export function isTenantDuty(obligation: Pick<Obligation, 'party'>, side: ContractSide): boolean {
  return obligation.party === 'both' || obligation.party === side;
}

/**
 * Contract analysis: extract the obligations; each duty of the tenant's side is linked to the catalog
 * requirement it matches or added as a tenant requirement with source Contract; the other side's duties
 * are kept and shown but become no requirement. A contract that repeats an earlier one (the PDF and the
 * Word file of one agreement) reuses that contract's requirements instead of adding them twice. Earlier
 * results of the same document are replaced in the same transaction, so a retry never duplicates them; an
 * Editor's decision on an obligation (accepted or rejected) is carried to the same obligation found again.
 */
export function createContractProcessor(db: Kysely<Database>, engine: AiEngine): JobProcessor<'analyze-contract'> {
  return async ({ documentId, tenantId }, ctx) => {
    try {
      const { document, text } = await loadDocumentText(db, tenantId, documentId, ctx);
      const candidates = await withScope(db, jobScope(tenantId), (tx) => listCatalogCandidates(tx, tenantId));
      await ctx.progress('Analyzing with AI batch 1/1', 30);
      const { obligations, parties, provider, model } = await engine.extractObligations(
        { text, requirements: candidates },
        { signal: ctx.signal, onProgress: engineProgress(ctx) },
      );
      await ctx.progress('Matching requirements', 85);
      const outcome = await withScope(db, jobScope(tenantId), async (tx) => {
        const decisions = await listObligationDecisions(tx, documentId);
        await tx.deleteFrom('contract_obligations').where('document_id', '=', documentId).execute();
        await tx.deleteFrom('tenant_requirements').where('document_id', '=', documentId).execute();
        const side: ContractSide = document.contract_side;
        const own = obligations.filter((o) => isTenantDuty(o, side));
        const repeated = await findRepeatedContract(tx, tenantId, documentId, own.map((o) => o.text));
        const linked = await storeObligations(tx, { tenantId, organizationId: document.organization_id, documentId, side, repeated, decisions }, obligations);
        await tx
          .updateTable('documents')
          .set({
            status: 'completed',
            error: null,
            analyzed_at: new Date(),
            analysis_provider: provider,
            analysis_model: model,
            provider_name: parties.provider,
            customer_name: parties.customer,
            duplicate_of: repeated?.id ?? null,
          })
          .where('id', '=', documentId)
          .execute();
        return { linked, repeated, theirs: obligations.length - own.length };
      });
      await ctx.progress('Finalizing analysis', 95);
      const repeatNote = outcome.repeated ? `; repeats contract "${outcome.repeated.name}"` : '';
      await auditAnalysis(
        db,
        document,
        'analyze_contract',
        { provider, model },
        `Contract "${document.name}": ${outcome.linked.size} requirements from ${obligations.length} obligations (${outcome.theirs} of the other party)${repeatNote}`,
      );
      return {
        result: { requirement_count: outcome.linked.size, obligation_count: obligations.length, other_party_count: outcome.theirs, duplicate_of: outcome.repeated?.id ?? null },
        provider,
        model,
      };
    } catch (error) {
      await markFailed(db, tenantId, documentId, error);
      throw error;
    }
  };
}

type Decision = { review_state: ReviewState; reviewed_by: string | null; reviewed_at: Date | null };
type Target = { tenantId: string; organizationId: string; documentId: string; side: ContractSide; repeated: EarlierContract | null; decisions: Map<string, Decision> };

/** The Editor's decisions on a contract's obligations, by the obligation's words, to survive re-analysis. */
async function listObligationDecisions(tx: Tx, documentId: string): Promise<Map<string, Decision>> {
  const rows = await tx
    .selectFrom('contract_obligations')
    .select(['text', 'review_state', 'reviewed_by', 'reviewed_at'])
    .where('document_id', '=', documentId)
    .where('review_state', '<>', 'suggested')
    .execute();
  return new Map(rows.map((r) => [obligationKey(r.text), { review_state: r.review_state, reviewed_by: r.reviewed_by, reviewed_at: r.reviewed_at }]));
}

/** Stores every obligation; returns the requirements the tenant's own duties became. */
async function storeObligations(tx: Tx, target: Target, obligations: readonly Obligation[]): Promise<Set<string>> {
  const { tenantId, organizationId, documentId, side, repeated, decisions } = target;
  const catalogRows = await tx.selectFrom('tenant_requirements').select(['id', 'catalog_key']).where('tenant_id', '=', tenantId).where('catalog_key', 'is not', null).execute();
  const byKey = new Map(catalogRows.map((r) => [r.catalog_key!, r.id]));
  const linked = new Set<string>();
  for (const [ordinal, obligation] of obligations.entries()) {
    let requirementId: string | null = null;
    if (isTenantDuty(obligation, side)) {
      requirementId =
        (obligation.match.requirement_key ? byKey.get(obligation.match.requirement_key) : undefined) ??
        repeated?.requirementByKey.get(obligationKey(obligation.text)) ??
        (await createContractRequirement(tx, target, obligation));
      linked.add(requirementId);
    }
    await tx
      .insertInto('contract_obligations')
      .values({
        tenant_id: tenantId,
        organization_id: organizationId,
        document_id: documentId,
        ordinal,
        clause: obligation.clause,
        text: obligation.text,
        domain_number: obligation.domain_number,
        confidence: obligation.confidence,
        tenant_requirement_id: requirementId,
        party: obligation.party,
        ...decisions.get(obligationKey(obligation.text)),
      })
      .execute();
  }
  return linked;
}

async function createContractRequirement(tx: Tx, target: Target, obligation: Obligation): Promise<string> {
  const created = await tx
    .insertInto('tenant_requirements')
    .values({
      tenant_id: target.tenantId,
      organization_id: target.organizationId,
      source_type: 'contract',
      text: obligation.text,
      domain_number: obligation.domain_number,
      priority: 'Medium',
      document_id: target.documentId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}
