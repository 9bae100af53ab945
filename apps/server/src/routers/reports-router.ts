import { dashboardInput, dashboardOutput, rollupInput, rollupOutput } from '@compliance/contracts/reports';
import { getDashboard } from '@compliance/domain/reports/dashboard-service';
import { getOrganizationRollup } from '@compliance/domain/reports/rollup-service';
import { authedProcedure, router, tenantProcedure } from '../trpc/trpc';

export const reportsRouter = router({
  dashboard: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/reports/dashboard', tags: ['reports'], summary: "A tenant's dashboard (tenant_id, frameworks)" } })
    .input(dashboardInput)
    .output(dashboardOutput)
    .query(({ ctx, input }) => getDashboard(ctx.deps.db, ctx.actor, ctx.tenantId, input)),

  rollup: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/organizations/{id}/rollup', tags: ['organizations'], summary: 'Executive roll-up of an organization' } })
    .input(rollupInput)
    .output(rollupOutput)
    .query(({ ctx, input }) => getOrganizationRollup(ctx.deps.db, ctx.actor, input.id)),
});
