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
