import { type Kysely, sql } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';

export interface AuditEntryInput {
  userId: string | null;
  username: string;
  action: string;
  details: Record<string, unknown>;
  organizationId?: string | null;
  tenantId?: string | null;
  ip?: string | null;
}

export async function createAuditEntry(tx: Tx, entry: AuditEntryInput): Promise<void> {
  await tx
    .insertInto('audit_logs')
    .values({
      user_id: entry.userId,
      username: entry.username,
      action: entry.action,
      details: JSON.stringify(entry.details),
      organization_id: entry.organizationId ?? null,
      tenant_id: entry.tenantId ?? null,
      ip: entry.ip ?? null,
    })
    .execute();
}

export interface AuditFilter {
  username?: string;
  action?: string;
  limit: number;
  /** null = everything in the transaction's scope (product admin). */
  visibleTo: { userId: string; organizationIds: string[] } | null;
}

export async function listAuditEntries(tx: Tx, filter: AuditFilter) {
  let query = tx
    .selectFrom('audit_logs')
    .select(['id', 'timestamp', 'username', 'action', 'details'])
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.username?.trim()) {
    query = query.where(sql<boolean>`username ILIKE ${`%${escapeLike(filter.username.trim())}%`}`);
  }
  if (filter.action?.trim()) {
    query = query.where(sql<boolean>`action ILIKE ${`%${escapeLike(filter.action.trim())}%`}`);
  }
  const visible = filter.visibleTo;
  if (visible) {
    query = query.where((eb) =>
      eb.or([
        eb('user_id', '=', visible.userId),
        visible.organizationIds.length ? eb('organization_id', 'in', visible.organizationIds) : eb.val(false),
      ]),
    );
  }
  return query.execute();
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Records an entry in the name of a user a background job acts for (the uploader of an analysed
 * document): the job has no session, so the user's name is read across tenants (system scope). 'system'
 * when there is no such user.
 */
export function unsafeAuditAsUser(
  db: Kysely<Database>,
  userId: string | null,
  entry: Omit<AuditEntryInput, 'userId' | 'username'>,
): Promise<void> {
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    const user = userId ? await tx.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst() : undefined;
    await createAuditEntry(tx, { ...entry, userId, username: user?.username ?? 'system' });
  });
}
