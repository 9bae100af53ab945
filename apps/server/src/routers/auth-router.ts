import { z } from 'zod';
import { loginStepOutput } from '@compliance/contracts/access';
import {
  loginInput,
  logoutInput,
  meOutput,
  selectOrganizationInput,
  selectTenantInput,
  selectionOutput,
} from '@compliance/contracts/auth';
import { successOutput } from '@compliance/contracts/common';
import {
  currentSelection,
  login,
  logout,
  selectOrganization,
  selectTenant,
} from '@compliance/domain/auth/session-service';
import { toUser } from '@compliance/domain/users/user-mapper';
import { clearSessionCookies, setSessionCookies } from '../http/cookies';
import { authedProcedure, publicProcedure, router, sessionProcedure } from '../trpc/trpc';

const tags = ['auth'];

export const authRouter = router({
  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login', tags, summary: 'Log in; sets the session cookie, or answers the MFA step it waits for' } })
    .input(loginInput)
    .output(loginStepOutput)
    .mutation(async ({ ctx, input }) => {
      const outcome = await login(ctx.deps.db, input, ctx.meta, ctx.deps.config.throttle);
      if (!outcome.session) {
        return outcome.purpose === 'mfa'
          ? { mfa_required: true as const, challenge: outcome.challenge }
          : { mfa_enrollment_required: true as const, challenge: outcome.challenge };
      }
      setSessionCookies(ctx.res, outcome.session, ctx.deps.config.secureCookies);
      return { user: outcome.session.user };
    }),

  logout: sessionProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/logout', tags, summary: 'End the session on the server' } })
    .input(logoutInput)
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await logout(ctx.deps.db, ctx.session, ctx.meta);
      clearSessionCookies(ctx.res, ctx.deps.config.secureCookies);
      return { success: true, message: 'Logged out' };
    }),

  me: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags, summary: 'The signed-in user and their current selection' } })
    .input(z.void())
    .output(meOutput)
    .query(({ ctx }) => ({ user: toUser(ctx.session.caller.user), ...currentSelection(ctx.session) })),

  selectTenant: sessionProcedure
    .meta({ openapi: { method: 'PUT', path: '/auth/current-tenant', tags, summary: 'Change the current tenant' } })
    .input(selectTenantInput)
    .output(selectionOutput)
    .mutation(({ ctx, input }) => selectTenant(ctx.deps.db, ctx.session, input.tenant_id, ctx.meta)),

  selectOrganization: sessionProcedure
    .meta({ openapi: { method: 'PUT', path: '/auth/current-organization', tags, summary: 'Change the current organization' } })
    .input(selectOrganizationInput)
    .output(selectionOutput)
    .mutation(({ ctx, input }) => selectOrganization(ctx.deps.db, ctx.session, input.organization_id, ctx.meta)),
});
