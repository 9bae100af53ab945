import { TRPCError, initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { resolveTenantId } from '@compliance/domain/access/tenant-resolution';
import { actorFromSession } from '@compliance/domain/auth/session-service';
import { CSRF_HEADER } from '../http/cookies';
import { requestedTenant } from '../http/requested-tenant';
import { mfaEnrollmentRefusal } from '../http/resolve-session';
import type { Context } from './context';
import { errorDetail, toTRPCError } from './errors';
import { findInputProblem } from './input-guard';

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
  let sameHost = false;
  try {
    const originUrl = new URL(origin);
    // Read the Host header the way the Origin was read, so "localhost:80" equals "http://localhost".
    sameHost = typeof host === 'string' && new URL(`${originUrl.protocol}//${host}`).host === originUrl.host;
  } catch {
    sameHost = false;
  }
  if (!sameHost) throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
}

export const publicProcedure = t.procedure.use(mapErrors).use(async ({ ctx, type, next, getRawInput }) => {
  if (type === 'mutation' || !SAFE_METHODS.has(ctx.req.method)) assertSameOrigin(ctx);
  const problem = findInputProblem(await getRawInput());
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  return next();
});

/**
 * Requires a session or a personal API token; cookie-authenticated mutations must echo the session's
 * CSRF token (a bearer call carries no cookie, so a foreign page cannot make one for the user).
 */
const signedInProcedure = publicProcedure.use(({ ctx, type, next }) => {
  const { session } = ctx;
  if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authFailure });
  if (session.via === 'cookie' && (type === 'mutation' || !SAFE_METHODS.has(ctx.req.method))) {
    if (ctx.req.headers[CSRF_HEADER] !== session.csrfToken) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Missing or invalid CSRF token. Reload the page and try again.' });
    }
  }
  return next({ ctx: { session, actor: actorFromSession(session, ctx.meta.ip) } });
});

/** Refuses a caller who must enrol in MFA first: a session may only enrol (enrollmentStep), a token nothing. */
const mfaGate = (enrollmentStep: boolean) =>
  t.middleware(({ ctx, next }) => {
    const refusal = ctx.session && mfaEnrollmentRefusal(ctx.session, enrollmentStep);
    if (refusal) throw new TRPCError({ code: 'FORBIDDEN', message: refusal });
    return next();
  });

/** Only a browser session: managing tokens, MFA and the session itself, so a leaked token cannot mint more. */
const cookieOnly = t.middleware(({ ctx, next }) => {
  if (ctx.session?.via !== 'cookie') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'This action needs a signed-in browser session; API tokens cannot perform it.' });
  }
  return next();
});

/** A signed-in caller (session or token) whose organizations' MFA requirement is met. */
export const authedProcedure = signedInProcedure.use(mfaGate(false));

/** Works inside one tenant: the one the call names (checked against access) or the session's current one. */
export const tenantProcedure = authedProcedure.use(async ({ ctx, next, getRawInput }) => {
  const raw = (await getRawInput()) as { tenant_id?: unknown } | undefined;
  const fromInput = raw && typeof raw === 'object' && typeof raw.tenant_id === 'string' ? raw.tenant_id : null;
  const tenantId = resolveTenantId(ctx.actor.caller, requestedTenant(ctx.req, fromInput), ctx.actor.currentTenantId);
  return next({ ctx: { tenantId } });
});

/** A browser session whose organizations' MFA requirement is met. */
export const sessionProcedure = authedProcedure.use(cookieOnly);

/** Also open to a session that must enrol in MFA first (who am I); never to a token of such a user. */
export const enrollmentProcedure = signedInProcedure.use(mfaGate(true));

/** A browser session, also one that must enrol in MFA first: enrolment itself and logout. */
export const enrollmentSessionProcedure = enrollmentProcedure.use(cookieOnly);
