import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveTenantId } from '@compliance/domain/access/tenant-resolution';
import { actorFromSession } from '@compliance/domain/auth/session-service';
import { AppError, APP_ERROR_STATUS } from '@compliance/domain/errors';
import type { AppDeps } from '../trpc/context';
import { CSRF_HEADER } from './cookies';
import { requestedTenant } from './requested-tenant';
import { mfaEnrollmentRefusal, resolveSession } from './resolve-session';

/**
 * The checks a procedure gets from its builders, for plain routes (uploads, downloads, exports):
 * a session or API token, the CSRF token and same origin on cookie state changes, and the tenant the call works in.
 */
export async function authenticateRoute(req: FastifyRequest, deps: AppDeps, options: { mutation: boolean }) {
  const { session, failure } = await resolveSession(req, deps.db, deps.config.sessionLifetime);
  if (!session) throw new AppError('UNAUTHORIZED', failure);
  const enrollFirst = mfaEnrollmentRefusal(session);
  if (enrollFirst) throw new AppError('FORBIDDEN', enrollFirst);
  if (options.mutation && session.via === 'cookie') {
    if (req.headers[CSRF_HEADER] !== session.csrfToken) {
      throw new AppError('FORBIDDEN', 'Missing or invalid CSRF token. Reload the page and try again.');
    }
    const origin = req.headers.origin;
    if (origin) {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== (req.headers['x-forwarded-host'] ?? req.headers.host)) throw new AppError('FORBIDDEN', 'Cross-site request refused');
    }
  }
  const actor = actorFromSession(session, req.ip);
  const tenantId = resolveTenantId(actor.caller, requestedTenant(req), actor.currentTenantId);
  return { actor, tenantId };
}

/** Answers an AppError as {detail, code} with its status; anything else goes to the error handler. */
export async function answer(reply: FastifyReply, run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) return reply.code(APP_ERROR_STATUS[error.code]).send({ detail: error.detail, code: error.code });
    throw error;
  }
}
