import cookie from '@fastify/cookie';
import { TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { TrustProxy } from './trust-proxy';
import Fastify, { type FastifyError, type RouteOptions } from 'fastify';
import { invalidateCallerCache } from '@compliance/domain/access/caller-cache';
import { isMutation } from './http/authenticate';
import { errorAnswer } from './http/error-map';
import { healthRoutes } from './http/health-routes';
import { addRequestLimits } from './http/request-limits';
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
  /** Told of every route as it registers, before any plugin adds one (tests list the whole surface with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Seconds a client should wait before retrying a 503. */
const RETRY_AFTER_SECONDS = '5';

/** A hop count as a trust function (hop 0 is the socket's peer): the last N hops are proxies. */
function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The whole HTTP surface: health, /trpc, the /api REST facade and the web app. */
export async function buildApp({ deps, databaseKind, logger = true, metrics = createServerMetrics(), logStream, onRoute }: BuildOptions) {
  const app = Fastify({
    logger: logger ? loggerOptions(deps.config.logLevel, logStream) : false,
    genReqId,
    routerOptions: { maxParamLength: 5000, ignoreTrailingSlash: true },
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  addSecurityHeaders(app, { https: deps.config.secureCookies });
  // Every 503 (database down, not ready) tells clients when to try again; /trpc sets it in responseMeta.
  app.addHook('onSend', async (req, reply, payload) => {
    // A state change may alter who may do what (memberships, roles, grants, sessions) and what a dashboard
    // shows: resolved callers and reports are read again, before whoever made the change can ask.
    if (isMutation(req)) {
      invalidateCallerCache();
      deps.reports.forgetAll();
    }
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', RETRY_AFTER_SECONDS);
    return payload;
  });
  metrics.watchQueue(deps.queue, deps.db);
  addObservability(app, { metrics, token: deps.config.metricsToken });
  await app.register(cookie);
  // After the cookie parser: the per-user limit reads the session.
  await addRequestLimits(app, deps);

  // The one error handler: plain routes throw, the REST bridge hands its errors here (rest-plugin.ts),
  // and http/error-map.ts decides the status and the {detail, code} body.
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const { status, body } = errorAnswer(error);
    const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
    if (status === 503) req.log.warn({ err: cause }, 'unavailable (database down or not ready)');
    else if (status >= 500) req.log.error({ err: cause }, 'request failed');
    return reply.code(status).send(body);
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
      responseMeta: ({ errors }: { errors: { code: string }[] }) =>
        errors.some((error) => error.code === 'SERVICE_UNAVAILABLE') ? { headers: { 'retry-after': RETRY_AFTER_SECONDS } } : {},
    },
  });
  await app.register(restPlugin, { prefix: '/api', deps });
  await app.register(queueDashboard, { deps });
  await app.register(webPlugin, { webDist: deps.config.webDist });
  return app;
}
