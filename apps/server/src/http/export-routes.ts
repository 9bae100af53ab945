import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { exportQuery } from '@compliance/contracts/reports';
import type { Actor } from '@compliance/domain/access/actor';
import { type ExportFile, exportExecutiveSummary, exportGapAnalysis, exportRequirementsCsv } from '@compliance/domain/reports/export-service';
import type { AppDeps } from '../trpc/context';
import { authenticateRoute } from './route-auth';
import { parseInput } from './route-input';
import { sendFile } from './send-file';

type ExportQuery = z.output<typeof exportQuery>;

/**
 * File downloads (CSV and PDF) are plain routes (the browser opens them in a new window); they use the
 * same session, tenant resolution and services as the procedures, and the query is parsed by the
 * contract's `exportQuery`. Without tenant_id they export the session's current tenant.
 */
export async function exportRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { db } = opts.deps;
  const route = (url: string, build: (actor: Actor, tenantId: string, query: ExportQuery) => Promise<ExportFile>) =>
    app.get(url, async (req: FastifyRequest, reply: FastifyReply) => {
      const { actor, tenantId } = await authenticateRoute(req, opts.deps, { mutation: false });
      const file = await build(actor, tenantId, parseInput(exportQuery, req.query));
      return sendFile(reply, file.filename, file.contentType, file.body);
    });

  route('/requirements/export/csv', (actor, tenantId, query) => exportRequirementsCsv(db, actor, tenantId, { domains: query.domains, frameworks: query.frameworks }));
  route('/reports/export/executive-summary', (actor, tenantId, query) => exportExecutiveSummary(db, actor, tenantId, query.frameworks));
  route('/reports/export/gap-analysis', (actor, tenantId, query) => exportGapAnalysis(db, actor, tenantId, query.frameworks));
}
