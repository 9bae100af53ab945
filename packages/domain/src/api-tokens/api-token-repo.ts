import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx } from '@compliance/db/scope';
import { readInScope } from '@compliance/db/scoped-read';
import { callerAccessColumns } from '../access/caller-access';
import { USER_PUBLIC_COLUMNS } from '../users/user-repo';

const LISTED = ['id', 'name', 'token_prefix', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'] as const;

export async function insertApiToken(tx: Tx, values: { userId: string; name: string; tokenHash: string; tokenPrefix: string; expiresAt: Date }) {
  return tx
    .insertInto('api_tokens')
    .values({ user_id: values.userId, name: values.name, token_hash: values.tokenHash, token_prefix: values.tokenPrefix, expires_at: values.expiresAt, last_used_at: null, revoked_at: null })
    .returning(LISTED)
    .executeTakeFirstOrThrow();
}

export function listApiTokens(tx: Tx, userId: string) {
  return tx.selectFrom('api_tokens').select(LISTED).where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

/** Revokes one of the user's own tokens; undefined when the user has no such token. */
export function revokeApiToken(tx: Tx, userId: string, id: string) {
  return tx
    .updateTable('api_tokens')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(new Date())) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** Revokes every live token of the user (a password change or reset); answers how many. */
export async function revokeUserApiTokens(tx: Tx, userId: string): Promise<number> {
  const result = await tx.updateTable('api_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The token and its user, for resolving a bearer call: found by its hash before anyone is known (system scope), one round trip. */
export async function unsafeGetApiTokenByHash(db: Kysely<Database>, tokenHash: string) {
  const query = db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.last_used_at',
      ...USER_PUBLIC_COLUMNS,
      ...callerAccessColumns({ id: 'users.id', role: 'users.role', isProductAdmin: 'users.is_product_admin' }),
    ])
    .where('api_tokens.token_hash', '=', tokenHash);
  const [row] = await readInScope(db, SYSTEM_SCOPE, query);
  return row;
}

export async function touchApiToken(tx: Tx, id: string) {
  await tx.updateTable('api_tokens').set({ last_used_at: new Date() }).where('id', '=', id).execute();
}
