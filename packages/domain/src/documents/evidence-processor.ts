import type { Kysely } from 'kysely';
import type { AiEngine } from '@compliance/ai/engine';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import type { JobProcessor } from '../jobs/job-runner';
import { listTenantCandidates } from './analysis-candidates';
import { auditAnalysis, engineProgress, jobScope, loadDocumentText, markFailed } from './analysis-context';

/**
 * Evidence analysis: guess the document type and link the tenant requirements the document supports,
 * each with a confidence and the supporting excerpt. Earlier suggested links of the document are replaced,
 * except those carried over from an earlier version of it; links an Editor accepted or rejected are kept as
 * decided (a rejected link does not come back).
 */
export function createEvidenceProcessor(db: Kysely<Database>, engine: AiEngine): JobProcessor<'analyze-evidence'> {
  return async ({ documentId, tenantId }, ctx) => {
    try {
      const { document, text } = await loadDocumentText(db, tenantId, documentId, ctx);
      const candidates = await withScope(db, jobScope(tenantId), (tx) => listTenantCandidates(tx, tenantId));
      await ctx.progress('Analyzing with AI batch 1/1', 30);
      const analysis = await engine.analyzeEvidence({ text, fileName: document.filename, requirements: candidates }, { signal: ctx.signal, onProgress: engineProgress(ctx) });
      await ctx.progress('Matching requirements', 85);
      const known = new Set(candidates.map((c) => c.key));
      const seen = new Set<string>();
      // One link per requirement (the first, most confident one), so the upsert below touches each row once.
      const links = analysis.links.filter((l) => known.has(l.requirement_key) && !seen.has(l.requirement_key) && Boolean(seen.add(l.requirement_key)));
      const linked = await withScope(db, jobScope(tenantId), async (tx) => {
        // Links carried over from an earlier version and links a reviewer decided stay; the analysis refreshes those it finds again.
        await tx.deleteFrom('evidence_links').where('document_id', '=', documentId).where('carried_from', 'is', null).where('review_state', '=', 'suggested').execute();
        if (links.length) {
          await tx
            .insertInto('evidence_links')
            .values(
              links.map((l) => ({
                tenant_id: tenantId,
                organization_id: document.organization_id,
                document_id: documentId,
                tenant_requirement_id: l.requirement_key,
                confidence: l.confidence,
                excerpt: l.excerpt.slice(0, 2000),
              })),
            )
            .onConflict((oc) =>
              oc.columns(['document_id', 'tenant_requirement_id']).doUpdateSet((eb) => ({ confidence: eb.ref('excluded.confidence'), excerpt: eb.ref('excluded.excerpt'), carried_from: null })),
            )
            .execute();
        }
        await tx
          .updateTable('documents')
          .set({
            status: 'completed',
            error: null,
            suggested_document_type: analysis.suggested_document_type,
            analyzed_at: new Date(),
            analysis_provider: analysis.provider,
            analysis_model: analysis.model,
          })
          .where('id', '=', documentId)
          .execute();
        const rejected = await tx.selectFrom('evidence_links').select('tenant_requirement_id').where('document_id', '=', documentId).where('review_state', '=', 'rejected').execute();
        const refused = new Set(rejected.map((r) => r.tenant_requirement_id));
        return links.filter((l) => !refused.has(l.requirement_key)).length;
      });
      await ctx.progress('Finalizing analysis', 95);
      await auditAnalysis(db, document, 'analyze_evidence', analysis, `Evidence "${document.name}": ${linked} requirements linked`);
      return {
        result: { requirement_count: linked, suggested_document_type: analysis.suggested_document_type },
        provider: analysis.provider,
        model: analysis.model,
      };
    } catch (error) {
      await markFailed(db, tenantId, documentId, error);
      throw error;
    }
  };
}
