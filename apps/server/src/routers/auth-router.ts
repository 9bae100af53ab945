import { z } from 'zod';
import { loginStepOutput, passwordStepInput } from '@compliance/contracts/access';
import {
  loginInput,
  logoutInput,
  meOutput,
  selectOrganizationInput,
  selectTenantInput,
  selectionOutput,
} from '@compliance/contracts/auth';
import { successOutput } from '@compliance/contracts/common';
import { changePasswordInput, changePasswordOutput } from '@compliance/contracts/passwords';
import { changePassword, completePasswordStep } from '@compliance/domain/auth/password-service';
import {
  currentSelection,
  login,
  logout,
  selectOrganization,
  selectTenant,
} from '@compliance/domain/auth/session-service';
import { toUser } from '@compliance/domain/users/user-mapper';
import { clearSessionCookies } from '../http/cookies';
import { enrollmentProcedure, enrollmentSessionProcedure, publicProcedure, router, sessionProcedure } from '../trpc/trpc';
import { answerLoginStep } from './login-step';

const tags = ['auth'];

export const authRouter = router({
  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login', tags, summary: 'Log in; sets the session cookie, or answers the MFA step it waits for' } })
    .input(loginInput)
    .output(loginStepOutput)
    .mutation(async ({ ctx, input }) => answerLoginStep(ctx.res, await login(ctx.deps.db, input, ctx.meta, ctx.deps.config.throttle), ctx.deps.config.secureCookies)),

  logout: enrollmentSessionProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/logout', tags, summary: 'End the session on the server' } })
    .input(logoutInput)
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await logout(ctx.deps.db, ctx.session, ctx.meta);
      clearSessionCookies(ctx.res, ctx.deps.config.secureCookies);
      return { success: true, message: 'Logged out' };
    }),

  me: enrollmentProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags, summary: 'The signed-in user and their current selection' } })
    .input(z.void())
    .output(meOutput)
    .query(({ ctx }) => ({ user: toUser(ctx.session.caller.user), ...currentSelection(ctx.session), mfa_enrollment_required: ctx.session.mfaEnrollmentRequired })),

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

  loginPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login/password', tags, summary: 'Last step of a sign-in with a reset code: the new password; sets the session cookie' } })
    .input(passwordStepInput)
    .output(loginStepOutput)
    .mutation(async ({ ctx, input }) => answerLoginStep(ctx.res, await completePasswordStep(ctx.deps.db, input, ctx.meta), ctx.deps.config.secureCookies)),

  changePassword: sessionProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/password', tags, summary: 'Change my password (needs the current one); ends my other sessions and my API tokens' } })
    .input(changePasswordInput)
    .output(changePasswordOutput)
    .mutation(({ ctx, input }) => changePassword(ctx.deps.db, ctx.actor, ctx.session.sessionId, input, ctx.deps.config.throttle)),
});
