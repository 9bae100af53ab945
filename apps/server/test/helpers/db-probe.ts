import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';

/** Reads the database as the system, beside the API: what was (or was not) written. */
export function probe<T>(db: Kysely<Database>, fn: (tx: Tx) => Promise<T>) {
  return withScope(db, SYSTEM_SCOPE, fn);
}

export function findUsers(db: Kysely<Database>, username: string) {
  return probe(db, (tx) =>
    tx.selectFrom('users').selectAll().where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase())).execute(),
  );
}

export function getUserRow(db: Kysely<Database>, id: string) {
  return probe(db, (tx) => tx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

export function getOrganizationRow(db: Kysely<Database>, id: string) {
  return probe(db, (tx) => tx.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst());
}

export function getTenantRow(db: Kysely<Database>, id: string) {
  return probe(db, (tx) => tx.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst());
}

export function countTenantsNamed(db: Kysely<Database>, name: string) {
  return probe(db, async (tx) => (await tx.selectFrom('tenants').select('id').where('name', '=', name).execute()).length);
}

export function countOrganizationsNamed(db: Kysely<Database>, name: string) {
  return probe(db, async (tx) => (await tx.selectFrom('organizations').select('id').where('name', '=', name).execute()).length);
}

/** Audit entries written by (or about the login of) one username, oldest first. */
export function auditEntriesOf(db: Kysely<Database>, username: string) {
  return probe(db, (tx) =>
    tx.selectFrom('audit_logs').selectAll().where('username', '=', username).orderBy('id').execute(),
  );
}
