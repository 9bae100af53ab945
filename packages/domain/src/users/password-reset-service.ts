import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { callerScope } from '../access/caller';
import { revokeUserApiTokens } from '../api-tokens/api-token-repo';
import { createAuditEntry } from '../audit/audit-repo';
import { deleteUserLoginChallenges, setPasswordHash, unsafeInPasswordResetTransaction, upsertPasswordReset } from '../auth/password-repo';
import { hashPassword } from '../auth/passwords';
import { RESET_CODE_HOURS, createResetCode, hashResetCode } from '../auth/reset-codes';
import { deleteUserSessions } from '../auth/session-repo';
import { clearLoginFailures } from '../auth/throttle';
import { AppError } from '../errors';
import { getManageableUser, organizationOfUser } from './user-service';

/**
 * An administrator who may manage the user (the rule of activate, deactivate and delete) issues a
 * one-time reset code. The administrator never learns or sets a password: the old one stops working
 * (replaced by a random one nobody knows), the code is answered once and stored as its SHA-256, and it
 * works for RESET_CODE_HOURS. Every session, half-way sign-in and API token of the user ends now.
 */
export async function issuePasswordReset(db: Kysely<Database>, actor: Actor, userId: string) {
  const { caller } = actor;
  if (userId === caller.user.id) throw new AppError('BAD_REQUEST', 'To change your own password, use Change password on the Security page');
  const { target, organizationId } = await withScope(db, callerScope(caller), async (tx) => ({
    target: await getManageableUser(tx, caller, userId),
    organizationId: await organizationOfUser(tx, caller, userId),
  }));
  const code = createResetCode();
  const expiresAt = new Date(Date.now() + RESET_CODE_HOURS * 3_600_000);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  // The caller was authorized above; the user's own rows are under per-user row-level security.
  const ended = await unsafeInPasswordResetTransaction(db, async (tx) => {
    await setPasswordHash(tx, userId, unusable);
    await upsertPasswordReset(tx, { userId, codeHash: hashResetCode(code), expiresAt, createdBy: caller.user.id });
    const sessions = await deleteUserSessions(tx, userId);
    const tokens = await revokeUserApiTokens(tx, userId);
    await deleteUserLoginChallenges(tx, userId);
    await clearLoginFailures(tx, target.username);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'password_reset_issued',
      details: {
        message: `Password reset issued for user "${target.username}"`,
        user_id: userId,
        expires_at: expiresAt.toISOString(),
        sessions_ended: sessions,
        tokens_revoked: tokens,
      },
      organizationId,
    });
    return { sessions, tokens };
  });
  return {
    success: true,
    message: `Reset code for "${target.username}" created. It works once, for ${RESET_CODE_HOURS} hours; ${ended.sessions} session(s) and ${ended.tokens} API token(s) were ended.`,
    reset_code: code,
    expires_at: expiresAt.toISOString(),
  };
}
