import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { domainsQuery, frameworksQuery } from '@compliance/contracts/requirements';
import { resolveTenantId } from '@compliance/domain/access/tenant-resolution';
import { actorFromSession, authenticate } from '@compliance/domain/auth/session-service';
import { AppError, APP_ERROR_STATUS } from '@compliance/domain/errors';
import { type ExportFile, exportExecutiveSummary, exportGapAnalysis, exportRequirementsCsv } from '@compliance/domain/reports/export-service';
import type { AppDeps } from '../trpc/context';
import { describeZodError } from '../trpc/errors';
import { SESSION_COOKIE } from './cookies';
import { requestedTenant } from './requested-tenant';

const exportQuery = z.object({ domains: domainsQuery, frameworks: frameworksQuery, tenant_id: z.string().optional() });

/**
 * File downloads (CSV and PDF) are plain routes (the browser opens them in a new window); they use the
 * same session, tenant resolution and services as the procedures. Without tenant_id they export the
 * session's current tenant.
 */
export async function exportRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  async function prepare(req: FastifyRequest) {
    const token = req.cookies?.[SESSION_COOKIE];
    const session = token ? await authenticate(opts.deps.db, token) : null;
    if (!session) throw new AppError('UNAUTHORIZED', 'Not authenticated. Please log in.');
    const parsed = exportQuery.safeParse(req.query ?? {});
    if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
    const actor = actorFromSession(session, req.ip);
    const tenantId = resolveTenantId(actor.caller, requestedTenant(req), actor.currentTenantId);
    return { actor, tenantId, query: parsed.data };
  }

  async function send(reply: FastifyReply, file: () => Promise<ExportFile>) {
    try {
      const result = await file();
      return reply
        .header('content-type', result.contentType)
        .header('content-disposition', `attachment; filename="${result.filename}"`)
        .header('cache-control', 'no-store')
        .send(result.body);
    } catch (error) {
      if (error instanceof AppError) return reply.code(APP_ERROR_STATUS[error.code]).send({ detail: error.detail, code: error.code });
      throw error;
    }
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
