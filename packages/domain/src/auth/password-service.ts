import type { Kysely } from 'kysely';
import type { ChangePasswordInput } from '@compliance/contracts/passwords';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { callerScope } from '../access/caller';
import { revokeUserApiTokens } from '../api-tokens/api-token-repo';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError } from '../errors';
import { issueLoginChallenge, resolveLoginChallenge } from '../mfa/login-challenges';
import { challengeUser } from '../mfa/mfa-login-service';
import { deleteLoginChallenge, getMfaFactor, isMfaRequiredForUser } from '../mfa/mfa-repo';
import { passwordProblem } from './password-policy';
import { deletePasswordReset, getPasswordHash, setPasswordHash } from './password-repo';
import { WRONG_CURRENT_PASSWORD, hashPassword, verifyPassword } from './passwords';
import { deleteOtherSessions, unsafeInLoginTransaction } from './session-repo';
import { type LoginOutcome, type RequestMeta, openSession } from './session-service';
import { type ThrottlePolicy, assertNotThrottled, clearLoginFailures, lockLoginAttempts, recordLoginFailure } from './throttle';

/**
 * The signed-in user changes their password: the current one is required (a wrong one counts toward
 * the login throttle of the username), the new one must pass the policy. Every other session of the
 * user and every API token ends; the session making the change stays.
 */
export async function changePassword(db: Kysely<Database>, actor: Actor, keepSessionId: string, input: ChangePasswordInput, throttle: ThrottlePolicy) {
  const { user } = actor.caller;
  const outcome = await withScope(db, callerScope(actor.caller), async (tx) => {
    await lockLoginAttempts(tx, user.username);
    try {
      await assertNotThrottled(tx, throttle, user.username, actor.ip);
    } catch (error) {
      return error as AppError;
    }
    if (!(await verifyPassword((await getPasswordHash(tx, user.id)).password_hash, input.current_password))) {
      // Recorded and committed, like a failed login; the refusal itself writes no audit entry.
      await recordLoginFailure(tx, user.username, actor.ip);
      return new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD);
    }
    if (input.new_password === input.current_password) return new AppError('BAD_REQUEST', 'The new password must be different from the current one');
    const problem = passwordProblem(input.new_password, { username: user.username });
    if (problem) return new AppError('BAD_REQUEST', problem);
    await setPasswordHash(tx, user.id, await hashPassword(input.new_password));
    const sessions = await deleteOtherSessions(tx, user.id, keepSessionId);
    const tokens = await revokeUserApiTokens(tx, user.id);
    await deletePasswordReset(tx, user.id);
    await clearLoginFailures(tx, user.username);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'password_changed',
      details: { message: `User ${user.username} changed their password`, sessions_ended: sessions, tokens_revoked: tokens },
    });
    return { sessions, tokens };
  });
  if (outcome instanceof AppError) throw outcome;
  return {
    success: true,
    message: 'Password changed. Your other sessions and API tokens have been ended.',
    sessions_ended: outcome.sessions,
    tokens_revoked: outcome.tokens,
  };
}

/**
 * The last step of a sign-in with an administrator's reset code: the new password (checked by the
 * policy; a refused one leaves the step open to try again). It ends the reset code and opens the
 * session, or asks for the enrolment an organization requires.
 */
export async function completePasswordStep(db: Kysely<Database>, input: { challenge: string; new_password: string }, meta: RequestMeta): Promise<LoginOutcome> {
  return unsafeInLoginTransaction(db, async (tx) => {
    const challenge = await resolveLoginChallenge(tx, input.challenge, 'password');
    const problem = passwordProblem(input.new_password, { username: challenge.username });
    if (problem) throw new AppError('BAD_REQUEST', problem);
    await setPasswordHash(tx, challenge.user_id, await hashPassword(input.new_password));
    await deletePasswordReset(tx, challenge.user_id);
    await deleteLoginChallenge(tx, challenge.id);
    await createAuditEntry(tx, {
      userId: challenge.user_id,
      username: challenge.username,
      action: 'password_reset_completed',
      details: { message: `User ${challenge.username} chose a new password with a reset code` },
      ip: meta.ip,
    });
    const enrolled = Boolean((await getMfaFactor(tx, challenge.user_id))?.confirmed_at);
    if (!enrolled && (await isMfaRequiredForUser(tx, challenge.user_id))) {
      return { challenge: await issueLoginChallenge(tx, challenge.user_id, 'enroll', challenge.remember_me), purpose: 'enroll' as const };
    }
    return { session: await openSession(tx, await challengeUser(tx, challenge.user_id), challenge.remember_me, meta, { password_reset: true }) };
  });
}
