import {
  contractListOutput,
  documentIdInput,
  evidenceLinksOutput,
  evidenceListOutput,
  obligationListOutput,
  setContractSideInput,
  tenantInput,
} from '@compliance/contracts/documents';
import { successOutput } from '@compliance/contracts/common';
import { approveEvidenceOutput, reviewEvidenceLinkInput, reviewObligationInput, reviewOutput } from '@compliance/contracts/review';
import { approveEvidence, reviewEvidenceLink, reviewObligation } from '@compliance/domain/documents/review-service';
import {
  deleteDocument,
  listContractObligations,
  listContracts,
  listEvidence,
  listEvidenceLinks,
  setContractSide,
} from '@compliance/domain/documents/document-service';
import { editorProcedure, router, tenantProcedure } from '../trpc/trpc';
import { evidenceLifecycleProcedures } from './evidence-lifecycle-router';

export const contractsRouter = router({
  list: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/contracts', tags: ['contracts'], summary: "The tenant's contracts" } })
    .input(tenantInput)
    .output(contractListOutput)
    .query(({ ctx }) => listContracts(ctx.deps.db, ctx.actor, ctx.tenantId)),

  obligations: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/contracts/{id}/obligations', tags: ['contracts'], summary: 'What a contract imposes, clause by clause' } })
    .input(documentIdInput)
    .output(obligationListOutput)
    .query(({ ctx, input }) => listContractObligations(ctx.deps.db, ctx.actor, ctx.tenantId, input.id)),

  reviewObligation: editorProcedure
    .meta({
      openapi: { method: 'PATCH', path: '/contracts/{id}/obligations/{obligation_id}', tags: ['contracts'], summary: 'Accept or reject an obligation the analysis found' },
    })
    .input(reviewObligationInput)
    .output(reviewOutput)
    .mutation(({ ctx, input }) => reviewObligation(ctx.deps.db, ctx.editor, input)),

  setSide: editorProcedure
    .meta({
      openapi: { method: 'PUT', path: '/contracts/{id}/side', tags: ['contracts'], summary: 'Set which side of the contract the tenant is on (re-analyses it)' },
    })
    .input(setContractSideInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const { name, jobId } = await setContractSide(ctx.deps.db, ctx.deps.queue, ctx.editor, input.id, input.side);
      const role = input.side === 'provider' ? 'provider' : 'customer';
      return {
        success: true,
        message: jobId ? `Contract "${name}" is being re-analysed with your organisation as the ${role}` : `Contract "${name}" already treats your organisation as the ${role}`,
      };
    }),

  delete: editorProcedure
    .meta({ openapi: { method: 'DELETE', path: '/contracts/{id}', tags: ['contracts'], summary: 'Delete a contract and everything extracted from it' } })
    .input(documentIdInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const { name } = await deleteDocument(ctx.deps.db, ctx.editor, 'contract', input.id);
      return { success: true, message: `Contract "${name}" deleted successfully` };
    }),
});

export const evidenceRouter = router({
  list: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/evidence', tags: ['evidence'], summary: "The tenant's evidence" } })
    .input(tenantInput)
    .output(evidenceListOutput)
    .query(({ ctx }) => listEvidence(ctx.deps.db, ctx.actor, ctx.tenantId)),

  links: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/evidence/{id}/links', tags: ['evidence'], summary: 'The requirements an evidence document supports' } })
    .input(documentIdInput)
    .output(evidenceLinksOutput)
    .query(({ ctx, input }) => listEvidenceLinks(ctx.deps.db, ctx.actor, ctx.tenantId, input.id)),

  reviewLink: editorProcedure
    .meta({ openapi: { method: 'PATCH', path: '/evidence/{id}/links/{link_id}', tags: ['evidence'], summary: 'Accept or reject a requirement link the analysis proposed' } })
    .input(reviewEvidenceLinkInput)
    .output(reviewOutput)
    .mutation(({ ctx, input }) => reviewEvidenceLink(ctx.deps.db, ctx.editor, input)),

  approve: tenantProcedure
    .meta({ openapi: { method: 'POST', path: '/evidence/{id}/approve', tags: ['evidence'], summary: 'Approve draft evidence (Admins) so its links count as support' } })
    .input(documentIdInput)
    .output(approveEvidenceOutput)
    .mutation(({ ctx, input }) => approveEvidence(ctx.deps.db, ctx.actor, ctx.tenantId, input.id)),

  delete: editorProcedure
    .meta({ openapi: { method: 'DELETE', path: '/evidence/{id}', tags: ['evidence'], summary: 'Delete an evidence document and its links' } })
    .input(documentIdInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const { name } = await deleteDocument(ctx.deps.db, ctx.editor, 'evidence', input.id);
      return { success: true, message: `Evidence "${name}" deleted successfully` };
    }),

  ...evidenceLifecycleProcedures,
});
