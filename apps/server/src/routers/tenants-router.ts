import { z } from 'zod';
import { idParam } from '@compliance/contracts/common';
import { tenantInput, tenantListInput, tenantListOutput, tenantSchema, tenantUpdateInput } from '@compliance/contracts/tenants';
import { createTenant, deleteTenant, getCurrentTenant, listVisibleTenants, restoreTenant, updateTenant } from '@compliance/domain/tenants/tenant-service';
import { authedProcedure, orgAdminProcedure, router, tenantProcedure } from '../trpc/trpc';

const tags = ['tenants'];

export const tenantsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/tenants', tags, summary: 'Tenants of an organization (inactive ones with include_inactive=true)' } })
    .input(tenantListInput)
    .output(tenantListOutput)
    .query(({ ctx, input }) => listVisibleTenants(ctx.deps.db, ctx.actor, input.organization_id, input.include_inactive)),

  current: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/tenants/current', tags, summary: 'The tenant this call works in (tenant_id or X-Tenant-Id, else the session\'s)' } })
    .input(z.object({ tenant_id: z.string().optional() }).optional())
    .output(tenantSchema)
    .query(({ ctx }) => getCurrentTenant(ctx.deps.db, ctx.actor.caller, ctx.tenantId)),

  create: orgAdminProcedure('You do not have permission to create tenants in this organization')
    .meta({ openapi: { method: 'POST', path: '/tenants', tags, summary: 'Create a tenant' } })
    .input(tenantInput)
    .output(tenantSchema)
    .mutation(({ ctx, input: { organization_id: _named, ...tenant } }) => createTenant(ctx.deps.db, ctx.orgAdmin, tenant)),

  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/tenants/{id}', tags, summary: 'Update a tenant (its organization cannot change)' } })
    .input(tenantUpdateInput)
    .output(tenantSchema)
    .mutation(({ ctx, input }) => updateTenant(ctx.deps.db, ctx.actor, input)),

  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/tenants/{id}', tags, summary: 'Deactivate a tenant' } })
    .input(idParam)
    .output(tenantSchema)
    .mutation(({ ctx, input }) => deleteTenant(ctx.deps.db, ctx.actor, input.id)),

  restore: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/tenants/{id}/restore', tags, summary: 'Restore a deleted tenant with its data (organization managers)' } })
    .input(idParam)
    .output(tenantSchema)
    .mutation(({ ctx, input }) => restoreTenant(ctx.deps.db, ctx.actor, input.id)),
});
