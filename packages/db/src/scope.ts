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

function uuid(id: string): string {
  if (!UUID.test(id)) throw new Error('Invalid id in access scope');
  return id;
}

const ids = (list: readonly string[]) => `{${list.map(uuid).join(',')}}`;

/** The scope's settings in the order SCOPE_PARAMETERS_SQL takes them: all, user, organizations, tenants. */
export function scopeParameters(scope: AccessScope): string[] {
  return [scope.all ? 'on' : 'off', scope.userId === null ? '' : uuid(scope.userId), ids(scope.organizationIds), ids(scope.tenantIds)];
}

/** The scope as a statement with parameters (scopeParameters), for a prepared statement (scoped-read.ts). */
export const SCOPE_PARAMETERS_SQL = `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.all', $1, true), set_config('app.user_id', $2, true), set_config('app.org_ids', $3, true), set_config('app.tenant_ids', $4, true)`;

/**
 * The statement that puts a transaction in its scope. Every value is a constant or an id checked to be
 * a UUID above, so it is written into the text: the statement needs no parameters and can travel in the
 * same round trip as BEGIN.
 */
function scopeStatement(scope: AccessScope): string {
  const [all, userId, organizationIds, tenantIds] = scopeParameters(scope);
  return [
    `SELECT set_config('role', '${APP_ROLE}', true)`,
    `set_config('app.all', '${all}', true)`,
    `set_config('app.user_id', '${userId}', true)`,
    `set_config('app.org_ids', '${organizationIds}', true)`,
    `set_config('app.tenant_ids', '${tenantIds}', true)`,
  ].join(', ');
}

/** Databases whose driver takes several statements in one query (node-postgres; not the embedded PGlite). */
const oneRoundTripOpening = new WeakSet<Kysely<Database>>();

/** Called by connectDatabase for a PostgreSQL server: scoped transactions then open with BEGIN and their scope in one round trip. */
export function openScopesInOneRoundTrip(db: Kysely<Database>): void {
  oneRoundTripOpening.add(db);
}

/** Runs fn in one transaction acting as the application role with the given scope. */
export async function withScope<T>(db: Kysely<Database>, scope: AccessScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const statement = scopeStatement(scope);
  if (!oneRoundTripOpening.has(db)) {
    return db.transaction().execute(async (tx) => {
      await sql.raw(statement).execute(tx);
      return fn(tx);
    });
  }
  // BEGIN and the scope in one simple query, then what fn runs, then COMMIT; ROLLBACK on any failure.
  return db.connection().execute(async (connection) => {
    let result: T;
    try {
      await sql.raw(`BEGIN; ${statement}`).execute(connection);
      // Only withScope opens transactions, and fn gets this one connection, inside the transaction, as its Tx.
      result = await fn(connection as unknown as Tx);
    } catch (error) {
      await sql.raw('ROLLBACK').execute(connection).catch(() => undefined);
      throw error;
    }
    await sql.raw('COMMIT').execute(connection);
    return result;
  });
}

/** True when a database error is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
