import { z } from 'zod';
import {
  mfaChallengeInput,
  mfaCodeInput,
  mfaConfirmOutput,
  mfaLoginOutput,
  mfaEnrollLoginOutput,
  mfaEnrollmentOutput,
  mfaLoginInput,
  mfaRequirementInput,
  mfaRequirementOutput,
  mfaRequirementsOutput,
  mfaStatusOutput,
} from '@compliance/contracts/access';
import { successOutput } from '@compliance/contracts/common';
import { mfaDisableInput } from '@compliance/contracts/passwords';
import { completeMfaLogin, confirmChallengeEnrollment, startChallengeEnrollment } from '@compliance/domain/mfa/mfa-login-service';
import {
  confirmMfaEnrollment,
  disableMfa,
  getMfaStatus,
  listMfaRequirements,
  setMfaRequirement,
  startMfaEnrollment,
} from '@compliance/domain/mfa/mfa-service';
import { setSessionCookies } from '../http/cookies';
import { enrollmentSessionProcedure, productAdminProcedure, publicProcedure, router, sessionProcedure } from '../trpc/trpc';

/** The organization MFA requirement is a product-wide setting: product administrators only. */
const mfaSettingProcedure = productAdminProcedure('Only product administrators can change this setting');

const tags = ['auth'];

/** TOTP multi-factor authentication: the second login step, enrolment, and the organization requirement. */
export const mfaRouter = router({
  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login/mfa', tags, summary: 'Second login step: an authenticator or recovery code; sets the session cookie' } })
    .input(mfaLoginInput)
    .output(mfaLoginOutput)
    .mutation(async ({ ctx, input }) => {
      const outcome = await completeMfaLogin(ctx.deps.db, input, ctx.meta, ctx.deps.config.throttle, ctx.deps.config.mfa);
      // A sign-in that began with a reset code asks for the new password next.
      if (!outcome.session) return { password_change_required: true as const, challenge: outcome.challenge };
      setSessionCookies(ctx.res, outcome.session, ctx.deps.config.secureCookies);
      return { user: outcome.session.user };
    }),

  enrollStart: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login/mfa/enroll/start', tags, summary: 'Enrolment an organization requires before the first session: the secret' } })
    .input(mfaChallengeInput)
    .output(mfaEnrollmentOutput)
    .mutation(({ ctx, input }) => startChallengeEnrollment(ctx.deps.db, input.challenge, ctx.deps.config.mfa)),

  enrollConfirm: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login/mfa/enroll/confirm', tags, summary: 'Confirms that enrolment with a code; sets the session cookie' } })
    .input(mfaLoginInput)
    .output(mfaEnrollLoginOutput)
    .mutation(async ({ ctx, input }) => {
      const { session, recovery_codes } = await confirmChallengeEnrollment(ctx.deps.db, input, ctx.meta, ctx.deps.config.mfa);
      setSessionCookies(ctx.res, session, ctx.deps.config.secureCookies);
      return { user: session.user, recovery_codes };
    }),

  status: enrollmentSessionProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/mfa', tags, summary: 'Whether MFA is enabled or required for the signed-in user' } })
    .input(z.void())
    .output(mfaStatusOutput)
    .query(({ ctx }) => getMfaStatus(ctx.deps.db, ctx.actor)),

  start: enrollmentSessionProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/mfa/start', tags, summary: 'Starts enrolment: the secret and otpauth URI (shown once)' } })
    .input(z.object({}).optional())
    .output(mfaEnrollmentOutput)
    .mutation(({ ctx }) => startMfaEnrollment(ctx.deps.db, ctx.actor, ctx.deps.config.mfa)),

  confirm: enrollmentSessionProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/mfa/confirm', tags, summary: 'Confirms enrolment with a code; answers the recovery codes (shown once)' } })
    .input(mfaCodeInput)
    .output(mfaConfirmOutput)
    .mutation(({ ctx, input }) => confirmMfaEnrollment(ctx.deps.db, ctx.actor, input.code, ctx.deps.config.mfa)),

  disable: sessionProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/mfa/disable', tags, summary: 'Turns MFA off (needs the current password and a current code)' } })
    .input(mfaDisableInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => disableMfa(ctx.deps.db, ctx.actor, input, ctx.deps.config.mfa, ctx.deps.config.throttle)),

  requirements: mfaSettingProcedure
    .meta({ openapi: { method: 'GET', path: '/organizations/mfa-requirements', tags: ['organizations'], summary: 'Organizations that require MFA (product admins)' } })
    .input(z.void())
    .output(mfaRequirementsOutput)
    .query(({ ctx }) => listMfaRequirements(ctx.deps.db, ctx.productAdmin)),

  setRequirement: mfaSettingProcedure
    .meta({ openapi: { method: 'PUT', path: '/organizations/{id}/mfa-requirement', tags: ['organizations'], summary: 'Require MFA for an organization (product admins)' } })
    .input(mfaRequirementInput)
    .output(mfaRequirementOutput)
    .mutation(({ ctx, input }) => setMfaRequirement(ctx.deps.db, ctx.productAdmin, input.id, input.require_mfa)),
});
