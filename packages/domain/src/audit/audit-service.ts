import type { AuditLogEntry, AuditLogQuery } from '@compliance/contracts/audit';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import type { Actor } from '../access/actor';
import { callerScope } from '../access/caller';
import { listAuditEntries } from './audit-repo';

/**
 * The audit trail as the caller may see it: a product admin sees everything, an organization
 * administrator the entries of their organizations and their own, anyone else only their own.
 */
export async function listAuditLogs(db: Kysely<Database>, actor: Actor, query: AuditLogQuery): Promise<AuditLogEntry[]> {
  const { caller } = actor;
  const rows = await withScope(db, callerScope(caller), (tx) => listAuditEntries(tx, {
    username: query.username,
    action: query.action,
    limit: query.limit,
    visibleTo: caller.isProductAdmin ? null : { userId: caller.user.id, organizationIds: [...caller.adminOrgIds] },
  }));
  return rows.map((row) => ({
    id: String(row.id),
    timestamp: new Date(row.timestamp).toISOString(),
    username: row.username,
    action: row.action,
    details: row.details,
  }));
}
