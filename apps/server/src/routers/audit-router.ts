import { auditLogListOutput, auditLogQuery } from '@compliance/contracts/audit';
import { listAuditLogs } from '@compliance/domain/audit/audit-service';
import { authedProcedure, router } from '../trpc/trpc';

export const auditRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/audit-logs', tags: ['audit'], summary: 'The audit trail the caller may see' } })
    .input(auditLogQuery)
    .output(auditLogListOutput)
    .query(({ ctx, input }) => listAuditLogs(ctx.deps.db, ctx.actor, input)),
});
