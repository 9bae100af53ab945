import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import type { Tx } from '@compliance/db/scope';
import { unsafeInLoginTransaction } from '../auth/session-repo';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError } from '../errors';
import { type LoginOutcome, type NewSession, type RequestMeta, openSession } from '../auth/session-service';
import { type ThrottlePolicy, assertNotThrottled, lockLoginAttempts, recordLoginFailure } from '../auth/throttle';
import { deleteLoginChallenge } from './mfa-repo';
import { issueLoginChallenge, resolveLoginChallenge } from './login-challenges';
import { INVALID_CODE, REPLAYED_CODE, confirmEnrollmentFor, startEnrollmentFor, verifySecondFactor } from './mfa-service';
import type { MfaSettings } from './secret-box';

/** The public user row of a challenge's user, as a session needs it. */
export async function challengeUser(tx: Tx, userId: string) {
  const { password_hash: _hash, ...user } = await tx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return user;
}

/**
 * The second step of a login: the code of the user's authenticator or one of their recovery codes.
 * Wrong codes are login failures of that username (the same throttle as wrong passwords), and a
 * correct one ends the challenge and opens the session, or, for a sign-in with a reset code, asks
 * for the new password first.
 */
export async function completeMfaLogin(
  db: Kysely<Database>,
  input: { challenge: string; code: string },
  meta: RequestMeta,
  throttle: ThrottlePolicy,
  settings: MfaSettings,
): Promise<LoginOutcome> {
  const outcome = await unsafeInLoginTransaction(db, async (tx): Promise<LoginOutcome | AppError> => {
    const challenge = await resolveLoginChallenge(tx, input.challenge, 'mfa');
    await lockLoginAttempts(tx, challenge.username);
    try {
      await assertNotThrottled(tx, throttle, challenge.username, meta.ip);
    } catch (error) {
      await createAuditEntry(tx, {
        userId: challenge.user_id,
        username: challenge.username,
        action: 'login_throttled',
        details: { message: 'Login refused: too many failed attempts', ip: meta.ip },
        ip: meta.ip,
      });
      return error as AppError;
    }
    const proof = await verifySecondFactor(tx, challenge.user_id, input.code, settings);
    if (proof === 'invalid' || proof === 'replay') {
      await recordLoginFailure(tx, challenge.username, meta.ip);
      await createAuditEntry(tx, {
        userId: challenge.user_id,
        username: challenge.username,
        action: 'login_failed',
        details: { message: proof === 'replay' ? 'Authentication code replayed' : INVALID_CODE },
        ip: meta.ip,
      });
      return new AppError('UNAUTHORIZED', proof === 'replay' ? REPLAYED_CODE : INVALID_CODE);
    }
    await deleteLoginChallenge(tx, challenge.id);
    if (challenge.password_reset) {
      return { challenge: await issueLoginChallenge(tx, challenge.user_id, 'password', challenge.remember_me, true), purpose: 'password' as const };
    }
    return { session: await openSession(tx, await challengeUser(tx, challenge.user_id), challenge.remember_me, meta, { mfa: proof }) };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** Enrolment a required organization asks for before the first session: the secret for the QR code. */
export function startChallengeEnrollment(db: Kysely<Database>, challenge: string, settings: MfaSettings) {
  return unsafeInLoginTransaction(db, async (tx) => {
    const row = await resolveLoginChallenge(tx, challenge, 'enroll');
    return startEnrollmentFor(tx, { id: row.user_id, username: row.username }, settings);
  });
}

/** Confirms that enrolment with the first code; the login then completes with a session. */
export function confirmChallengeEnrollment(
  db: Kysely<Database>,
  input: { challenge: string; code: string },
  meta: RequestMeta,
  settings: MfaSettings,
): Promise<{ session: NewSession; recovery_codes: string[] }> {
  return unsafeInLoginTransaction(db, async (tx) => {
    const row = await resolveLoginChallenge(tx, input.challenge, 'enroll');
    const { recovery_codes } = await confirmEnrollmentFor(tx, { id: row.user_id, username: row.username }, input.code, settings, meta.ip);
    await deleteLoginChallenge(tx, row.id);
    const session = await openSession(tx, await challengeUser(tx, row.user_id), row.remember_me, meta, { mfa: 'enrolled' });
    return { session, recovery_codes };
  });
}
