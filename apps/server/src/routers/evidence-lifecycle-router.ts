import { documentIdInput, evidenceSchema } from '@compliance/contracts/documents';
import { evidenceVersionsOutput, expiringEvidenceInput, expiringEvidenceOutput, updateEvidenceInput } from '@compliance/contracts/evidence';
import { listEvidenceVersions, listExpiringEvidence, updateEvidence } from '@compliance/domain/documents/evidence-service';
import { editorProcedure, tenantProcedure } from '../trpc/trpc';

/** Evidence that is edited, expires and is renewed: the procedures beside the evidence router's own. */
export const evidenceLifecycleProcedures = {
  update: editorProcedure
    .meta({
      openapi: { method: 'PATCH', path: '/evidence/{id}', tags: ['evidence'], summary: "Change an evidence document's name, description, document type or expiry date" },
    })
    .input(updateEvidenceInput)
    .output(evidenceSchema)
    .mutation(({ ctx, input }) => updateEvidence(ctx.deps.db, ctx.editor, input)),

  versions: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/evidence/{id}/versions', tags: ['evidence'], summary: 'The versions of an evidence document, current first' } })
    .input(documentIdInput)
    .output(evidenceVersionsOutput)
    .query(({ ctx, input }) => listEvidenceVersions(ctx.deps.db, ctx.actor, ctx.tenantId, input.id)),

  expiring: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/evidence/expiring', tags: ['evidence'], summary: 'Evidence that has expired or expires within the next N days (default 30)' } })
    .input(expiringEvidenceInput)
    .output(expiringEvidenceOutput)
    .query(({ ctx, input }) => listExpiringEvidence(ctx.deps.db, ctx.actor, ctx.tenantId, input.days)),
};
