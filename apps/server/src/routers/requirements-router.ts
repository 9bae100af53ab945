import { z } from 'zod';
import {
  assignRequirementsInput,
  assignRequirementsOutput,
  ownerListOutput,
  requirementIdInput,
  requirementListInput,
  requirementListOutput,
  requirementSchema,
  statsOutput,
  updateResponseInput,
} from '@compliance/contracts/requirements';
import {
  getRequirement,
  getTenantStats,
  listRequirementOwners,
  listRequirementPage,
  listRequirements,
  updateRequirementResponse,
} from '@compliance/domain/requirements/requirement-service';
import { generateResponseOutput, requirementEvidenceOutput } from '@compliance/contracts/documents';
import { listRequirementEvidence } from '@compliance/domain/documents/document-service';
import { generateSuggestedResponse } from '@compliance/domain/requirements/suggestion-service';
import { assignRequirements } from '@compliance/domain/requirements/assignment-service';
import { requirementPageInput, requirementPageOutput } from '@compliance/contracts/requirement-pages';
import { serverBuiltOutput } from '../trpc/server-built-output';
import { editorProcedure, router, tenantProcedure } from '../trpc/trpc';

const tags = ['requirements'];
const tenantOnly = z.object({ tenant_id: z.uuid().optional() }).optional();

/** What the list procedures check of their answers at run time: the rows come from one typed mapper (server-built-output.ts). */
const requirementPageEnvelope = z.object({ items: z.array(z.unknown()), next_cursor: z.string().nullable(), totals: z.unknown() });

export const requirementsRouter = router({
  list: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/requirements', tags, summary: "The tenant's requirements (domains, frameworks, status: comma-joined; owner: a user id or me; overdue=true)" } })
    .input(requirementListInput)
    .output(serverBuiltOutput(requirementListOutput, z.array(z.unknown())))
    .query(({ ctx, input }) => listRequirements(ctx.deps.db, ctx.actor, ctx.tenantId, input)),

  page: tenantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/requirements/page',
        tags,
        summary: 'A page of the tenant\'s requirements in list order (the filters of GET /requirements; limit, default 50; cursor: the next_cursor of the page before)',
      },
    })
    .input(requirementPageInput)
    .output(serverBuiltOutput(requirementPageOutput, requirementPageEnvelope))
    .query(({ ctx, input }) => listRequirementPage(ctx.deps.db, ctx.actor, ctx.tenantId, input)),

  stats: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/requirements/stats', tags, summary: 'Contracts analysed and evidence uploaded' } })
    .input(tenantOnly)
    .output(statsOutput)
    .query(({ ctx }) => getTenantStats(ctx.deps.db, ctx.actor, ctx.tenantId)),

  owners: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/requirements/owners', tags, summary: 'People who can own a requirement of the tenant' } })
    .input(tenantOnly)
    .output(ownerListOutput)
    .query(({ ctx }) => listRequirementOwners(ctx.deps.db, ctx.actor, ctx.tenantId)),

  evidence: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/requirements/{id}/evidence', tags, summary: 'The evidence supporting a requirement, with excerpts' } })
    .input(requirementIdInput)
    .output(requirementEvidenceOutput)
    .query(({ ctx, input }) => listRequirementEvidence(ctx.deps.db, ctx.actor, ctx.tenantId, input.id)),

  generateResponse: editorProcedure
    .meta({ openapi: { method: 'POST', path: '/requirements/{id}/generate-response', tags, summary: 'Suggest a response from the linked evidence' } })
    .input(requirementIdInput)
    .output(generateResponseOutput)
    .mutation(({ ctx, input }) => generateSuggestedResponse(ctx.deps.db, ctx.deps.engine, ctx.editor, input.id)),

  get: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/requirements/{id}', tags, summary: 'One requirement' } })
    .input(requirementIdInput)
    .output(requirementSchema)
    .query(({ ctx, input }) => getRequirement(ctx.deps.db, ctx.actor, ctx.tenantId, input.id)),

  updateResponse: editorProcedure
    .meta({ openapi: { method: 'PATCH', path: '/requirements/{id}/response', tags, summary: 'Save the response, status, owner and due date' } })
    .input(updateResponseInput)
    .output(requirementSchema)
    .mutation(({ ctx, input }) => updateRequirementResponse(ctx.deps.db, ctx.editor, input)),

  assign: editorProcedure
    .meta({ openapi: { method: 'POST', path: '/requirements/assign', tags, summary: 'Give several requirements one owner and/or due date' } })
    .input(assignRequirementsInput)
    .output(assignRequirementsOutput)
    .mutation(({ ctx, input }) => assignRequirements(ctx.deps.db, ctx.editor, input)),
});
