import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../trpc/context';

export async function healthRoutes(app: FastifyInstance, opts: { deps: AppDeps; databaseKind: string }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await sql`SELECT 1`.execute(opts.deps.db);
      return { status: 'ready', database: opts.databaseKind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', detail: 'Database is not reachable' });
    }
  });
}
