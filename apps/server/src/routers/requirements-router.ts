import { z } from 'zod';
import {
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
  listRequirements,
  updateRequirementResponse,
} from '@compliance/domain/requirements/requirement-service';
import { router, tenantProcedure } from '../trpc/trpc';

const tags = ['requirements'];
const tenantOnly = z.object({ tenant_id: z.uuid().optional() }).optional();

export const requirementsRouter = router({
  list: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/requirements', tags, summary: "The tenant's requirements (domains, frameworks: comma-joined)" } })
    .input(requirementListInput)
    .output(requirementListOutput)
    .query(({ ctx, input }) => listRequirements(ctx.deps.db, ctx.actor, ctx.tenantId, input)),

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

  get: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/requirements/{id}', tags, summary: 'One requirement' } })
    .input(requirementIdInput)
    .output(requirementSchema)
    .query(({ ctx, input }) => getRequirement(ctx.deps.db, ctx.actor, ctx.tenantId, input.id)),

  updateResponse: tenantProcedure
    .meta({ openapi: { method: 'PATCH', path: '/requirements/{id}/response', tags, summary: 'Save the response, status and owner' } })
    .input(updateResponseInput)
    .output(requirementSchema)
    .mutation(({ ctx, input }) => updateRequirementResponse(ctx.deps.db, ctx.actor, ctx.tenantId, input)),
});
