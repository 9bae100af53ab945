import rateLimit from '@fastify/rate-limit';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { TRPC_MAX_BATCH } from '@compliance/contracts/common';
import type { AppDeps } from '../trpc/context';
import { resolveSession } from './resolve-session';

/** What the limits cover: the procedures and the REST facade (health, metrics and the web files are left alone). */
const LIMITED_PATH = /^\/(api|trpc)(\/|$|\?)/;
const TRPC_BATCH = /^\/trpc\/([^?]*)\?(?:.*&)?batch=1(&|$)/;

export const tooManyRequests = (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`;
export const batchTooLarge = (calls: number) =>
  `A batch may carry at most ${TRPC_MAX_BATCH} calls; this one carried ${calls}. Send the others in another request.`;

type Refusal = { status: 400 | 429; code: 'BAD_REQUEST' | 'TOO_MANY_REQUESTS'; detail: string };

/**
 * Answers a refusal before any procedure runs: {detail, code} like every REST error, and under /trpc the
 * error envelope the tRPC client reads (one per call of a batch).
 */
function refuse(req: FastifyRequest, reply: FastifyReply, refusal: Refusal, calls: number) {
  reply.code(refusal.status);
  if (!req.url.startsWith('/trpc')) return reply.send({ detail: refusal.detail, code: refusal.code });
  const error = {
    error: {
      message: refusal.detail,
      code: TRPC_ERROR_CODES_BY_KEY[refusal.code],
      data: { code: refusal.code, httpStatus: refusal.status, detail: refusal.detail },
    },
  };
  return reply.send(TRPC_BATCH.test(req.url) ? Array.from({ length: Math.min(calls, TRPC_MAX_BATCH) }, () => error) : error);
}

/**
 * Request limits of ASVS V11/V13 with @fastify/rate-limit: per client address and per signed-in user
 * (session or API token) within a fixed window, counted in Redis when REDIS_URL is set (so every
 * server instance shares them) and in memory otherwise; past a limit 429 with Retry-After. A batched
 * /trpc request carrying more than TRPC_MAX_BATCH calls is refused (400) before any runs.
 */
export async function addRequestLimits(app: FastifyInstance, deps: AppDeps) {
  const { perUser, perAddress, windowSeconds } = deps.config.rateLimit;
  // Without the offline queue a count Redis cannot take fails at once, and skipOnError lets the request
  // through: a Redis outage neither slows nor stops the product.
  const redis = deps.config.redisUrl
    ? new Redis(deps.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit store unavailable'));
    await redis.connect().catch(() => undefined);
    app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    redis,
    nameSpace: `${deps.config.queuePrefix ?? 'compliance'}:rate-limit:`,
  });
  const timeWindow = windowSeconds * 1000;
  const byAddress = app.createRateLimit({ max: perAddress, timeWindow, keyGenerator: (req) => `address:${req.ip}` });
  const byUser = app.createRateLimit({
    max: perUser,
    timeWindow,
    keyGenerator: async (req) => {
      const { session } = await resolveSession(req, deps.db, deps.config.sessionLifetime);
      return `user:${session?.caller.user.id ?? 'none'}`;
    },
    allowList: (_req, key) => key === 'user:none',
  });

  app.addHook('onRequest', async (req, reply) => {
    if (!LIMITED_PATH.test(req.url)) return;
    const batch = TRPC_BATCH.exec(req.url);
    const calls = batch ? batch[1]!.split(/,|%2C/i).length : 1;
    if (calls > TRPC_MAX_BATCH) return refuse(req, reply, { status: 400, code: 'BAD_REQUEST', detail: batchTooLarge(calls) }, calls);
    for (const [limit, check] of [
      [perAddress, byAddress],
      [perUser, byUser],
    ] as const) {
      if (limit === 0) continue;
      const outcome = await check(req);
      if (outcome.isAllowed || !outcome.isExceeded) continue;
      reply.header('retry-after', outcome.ttlInSeconds);
      return refuse(req, reply, { status: 429, code: 'TOO_MANY_REQUESTS', detail: tooManyRequests(outcome.ttlInSeconds) }, calls);
    }
  });
}
