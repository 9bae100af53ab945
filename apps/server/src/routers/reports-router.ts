import { dashboardInput, dashboardOutput, rollupInput, rollupOutput } from '@compliance/contracts/reports';
import { activityInput, activityOutput, organizationTrendInput, trendInput, trendOutput } from '@compliance/contracts/history';
import { getOrganizationTrend, getTenantActivity, getTenantTrend } from '@compliance/domain/history/history-service';
import { getDashboard } from '@compliance/domain/reports/dashboard-service';
import { getOrganizationRollup } from '@compliance/domain/reports/rollup-service';
import { z } from 'zod';
import { serverBuiltOutput } from '../trpc/server-built-output';
import { orgManagerProcedure, router, tenantProcedure } from '../trpc/trpc';

/** The outer shape of a dashboard answer, checked at run time (serverBuiltOutput): computeDashboard builds the rest, typed. */
const dashboardEnvelope = z.object({
  tenant_id: z.string(),
  metrics: z.looseObject({}),
  framework_breakdown: z.array(z.unknown()),
  domain_breakdown: z.array(z.unknown()),
  top_gaps: z.array(z.unknown()),
});

/** The outer shape of a roll-up answer: computeRollup and the roll-up statement build the rest, typed. */
const rollupEnvelope = z.object({
  organization_id: z.string(),
  metrics: z.looseObject({}),
  tenant_snapshots: z.array(z.unknown()),
  top_gaps: z.array(z.unknown()),
});

export const reportsRouter = router({
  dashboard: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/reports/dashboard', tags: ['reports'], summary: "A tenant's dashboard (tenant_id, frameworks)" } })
    .input(dashboardInput)
    .output(serverBuiltOutput(dashboardOutput, dashboardEnvelope))
    .query(({ ctx, input }) =>
      ctx.deps.reports.read({ report: 'dashboard', userId: ctx.actor.caller.user.id, scope: { tenantId: ctx.tenantId }, params: input.frameworks }, () =>
        getDashboard(ctx.deps.db, ctx.actor, ctx.tenantId, input),
      ),
    ),

  rollup: orgManagerProcedure('Only managers of this organization can see its roll-up')
    .meta({ openapi: { method: 'GET', path: '/organizations/{id}/rollup', tags: ['organizations'], summary: 'Executive roll-up of an organization' } })
    .input(rollupInput)
    .output(serverBuiltOutput(rollupOutput, rollupEnvelope))
    .query(({ ctx }) =>
      ctx.deps.reports.read({ report: 'rollup', userId: ctx.actor.caller.user.id, scope: { organizationId: ctx.orgManager.organizationId } }, () =>
        getOrganizationRollup(ctx.deps.db, ctx.orgManager),
      ),
    ),

  trend: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/reports/trend', tags: ['reports'], summary: "A tenant's compliance rate and counts per day over the last `days` days (1-366, default 30)" } })
    .input(trendInput)
    .output(trendOutput)
    .query(({ ctx, input }) => getTenantTrend(ctx.deps.db, ctx.actor, ctx.tenantId, input.days)),

  activity: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/reports/activity', tags: ['reports'], summary: 'What changed in a tenant over the last `days` days (1-366, default 7): status changes, uploads, decisions, who and when' } })
    .input(activityInput)
    .output(activityOutput)
    .query(({ ctx, input }) => getTenantActivity(ctx.deps.db, ctx.actor, ctx.tenantId, input.days)),

  organizationTrend: orgManagerProcedure('Only managers of this organization can see its trend')
    .meta({ openapi: { method: 'GET', path: '/organizations/{id}/trend', tags: ['organizations'], summary: "An organization's compliance trend over its active tenants (managers)" } })
    .input(organizationTrendInput)
    .output(trendOutput)
    .query(({ ctx, input }) => getOrganizationTrend(ctx.deps.db, ctx.orgManager, input.days)),
});
