import { TRPCError, initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Actor } from '@compliance/domain/access/actor';
import { resolveTenantId } from '@compliance/domain/access/tenant-resolution';
import { currentSelection } from '@compliance/domain/auth/session-service';
import { CSRF_HEADER } from '../http/cookies';
import type { Context } from './context';
import { errorDetail, toTRPCError } from './errors';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const detail = errorDetail(error);
      return {
        message: detail,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, detail },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = toTRPCError(result.error.cause);
    if (mapped) throw mapped;
  }
  return result;
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing call must come from our own pages: same origin when the browser says where it came from. */
function assertSameOrigin(ctx: Context) {
  const origin = ctx.req.headers.origin;
  if (!origin) return;
  const host = ctx.req.headers['x-forwarded-host'] ?? ctx.req.headers.host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
  }
  if (originHost !== host) throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
}

export const publicProcedure = t.procedure.use(mapErrors).use(({ ctx, type, next }) => {
  if (type === 'mutation' || !SAFE_METHODS.has(ctx.req.method)) assertSameOrigin(ctx);
  return next();
});

/** Requires a session; cookie-authenticated mutations must echo the session's CSRF token. */
export const authedProcedure = publicProcedure.use(({ ctx, type, next }) => {
  const { session } = ctx;
  if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated. Please log in.' });
  if (type === 'mutation' || !SAFE_METHODS.has(ctx.req.method)) {
    if (ctx.req.headers[CSRF_HEADER] !== session.csrfToken) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Missing or invalid CSRF token. Reload the page and try again.' });
    }
  }
  const selection = currentSelection(session);
  const actor: Actor = {
    caller: session.caller,
    ip: ctx.meta.ip,
    currentOrganizationId: selection.current_organization_id,
    currentTenantId: selection.current_tenant_id,
  };
  return next({ ctx: { session, actor } });
});

function requestedTenant(ctx: Context): string | null {
  const header = ctx.req.headers['x-tenant-id'];
  const query = (ctx.req.query as Record<string, unknown> | undefined)?.tenant_id;
  const value = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  if (!value) return null;
  if (!/^[0-9a-f-]{36}$/i.test(value)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'tenant_id must be a valid id' });
  return value;
}

/** Works inside one tenant: the one the call names (checked against access) or the session's current one. */
export const tenantProcedure = authedProcedure.use(({ ctx, next }) => {
  const tenantId = resolveTenantId(ctx.actor.caller, requestedTenant(ctx), ctx.actor.currentTenantId);
  return next({ ctx: { tenantId } });
});
