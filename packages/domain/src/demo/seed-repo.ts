import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';

/**
 * The transaction of start-up seeding (the demo data into an empty database, the first product admin):
 * no user acts yet and the rows span every organization, so it runs in the system scope. Only the seeding
 * at start-up calls this.
 */
export function unsafeInSeedTransaction<T>(db: Kysely<Database>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withScope(db, SYSTEM_SCOPE, fn);
}
