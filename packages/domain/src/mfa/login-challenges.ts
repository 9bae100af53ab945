import type { LoginChallengePurpose } from '@compliance/db/schema';
import type { Tx } from '@compliance/db/scope';
import { AppError } from '../errors';
import { createToken, hashToken } from '../auth/tokens';
import { createLoginChallenge, getLoginChallenge, getMfaFactor, isMfaRequiredForUser } from './mfa-repo';

/** How long the second step of a login may take after the password. */
export const LOGIN_CHALLENGE_MINUTES = 10;

export const EXPIRED_CHALLENGE = 'This sign-in has expired. Please log in again.';

/** After a correct password: a code when the user has MFA, enrolment when an organization requires it, else nothing. */
export async function secondStepFor(tx: Tx, userId: string): Promise<LoginChallengePurpose | null> {
  const factor = await getMfaFactor(tx, userId);
  if (factor?.confirmed_at) return 'mfa';
  return (await isMfaRequiredForUser(tx, userId)) ? 'enroll' : null;
}

/** A random challenge token for the next step; only its hash is stored. passwordReset: the sign-in began with a reset code. */
export async function issueLoginChallenge(tx: Tx, userId: string, purpose: LoginChallengePurpose, rememberMe: boolean, passwordReset = false): Promise<string> {
  const challenge = createToken();
  const expiresAt = new Date(Date.now() + LOGIN_CHALLENGE_MINUTES * 60_000);
  await createLoginChallenge(tx, { tokenHash: hashToken(challenge), userId, purpose, rememberMe, passwordReset, expiresAt });
  return challenge;
}

/** The live challenge of the given purpose, or a 401 that sends the person back to the password. */
export async function resolveLoginChallenge(tx: Tx, challenge: string, purpose: LoginChallengePurpose) {
  const row = challenge.length <= 200 ? await getLoginChallenge(tx, hashToken(challenge)) : undefined;
  if (!row || row.purpose !== purpose || !row.is_active || row.deleted_at) throw new AppError('UNAUTHORIZED', EXPIRED_CHALLENGE);
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new AppError('UNAUTHORIZED', EXPIRED_CHALLENGE);
  return row;
}
