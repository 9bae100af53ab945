import { jobIdInput, jobStateSchema } from '@compliance/contracts/documents';
import { getJobState, watchJob } from '@compliance/domain/jobs/job-service';
import { toTRPCError } from '../http/error-map';
import { router, tenantProcedure } from '../trpc/trpc';

export const jobsRouter = router({
  get: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/jobs/{id}', tags: ['jobs'], summary: 'The state of an analysis job' } })
    .input(jobIdInput)
    .output(jobStateSchema)
    .query(({ ctx, input }) => getJobState(ctx.deps.db, ctx.actor.caller, ctx.tenantId, input.id)),

  /** Live progress over server-sent events: a new state each time the stage or percent changes. */
  progress: tenantProcedure.input(jobIdInput).subscription(async function* ({ ctx, input, signal }) {
    try {
      for await (const state of watchJob(ctx.deps.db, ctx.deps.jobChanges, ctx.actor.caller, ctx.tenantId, input.id, { signal })) yield state;
    } catch (error) {
      // Errors raised while streaming come after the middleware chain has returned: map them here.
      throw toTRPCError(error) ?? error;
    }
  }),
});
