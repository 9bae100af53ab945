import type { Kysely } from 'kysely';
import type { AiEngine } from '@compliance/ai/engine';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import type { JobProcessor } from '../jobs/job-runner';
import { listCatalogCandidates } from './analysis-candidates';
import { auditAnalysis, engineProgress, jobScope, loadDocumentText, markFailed } from './analysis-context';

/**
 * Contract analysis: extract the obligations, link each to the catalog requirement it matches or add it
 * as a tenant requirement with source Contract. Earlier results of the same document are replaced in
 * the same transaction, so a retry or a re-run never duplicates them.
 */
export function createContractProcessor(db: Kysely<Database>, engine: AiEngine): JobProcessor<'analyze-contract'> {
  return async ({ documentId, tenantId }, ctx) => {
    try {
      const { document, text } = await loadDocumentText(db, tenantId, documentId, ctx);
      const candidates = await withScope(db, jobScope(tenantId), (tx) => listCatalogCandidates(tx, tenantId));
      await ctx.progress('Analyzing with AI batch 1/1', 30);
      const { obligations, provider, model } = await engine.extractObligations({ text, requirements: candidates }, { signal: ctx.signal, onProgress: engineProgress(ctx) });
      await ctx.progress('Matching requirements', 85);
      const requirementIds = await withScope(db, jobScope(tenantId), async (tx) => {
        await tx.deleteFrom('contract_obligations').where('document_id', '=', documentId).execute();
        await tx.deleteFrom('tenant_requirements').where('document_id', '=', documentId).execute();
        const catalogRows = await tx.selectFrom('tenant_requirements').select(['id', 'catalog_key']).where('tenant_id', '=', tenantId).where('catalog_key', 'is not', null).execute();
        const byKey = new Map(catalogRows.map((r) => [r.catalog_key!, r.id]));
        const linked = new Set<string>();
        for (const [ordinal, obligation] of obligations.entries()) {
          let requirementId = obligation.match.requirement_key ? byKey.get(obligation.match.requirement_key) : undefined;
          if (!requirementId) {
            const created = await tx
              .insertInto('tenant_requirements')
              .values({
                tenant_id: tenantId,
                organization_id: document.organization_id,
                source_type: 'contract',
                text: obligation.text,
                domain_number: obligation.domain_number,
                priority: 'Medium',
                document_id: documentId,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            requirementId = created.id;
          }
          linked.add(requirementId);
          await tx
            .insertInto('contract_obligations')
            .values({
              tenant_id: tenantId,
              organization_id: document.organization_id,
              document_id: documentId,
              ordinal,
              clause: obligation.clause,
              text: obligation.text,
              domain_number: obligation.domain_number,
              confidence: obligation.confidence,
              tenant_requirement_id: requirementId,
            })
            .execute();
        }
        await tx
          .updateTable('documents')
          .set({ status: 'completed', error: null, analyzed_at: new Date(), analysis_provider: provider, analysis_model: model })
          .where('id', '=', documentId)
          .execute();
        return linked;
      });
      await ctx.progress('Finalizing analysis', 95);
      await auditAnalysis(db, document, 'analyze_contract', { provider, model }, `Contract "${document.name}": ${requirementIds.size} requirements from ${obligations.length} obligations`);
      return { result: { requirement_count: requirementIds.size, obligation_count: obligations.length }, provider, model };
    } catch (error) {
      await markFailed(db, tenantId, documentId, error);
      throw error;
    }
  };
}
