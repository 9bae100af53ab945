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
import { authedProcedure, orgManagerProcedure, productAdminProcedure, router } from '../trpc/trpc';

const tags = ['organizations'];

export const organizationsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/organizations', tags, summary: 'Organizations the caller may see (inactive ones with include_inactive=true)' } })
    .input(organizationListInput)
    .output(organizationListOutput)
    .query(({ ctx, input }) => listVisibleOrganizations(ctx.deps.db, ctx.actor, input?.include_inactive)),

  allCustomers: productAdminProcedure('Only product administrators can list all customers')
    .meta({ openapi: { method: 'GET', path: '/organizations/all-customers', tags, summary: 'Every customer with counts (product admin)' } })
    .input(organizationListInput)
    .output(organizationListOutput)
    .query(({ ctx, input }) => listAllCustomers(ctx.deps.db, ctx.productAdmin, input?.include_inactive)),

  create: productAdminProcedure('Only product administrators can create organizations')
    .meta({ openapi: { method: 'POST', path: '/organizations', tags, summary: 'Create an organization (product admin)' } })
    .input(organizationInput)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => createOrganization(ctx.deps.db, ctx.productAdmin, input)),

  update: orgManagerProcedure('Only a manager of this organization can change it')
    .meta({ openapi: { method: 'PATCH', path: '/organizations/{id}', tags, summary: 'Update an organization' } })
    .input(organizationUpdateInput)
    .output(organizationSchema)
    .mutation(({ ctx, input: { id: _named, ...changes } }) => updateOrganization(ctx.deps.db, ctx.orgManager, changes)),

  delete: productAdminProcedure('Only product administrators can delete organizations')
    .meta({ openapi: { method: 'DELETE', path: '/organizations/{id}', tags, summary: 'Deactivate an organization and its tenants' } })
    .input(idParam)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => deleteOrganization(ctx.deps.db, ctx.productAdmin, input.id)),

  restore: productAdminProcedure('Only product administrators can restore organizations')
    .meta({ openapi: { method: 'POST', path: '/organizations/{id}/restore', tags, summary: 'Restore a deleted organization and the tenants deleted with it (product admin)' } })
    .input(idParam)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => restoreOrganization(ctx.deps.db, ctx.productAdmin, input.id)),
});
