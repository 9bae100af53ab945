import type { FastifyRequest } from 'fastify';
import { resolveTenantId } from '@compliance/domain/access/tenant-resolution';
import { actorFromSession } from '@compliance/domain/auth/session-service';
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
