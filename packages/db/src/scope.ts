import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from './schema';

/**
 * What one database transaction may touch. Row-level security policies read these values, so a
 * query that forgets its tenant filter still sees only rows inside the scope.
 */
export interface AccessScope {
  /** The acting user, or null for the system (start-up, login before a session exists). */
  userId: string | null;
  /** Every organization and tenant (product admin, system tasks). */
  all: boolean;
  /** Organizations whose every tenant is in scope. */
  organizationIds: readonly string[];
  /** Individual tenants in scope. */
  tenantIds: readonly string[];
}

export type Tx = Transaction<Database>;

export const SYSTEM_SCOPE: AccessScope = { userId: null, all: true, organizationIds: [], tenantIds: [] };

/** The role the application acts as inside every scoped transaction; RLS policies bind it. */
export const APP_ROLE = 'compliance_app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidArray(ids: readonly string[]): string {
  for (const id of ids) if (!UUID.test(id)) throw new Error('Invalid id in access scope');
  return `{${ids.join(',')}}`;
}

/** Runs fn in one transaction acting as the application role with the given scope. */
export async function withScope<T>(db: Kysely<Database>, scope: AccessScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT set_config('role', ${APP_ROLE}, true),
      set_config('app.all', ${scope.all ? 'on' : 'off'}, true),
      set_config('app.user_id', ${scope.userId ?? ''}, true),
      set_config('app.org_ids', ${uuidArray(scope.organizationIds)}, true),
      set_config('app.tenant_ids', ${uuidArray(scope.tenantIds)}, true)`.execute(tx);
    return fn(tx);
  });
}

/** True when a database error is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
