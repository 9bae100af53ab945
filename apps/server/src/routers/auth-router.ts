import { z } from 'zod';
import {
  loginInput,
  loginOutput,
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
import { authedProcedure, publicProcedure, router } from '../trpc/trpc';

const tags = ['auth'];

export const authRouter = router({
  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login', tags, summary: 'Log in; sets the session cookie' } })
    .input(loginInput)
    .output(loginOutput)
    .mutation(async ({ ctx, input }) => {
      const session = await login(ctx.deps.db, input, ctx.meta, ctx.deps.config.throttle);
      setSessionCookies(ctx.res, session, ctx.deps.config.secureCookies);
      return { user: session.user };
    }),

  logout: authedProcedure
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

  selectTenant: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/auth/current-tenant', tags, summary: 'Change the current tenant' } })
    .input(selectTenantInput)
    .output(selectionOutput)
    .mutation(({ ctx, input }) => selectTenant(ctx.deps.db, ctx.session, input.tenant_id, ctx.meta)),

  selectOrganization: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/auth/current-organization', tags, summary: 'Change the current organization' } })
    .input(selectOrganizationInput)
    .output(selectionOutput)
    .mutation(({ ctx, input }) => selectOrganization(ctx.deps.db, ctx.session, input.organization_id, ctx.meta)),
});
