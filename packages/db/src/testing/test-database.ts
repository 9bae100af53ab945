import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, connectDatabase } from '../connect';
import { migrateToLatest } from '../migrate';

export interface TestDatabase {
  /** A PostgreSQL URL for other processes, or null for an in-process PGlite database. */
  url: string | null;
  source: 'DATABASE_URL' | 'testcontainers' | 'pglite';
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates a fresh, migrated database on a PostgreSQL server; dropping it removes every trace. */
async function createOnServer(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const handle = await connectDatabase({ databaseUrl: url, poolSize: 2 });
  await migrateToLatest(handle.db);
  await handle.close();
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Starts PostgreSQL 15 in a container when a container runtime answers; null otherwise (fails fast). */
async function startContainer(): Promise<{ url: string; stop(): Promise<void> } | null> {
  if (process.env.TESTCONTAINERS_DISABLED === 'true') return null;
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('postgres:15-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'test', POSTGRES_DB: 'postgres' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    const url = `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
    return { url, stop: async () => void (await container.stop()) };
  } catch {
    return null;
  }
}

/**
 * The database a test run uses: DATABASE_URL's server when set; else a testcontainers PostgreSQL
 * when a container runtime answers; else the embedded PGlite (url null: each test file opens its own).
 */
export async function createTestDatabase(prefix = 'cp_test'): Promise<TestDatabase> {
  if (process.env.DATABASE_URL) {
    const db = await createOnServer(process.env.DATABASE_URL, prefix);
    return { url: db.url, source: 'DATABASE_URL', drop: db.drop };
  }
  const container = await startContainer();
  if (container) {
    const db = await createOnServer(container.url, prefix);
    return { url: db.url, source: 'testcontainers', drop: async () => { await db.drop(); await container.stop(); } };
  }
  return { url: null, source: 'pglite', drop: async () => {} };
}

/** Opens the run's database (or an in-memory PGlite, migrated, when the run has no server). */
export async function openTestDatabase(url: string | null): Promise<DatabaseHandle> {
  if (url) return connectDatabase({ databaseUrl: url, poolSize: 4 });
  const handle = await connectDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  return handle;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's database URL (null when the run uses in-process PGlite). */
    databaseUrl: string | null;
  }
}

/**
 * The line a test run prints about its database, and the refusal CI gets when that database is not
 * PostgreSQL (PGlite stands in on a machine without one, but CI must test the real server).
 */
export function databaseBanner(source: TestDatabase['source'], detail: string, env: Record<string, string | undefined>): string {
  if (source === 'pglite') {
    if (env.CI === 'true') {
      throw new Error('Integration tests would run on PGlite, but CI must run them on PostgreSQL: set DATABASE_URL (or provide a container runtime).');
    }
    return `Integration tests use PGlite (embedded), NOT PostgreSQL: set DATABASE_URL to run the real PostgreSQL tier.`;
  }
  return `Integration tests use PostgreSQL ${detail} (${source})`;
}

/** The server's version and the database name, e.g. "15.8, database cp_test_x". */
export async function describeServerDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>("SELECT current_setting('server_version') AS version");
    return `${rows[0]?.version ?? 'unknown version'}, database ${new URL(url).pathname.slice(1)}`;
  } finally {
    await client.end();
  }
}
