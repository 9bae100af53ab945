import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import type { AuthenticatedSession } from '@compliance/domain/auth/session-service';
import type { AiEngine } from '@compliance/ai/engine';
import type { JobChanges } from '@compliance/domain/jobs/job-changes';
import type { ReportCache } from '@compliance/domain/reports/report-cache';
import type { JobQueue } from '@compliance/domain/jobs/job-queue';
import type { ServerConfig } from '../env';
import { resolveSession } from '../http/resolve-session';
import { toTRPCError } from '../http/error-map';

export interface AppDeps {
  db: Kysely<Database>;
  config: ServerConfig;
  queue: JobQueue;
  /** Wakes job waiters (REST wait, progress subscription) when a job row changes. */
  jobChanges: JobChanges;
  /** Recent dashboards and roll-ups, dropped as the database announces changes (and after this server's own). */
  reports: ReportCache;
  engine: AiEngine;
}

export interface Context {
  req: FastifyRequest;
  res: FastifyReply;
  deps: AppDeps;
  session: AuthenticatedSession | null;
  /** The 401 detail when there is no session (why a bearer token was refused). */
  authFailure: string;
  meta: { ip: string; userAgent: string | null };
}

/** One context for both transports: /trpc and the REST facade hand us Fastify's request and reply. */
export function contextFactory(deps: AppDeps) {
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    const { session, failure } = await resolveSession(req, deps.db, deps.config.sessionLifetime).catch((error: unknown) => {
      // Identity is read before any procedure runs: an unreachable database is a 503 here too.
      throw toTRPCError(error) ?? error;
    });
    return {
      req,
      res,
      deps,
      session,
      authFailure: failure,
      meta: { ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
    };
  };
}
