/**
 * Writes the embedded database every new data folder starts as a copy of: migrated and with the control
 * catalog loaded (build step; see scripts/build-apps.mjs). Starting from it spares a first start the
 * several seconds PGlite takes to create a cluster from nothing. The server migrates and syncs the
 * catalog after copying it all the same, so an older template is only slower.
 *   node apps/server/dist/make-embedded-template.mjs <output folder, new or empty>
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from '@compliance/db/schema';
import { migrateToLatest } from '@compliance/db/migrate';
import { unsafeSyncCatalog } from '@compliance/domain/catalog/catalog-repo';

const output = process.argv[2];
if (!output) {
  console.error('Usage: make-embedded-template <output folder>');
  process.exit(2);
}
const client = await PGlite.create(output);
const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
await migrateToLatest(db);
await unsafeSyncCatalog(db);
await db.destroy();
