import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';

export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string) {
  await tx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

export function getPasswordHash(tx: Tx, userId: string) {
  return tx.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
}

/** One pending reset per user: a new one replaces the last. */
export async function upsertPasswordReset(tx: Tx, values: { userId: string; codeHash: string; expiresAt: Date; createdBy: string }) {
  await tx
    .insertInto('password_resets')
    .values({ user_id: values.userId, code_hash: values.codeHash, expires_at: values.expiresAt, created_by: values.createdBy })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ code_hash: values.codeHash, expires_at: values.expiresAt, created_by: values.createdBy }))
    .execute();
}

export function getPasswordReset(tx: Tx, userId: string) {
  return tx.selectFrom('password_resets').select(['code_hash', 'expires_at']).where('user_id', '=', userId).executeTakeFirst();
}

export async function deletePasswordReset(tx: Tx, userId: string) {
  await tx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** Ends every sign-in of the user that is half-way (between the password and its second step). */
export async function deleteUserLoginChallenges(tx: Tx, userId: string) {
  await tx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
}

/**
 * The transaction of an administrator's reset of another user's password. That user's own rows (password,
 * pending reset, sessions, API tokens, login challenges) are under per-user row-level security, so they are
 * written in the system scope: the caller must have been authorized for the user before.
 */
export function unsafeInPasswordResetTransaction<T>(db: Kysely<Database>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withScope(db, SYSTEM_SCOPE, fn);
}
