import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Listen, PgListener, assertChannel } from './notifications';
import type { Database } from './schema';
import { openScopesInOneRoundTrip } from './scope';
import { readScopesInOneRoundTrip } from './scoped-read';

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for the start banner (never includes a password). */
  location: string;
  /** PostgreSQL LISTEN on a channel (a dedicated connection, or the embedded database itself). */
  listen: Listen;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * The folder of an embedded database already migrated (built with the server): an empty data folder
   * starts as a copy of it instead of creating a cluster from nothing, which takes several seconds.
   */
  template?: string;
}

// COUNT(*) and other bigint results arrive as strings from pg; ids stay strings, counts are cast in SQL.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => value);

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection (server restart); the pool replaces it on next use.
    });
    pool.on('connect', (client) => {
      client.on('error', () => {
        // A checked-out client lost its connection: its pending query rejects and the transaction
        // fails with that error; without a listener the event itself would crash the process.
      });
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    openScopesInOneRoundTrip(db);
    readScopesInOneRoundTrip(db, pool);
    const url = new URL(options.databaseUrl);
    const listener = new PgListener(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      location: `postgres://${url.host}${url.pathname}`,
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await db.destroy();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  const dataDir = options.dataDir ?? path.resolve('.data', 'pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const fresh = !dataDir.startsWith('memory://') && !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh && options.template && existsSync(path.join(options.template, 'PG_VERSION'))) cpSync(options.template, dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  // One connection: notifications raised by its own transactions come back to it after each commit.
  const listen: Listen = async (channel, handlers) => {
    assertChannel(channel);
    return client.listen(channel, (payload) => handlers.message(payload));
  };
  return { db, kind: 'pglite', location: dataDir, listen, close: () => db.destroy() };
}
