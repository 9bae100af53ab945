/**
 * Writes the embedded database every new data folder starts from: migrated and with the control
 * catalog loaded, dumped as a gzipped archive (build step; see scripts/build-apps.mjs). Starting from it
 * spares a first start the several seconds PGlite takes to create a cluster from nothing. The server
 * migrates and syncs the catalog after loading it all the same, so an older template is only slower.
 *   node apps/server/dist/make-embedded-template.mjs <output.tgz>
 */
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from '@compliance/db/schema';
import { migrateToLatest } from '@compliance/db/migrate';
import { syncCatalog } from '@compliance/domain/catalog/catalog-sync';

const output = process.argv[2];
if (!output) {
  console.error('Usage: make-embedded-template <output.tgz>');
  process.exit(2);
}
const client = await PGlite.create('memory://');
const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
await migrateToLatest(db);
await syncCatalog(db);
const archive = await client.dumpDataDir('gzip');
writeFileSync(output, Buffer.from(await archive.arrayBuffer()));
await db.destroy();
