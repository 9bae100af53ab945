import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';
import { readInScope } from '@compliance/db/scoped-read';
import { callerAccessColumns } from '../access/caller-access';
import { invalidateCallerCache } from '../access/caller-cache';
import { USER_PUBLIC_COLUMNS } from '../users/user-repo';

export async function createSession(
  tx: Tx,
  values: {
    tokenHash: string;
    userId: string;
    csrfToken: string;
    persistent: boolean;
    expiresAt: Date;
    organizationId: string | null;
    tenantId: string | null;
    ip: string | null;
    userAgent: string | null;
  },
) {
  return tx
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      csrf_token: values.csrfToken,
      persistent: values.persistent,
      expires_at: values.expiresAt,
      current_organization_id: values.organizationId,
      current_tenant_id: values.tenantId,
      ip: values.ip,
      user_agent: values.userAgent?.slice(0, 500) ?? null,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/**
 * The session and its user, with what the caller may reach unless `withAccess` is false (it is cached).
 * The row is found by its hash before anyone is known, so in the system scope; one round trip.
 */
export async function unsafeGetSessionByTokenHash(db: Kysely<Database>, tokenHash: string, withAccess = true) {
  const access = callerAccessColumns({ id: 'users.id', role: 'users.role', isProductAdmin: 'users.is_product_admin' });
  const query = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.csrf_token',
      'sessions.persistent',
      'sessions.created_at as session_created_at',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.current_organization_id',
      'sessions.current_tenant_id',
      ...USER_PUBLIC_COLUMNS,
    ])
    .$if(withAccess, (q) => q.select(access))
    .where('sessions.token_hash', '=', tokenHash);
  const [row] = await readInScope(db, SYSTEM_SCOPE, query);
  return row;
}

export async function touchSession(tx: Tx, sessionId: string, expiresAt: Date) {
  await tx
    .updateTable('sessions')
    .set({ last_seen_at: new Date(), expires_at: expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

export async function updateSessionSelection(
  tx: Tx,
  sessionId: string,
  selection: { organizationId: string | null; tenantId: string | null },
) {
  await tx
    .updateTable('sessions')
    .set({ current_organization_id: selection.organizationId, current_tenant_id: selection.tenantId })
    .where('id', '=', sessionId)
    .execute();
  invalidateCallerCache();
}

export async function deleteSession(tx: Tx, sessionId: string) {
  await tx.deleteFrom('sessions').where('id', '=', sessionId).execute();
  invalidateCallerCache();
}

/** Ends every session of the user; answers how many there were. */
export async function deleteUserSessions(tx: Tx, userId: string): Promise<number> {
  const result = await tx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  invalidateCallerCache();
  return Number(result.numDeletedRows);
}

/** Ends every session of the user but one (the one making the request). */
export async function deleteOtherSessions(tx: Tx, userId: string, keepSessionId: string): Promise<number> {
  const result = await tx.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).executeTakeFirst();
  invalidateCallerCache();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(tx: Tx) {
  await tx.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
}

/**
 * The transaction of a sign-in step (password, second factor, enrolment, new password). Before a session
 * exists the user is found by name or by a login challenge, whichever organization they belong to, and
 * the attempt counters, the challenge and the new session are written with it: system scope. Only the
 * sign-in steps call this.
 */
export function unsafeInLoginTransaction<T>(db: Kysely<Database>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withScope(db, SYSTEM_SCOPE, fn);
}

/**
 * The transaction that resolves a credential presented with a request (a session cookie or an API token)
 * to its caller: the row is found by its hash before anyone is known, so in the system scope; logging out
 * and choosing the current organization or tenant write the same session row. Only the credential's own
 * services call this.
 */
export function unsafeInSessionTransaction<T>(db: Kysely<Database>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withScope(db, SYSTEM_SCOPE, fn);
}
