import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError } from 'fastify';
import { healthRoutes } from './http/health-routes';
import { restPlugin } from './http/rest-plugin';
import { addSecurityHeaders } from './http/security-headers';
import { webPlugin } from './http/web-plugin';
import { appRouter } from './routers/app-router';
import { type AppDeps, contextFactory } from './trpc/context';

export interface BuildOptions {
  deps: AppDeps;
  databaseKind: string;
  logger?: boolean;
}

/** The whole HTTP surface: health, /trpc, the /api REST facade and the web app. */
export async function buildApp({ deps, databaseKind, logger = true }: BuildOptions) {
  const app = Fastify({
    logger: logger ? { level: deps.config.logLevel } : false,
    routerOptions: { maxParamLength: 5000, ignoreTrailingSlash: true },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  addSecurityHeaders(app);
  await app.register(cookie);

  app.setErrorHandler((error: FastifyError, req, reply) => {
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
      onError: ({ error }: { error: { code: string; cause?: unknown } }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error }, 'tRPC call failed');
      },
    },
  });
  await app.register(restPlugin, { prefix: '/api', deps });
  await app.register(webPlugin, { webDist: deps.config.webDist });
  return app;
}
