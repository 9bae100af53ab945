import { z } from 'zod';
import { idParam } from '@compliance/contracts/common';
import {
  organizationInput,
  organizationListOutput,
  organizationSchema,
  organizationUpdateInput,
} from '@compliance/contracts/organizations';
import {
  createOrganization,
  deleteOrganization,
  listAllCustomers,
  listVisibleOrganizations,
  updateOrganization,
} from '@compliance/domain/organizations/organization-service';
import { authedProcedure, router } from '../trpc/trpc';

const tags = ['organizations'];

export const organizationsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/organizations', tags, summary: 'Organizations the caller may see' } })
    .input(z.void())
    .output(organizationListOutput)
    .query(({ ctx }) => listVisibleOrganizations(ctx.deps.db, ctx.actor)),

  allCustomers: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/organizations/all-customers', tags, summary: 'Every customer with counts (product admin)' } })
    .input(z.void())
    .output(organizationListOutput)
    .query(({ ctx }) => listAllCustomers(ctx.deps.db, ctx.actor)),

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
});
