import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportQuery } from '@compliance/contracts/reports';
import { AppError } from '@compliance/domain/errors';
import { type ExportFile, exportExecutiveSummary, exportGapAnalysis, exportRequirementsCsv } from '@compliance/domain/reports/export-service';
import type { AppDeps } from '../trpc/context';
import { describeZodError } from '../trpc/errors';
import { answer, authenticateRoute } from './route-auth';
import { sendFile } from './send-file';

/**
 * File downloads (CSV and PDF) are plain routes (the browser opens them in a new window); they use the
 * same session, tenant resolution and services as the procedures. Without tenant_id they export the
 * session's current tenant.
 */
export async function exportRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  async function prepare(req: FastifyRequest) {
    const { actor, tenantId } = await authenticateRoute(req, opts.deps, { mutation: false });
    const parsed = exportQuery.safeParse(req.query ?? {});
    if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
    return { actor, tenantId, query: parsed.data };
  }

  function send(reply: FastifyReply, file: () => Promise<ExportFile>) {
    return answer(reply, async () => {
      const result = await file();
      return sendFile(reply, result.filename, result.contentType, result.body);
    });
  }

  app.get('/requirements/export/csv', (req, reply) =>
    send(reply, async () => {
      const { actor, tenantId, query } = await prepare(req);
      return exportRequirementsCsv(opts.deps.db, actor, tenantId, { domains: query.domains, frameworks: query.frameworks });
    }),
  );
  app.get('/reports/export/executive-summary', (req, reply) =>
    send(reply, async () => {
      const { actor, tenantId, query } = await prepare(req);
      return exportExecutiveSummary(opts.deps.db, actor, tenantId, query.frameworks);
    }),
  );
  app.get('/reports/export/gap-analysis', (req, reply) =>
    send(reply, async () => {
      const { actor, tenantId, query } = await prepare(req);
      return exportGapAnalysis(opts.deps.db, actor, tenantId, query.frameworks);
    }),
  );
}
