import type { FastifyReply } from 'fastify';
import type { LoginOutcome } from '@compliance/domain/auth/session-service';
import { setSessionCookies } from '../http/cookies';

/** A login step's answer: the user with the session cookies set, or the step the sign-in waits for. */
export function answerLoginStep(reply: FastifyReply, outcome: LoginOutcome, secureCookies: boolean) {
  if (outcome.session) {
    setSessionCookies(reply, outcome.session, secureCookies);
    return { user: outcome.session.user };
  }
  const { challenge } = outcome;
  if (outcome.purpose === 'mfa') return { mfa_required: true as const, challenge };
  if (outcome.purpose === 'enroll') return { mfa_enrollment_required: true as const, challenge };
  return { password_change_required: true as const, challenge };
}
