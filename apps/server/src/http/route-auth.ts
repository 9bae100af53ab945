import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveTenantId } from '@compliance/domain/access/tenant-resolution';
import { actorFromSession } from '@compliance/domain/auth/session-service';
import { AppError, APP_ERROR_STATUS } from '@compliance/domain/errors';
import type { AppDeps } from '../trpc/context';
import { authenticate } from './authenticate';
import { requestedTenant } from './requested-tenant';

/**
 * The checks a procedure gets from its builders, for plain routes (uploads, downloads, exports): the
 * one authentication (authenticate.ts) and the tenant the call works in.
 */
export async function authenticateRoute(req: FastifyRequest, deps: AppDeps, options: { mutation: boolean }) {
  const session = await authenticate(req, deps, { mutation: options.mutation });
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
