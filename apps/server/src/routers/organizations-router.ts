import { idParam } from '@compliance/contracts/common';
import {
  organizationInput,
  organizationListInput,
  organizationListOutput,
  organizationSchema,
  organizationUpdateInput,
} from '@compliance/contracts/organizations';
import {
  createOrganization,
  deleteOrganization,
  listAllCustomers,
  listVisibleOrganizations,
  restoreOrganization,
  updateOrganization,
} from '@compliance/domain/organizations/organization-service';
import { authedProcedure, router } from '../trpc/trpc';

const tags = ['organizations'];

export const organizationsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/organizations', tags, summary: 'Organizations the caller may see (inactive ones with include_inactive=true)' } })
    .input(organizationListInput)
    .output(organizationListOutput)
    .query(({ ctx, input }) => listVisibleOrganizations(ctx.deps.db, ctx.actor, input?.include_inactive)),

  allCustomers: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/organizations/all-customers', tags, summary: 'Every customer with counts (product admin)' } })
    .input(organizationListInput)
    .output(organizationListOutput)
    .query(({ ctx, input }) => listAllCustomers(ctx.deps.db, ctx.actor, input?.include_inactive)),

  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/organizations', tags, summary: 'Create an organization (product admin)' } })
    .input(organizationInput)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => createOrganization(ctx.deps.db, ctx.actor, input)),

  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/organizations/{id}', tags, summary: 'Update an organization' } })
    .input(organizationUpdateInput)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => updateOrganization(ctx.deps.db, ctx.actor, input)),

  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/organizations/{id}', tags, summary: 'Deactivate an organization and its tenants' } })
    .input(idParam)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => deleteOrganization(ctx.deps.db, ctx.actor, input.id)),

  restore: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/organizations/{id}/restore', tags, summary: 'Restore a deleted organization and the tenants deleted with it (product admin)' } })
    .input(idParam)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => restoreOrganization(ctx.deps.db, ctx.actor, input.id)),
});
