import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase } from './connect';
import type {} from './testing/test-database';

const url = inject('databaseUrl');

describe.runIf(url)('PostgreSQL pool', () => {
  it('survives the server closing its idle connections (a restart) and reconnects on the next query', async () => {
    const handle = await connectDatabase({ databaseUrl: url!, poolSize: 2 });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const before = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
      const pid = before.rows[0]!.pid;
      const admin = new pg.Client({ connectionString: url! });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
      expect(after.rows[0]!.pid).not.toBe(pid);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await handle.close();
    }
  });

  it('fails only the transaction whose connection is cut mid-way, without crashing the process', async () => {
    const handle = await connectDatabase({ databaseUrl: url!, poolSize: 2 });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const cut = handle.db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx);
        const admin = new pg.Client({ connectionString: url! });
        await admin.connect();
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`SELECT 1`.execute(tx);
      });
      await expect(cut).rejects.toThrow();
      const after = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
      expect(after.rows[0]!.one).toBe(1);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await handle.close();
    }
  });
});

describe('embedded database template', () => {
  it('starts an empty data folder from the template, and a folder that holds a database from itself', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'cp-template-'));
    try {
      const template = path.join(folder, 'template');
      const source = await PGlite.create(template);
      await source.exec("CREATE TABLE marker (note text); INSERT INTO marker VALUES ('from the template')");
      await source.close();

      const dataDir = path.join(folder, 'pglite');
      const first = await connectDatabase({ dataDir, template });
      expect((await sql<{ note: string }>`SELECT note FROM marker`.execute(first.db)).rows).toEqual([{ note: 'from the template' }]);
      await sql`UPDATE marker SET note = 'changed since'`.execute(first.db);
      await first.close();

      const again = await connectDatabase({ dataDir, template });
      expect((await sql<{ note: string }>`SELECT note FROM marker`.execute(again.db)).rows).toEqual([{ note: 'changed since' }]);
      await again.close();
      // The template itself is never written to.
      const original = await PGlite.create(template);
      expect((await original.query<{ note: string }>('SELECT note FROM marker')).rows).toEqual([{ note: 'from the template' }]);
      await original.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
