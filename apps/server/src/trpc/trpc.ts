import { TRPCError, initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { idSchema } from '@compliance/contracts/common';
import { narrowToEditor, narrowToOrgAdmin, narrowToOrgManager, narrowToProductAdmin } from '@compliance/domain/access/scopes';
import { resolveTenantId } from '@compliance/domain/access/tenant-resolution';
import { actorFromSession } from '@compliance/domain/auth/session-service';
import { assertCsrf, assertSameOrigin, isMutation } from '../http/authenticate';
import { requestedTenant } from '../http/requested-tenant';
import { mfaEnrollmentRefusal } from '../http/resolve-session';
import type { Context } from './context';
import { errorDetail, toTRPCError } from '../http/error-map';
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

/** A call that changes state: a mutation, or any request that is not GET, HEAD or OPTIONS. */
const changesState = (ctx: Context, type: string) => type === 'mutation' || isMutation(ctx.req);

export const publicProcedure = t.procedure.use(mapErrors).use(async ({ ctx, type, next, getRawInput }) => {
  if (changesState(ctx, type)) assertSameOrigin(ctx.req);
  const problem = findInputProblem(await getRawInput());
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  return next();
});

/**
 * Requires a session or a personal API token; cookie-authenticated state changes must echo the
 * session's CSRF token. The same checks as every other edge (http/authenticate.ts).
 */
const signedInProcedure = publicProcedure.use(({ ctx, type, next }) => {
  const { session } = ctx;
  if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authFailure });
  if (changesState(ctx, type)) assertCsrf(ctx.req, session);
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

/**
 * Changes one tenant's data: the tenant as tenantProcedure resolves it, and the caller an Editor or more
 * there (else 403 'Viewers can read this tenant but not change it'). The check runs once, here, and leaves
 * ctx.editor, the EditorScope the services that change a tenant's data take instead of an actor.
 */
export const editorProcedure = tenantProcedure.use(({ ctx, next }) => next({ ctx: { editor: narrowToEditor(ctx.actor, ctx.tenantId) } }));

/**
 * Product administrators only (else 403 with the refusal given, e.g. 'Only product administrators can
 * create organizations'). The check runs once, here, and leaves ctx.productAdmin, the ProductAdminScope the
 * services behind it take instead of an actor.
 */
export const productAdminProcedure = (refusal: string) =>
  authedProcedure.use(({ ctx, next }) => next({ ctx: { productAdmin: narrowToProductAdmin(ctx.actor, refusal) } }));

/** The organization a call names (by `id` or `organization_id`), or the 400 the input's own check would give. */
async function namedOrganization(getRawInput: () => Promise<unknown>, field: 'id' | 'organization_id'): Promise<string> {
  const parsed = z.object({ [field]: idSchema }).safeParse(await getRawInput());
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input', cause: parsed.error });
  return parsed.data[field] as string;
}

/**
 * Works on the organization the input names (`id`): the caller a manager of it or a product administrator,
 * else 404 when they cannot see it and 403 with the refusal given when they can. Leaves ctx.orgManager, the
 * OrgManagerScope the roll-up, the trend and organization administration take.
 */
export const orgManagerProcedure = (refusal: string) =>
  authedProcedure.use(async ({ ctx, next, getRawInput }) =>
    next({ ctx: { orgManager: narrowToOrgManager(ctx.actor, await namedOrganization(getRawInput, 'id'), refusal) } }),
  );

/**
 * Works on the organization the input names (`organization_id`): the caller an Admin member or manager of
 * it, or a product administrator, else 404 when they cannot see it and 403 with the refusal given. Leaves
 * ctx.orgAdmin, the OrgAdminScope that administration inside one organization (creating its tenants) takes.
 */
export const orgAdminProcedure = (refusal: string) =>
  authedProcedure.use(async ({ ctx, next, getRawInput }) =>
    next({ ctx: { orgAdmin: narrowToOrgAdmin(ctx.actor, await namedOrganization(getRawInput, 'organization_id'), refusal) } }),
  );

/** A browser session whose organizations' MFA requirement is met. */
export const sessionProcedure = authedProcedure.use(cookieOnly);

/** Also open to a session that must enrol in MFA first (who am I); never to a token of such a user. */
export const enrollmentProcedure = signedInProcedure.use(mfaGate(true));

/** A browser session, also one that must enrol in MFA first: enrolment itself and logout. */
export const enrollmentSessionProcedure = enrollmentProcedure.use(cookieOnly);
