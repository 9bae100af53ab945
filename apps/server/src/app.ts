import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '@compliance/db/connection-errors';
import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError } from 'fastify';
import { healthRoutes } from './http/health-routes';
import { restPlugin } from './http/rest-plugin';
import { addSecurityHeaders } from './http/security-headers';
import { webPlugin } from './http/web-plugin';
import { genReqId, loggerOptions } from './observability/logging';
import { type ServerMetrics, createServerMetrics } from './observability/metrics';
import { addObservability } from './observability/metrics-routes';
import { queueDashboard } from './observability/queue-dashboard';
import { appRouter } from './routers/app-router';
import { type AppDeps, contextFactory } from './trpc/context';

export interface BuildOptions {
  deps: AppDeps;
  databaseKind: string;
  logger?: boolean;
  /** The process's metrics (start.ts shares them with the in-process queue); a fresh set when omitted. */
  metrics?: ServerMetrics;
  /** Where JSON log lines go (stdout by default; tests capture them). */
  logStream?: NodeJS.WritableStream;
}

/** The whole HTTP surface: health, /trpc, the /api REST facade and the web app. */
export async function buildApp({ deps, databaseKind, logger = true, metrics = createServerMetrics(), logStream }: BuildOptions) {
  const app = Fastify({
    logger: logger ? loggerOptions(deps.config.logLevel, logStream) : false,
    genReqId,
    routerOptions: { maxParamLength: 5000, ignoreTrailingSlash: true },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  addSecurityHeaders(app);
  metrics.watchQueue(deps.queue, deps.db);
  addObservability(app, { metrics, token: deps.config.metricsToken });
  await app.register(cookie);

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send({ detail: DATABASE_UNAVAILABLE, code: 'UNAVAILABLE' });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    const detail = status >= 500 ? 'Internal server error' : error.message;
    return reply.code(status).send({ detail });
  });

  await app.register(healthRoutes, { deps, databaseKind });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory(deps),
      onError: ({ error, req }: { error: { code: string; cause?: unknown }; req?: { log?: typeof app.log } }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') (req?.log ?? app.log).error({ err: error.cause ?? error }, 'tRPC call failed');
      },
    },
  });
  await app.register(restPlugin, { prefix: '/api', deps });
  await app.register(queueDashboard, { deps });
  await app.register(webPlugin, { webDist: deps.config.webDist });
  return app;
}
