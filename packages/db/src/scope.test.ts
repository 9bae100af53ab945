import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from './connect';
import { type AccessScope, withScope } from './scope';
import { openTestDatabase } from './testing/test-database';

const url = inject('databaseUrl');
const tenant = '7a1b0c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const user = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b';
const scope: AccessScope = { userId: user, all: false, organizationIds: [], tenantIds: [tenant] };

const settings = sql<{ role: string; all: string; user_id: string; tenant_ids: string; in_tx: boolean }>`
  SELECT current_user AS role, current_setting('app.all', true) AS all, current_setting('app.user_id', true) AS user_id,
    current_setting('app.tenant_ids', true) AS tenant_ids, now() < statement_timestamp() AS in_tx`;

// The embedded database and a PostgreSQL server open scoped transactions differently (one round trip on a server).
const databases: Array<[string, () => Promise<DatabaseHandle>]> = [['embedded PGlite', () => openTestDatabase(null)]];
if (url) databases.push(['PostgreSQL', () => openTestDatabase(url)]);

describe.each(databases)('withScope on %s', (_name, open: () => Promise<DatabaseHandle>) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => handle.close());

  it('acts as the application role with the scope inside one transaction, and leaves nothing behind', async () => {
    const inside = await withScope(handle.db, scope, async (tx) => {
      await sql`SELECT pg_sleep(0.01)`.execute(tx);
      return (await settings.execute(tx)).rows[0]!;
    });
    // now() is the transaction's start: later than the statement's start only inside a transaction.
    expect(inside).toEqual({ role: 'compliance_app', all: 'off', user_id: user, tenant_ids: `{${tenant}}`, in_tx: true });
    const after = (await settings.execute(handle.db)).rows[0]!;
    expect(after.role).not.toBe('compliance_app');
    expect(after.all ?? '').toBe('');
  });

  it('rolls back what a failing transaction did and hands the connection on clean', async () => {
    const failing = withScope(handle.db, scope, async (tx) => {
      await sql`SELECT set_config('app.all', 'on', false)`.execute(tx);
      throw new Error('failed half-way');
    });
    await expect(failing).rejects.toThrow('failed half-way');
    const next = await withScope(handle.db, { ...scope, tenantIds: [] }, async (tx) => (await settings.execute(tx)).rows[0]!);
    expect(next.all).toBe('off');
    expect(next.tenant_ids).toBe('{}');
    expect((await settings.execute(handle.db)).rows[0]!.all ?? '').toBe('');
  });

  it('refuses an id that is not a UUID before anything is sent', async () => {
    await expect(withScope(handle.db, { ...scope, tenantIds: ["x', true), set_config('app.all', 'on"] }, async () => 1)).rejects.toThrow(
      'Invalid id in access scope',
    );
    await expect(withScope(handle.db, { ...scope, userId: "'; DROP TABLE users; --" }, async () => 1)).rejects.toThrow(
      'Invalid id in access scope',
    );
  });
});

// Parallel workers exist on a PostgreSQL server only (the embedded database runs a single process).
if (url) {
  describe('row-level security in parallel workers', () => {
    let handle: DatabaseHandle;
    const other = '2c3d4e5f-6071-4829-9a0b-1c2d3e4f5a6b';
    beforeAll(async () => {
      handle = await openTestDatabase(url);
      await sql`CREATE TABLE scope_parallel_probe (tenant_id uuid NOT NULL, n int NOT NULL)`.execute(handle.db);
      await sql`INSERT INTO scope_parallel_probe SELECT CASE WHEN g % 4 = 0 THEN ${tenant}::uuid ELSE ${other}::uuid END, g FROM generate_series(1, 200000) g`.execute(handle.db);
      await sql.raw(`
        ALTER TABLE scope_parallel_probe ENABLE ROW LEVEL SECURITY;
        ALTER TABLE scope_parallel_probe FORCE ROW LEVEL SECURITY;
        CREATE POLICY scope_parallel_probe_scope ON scope_parallel_probe USING ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[]));
        GRANT SELECT ON scope_parallel_probe TO compliance_app;
        ANALYZE scope_parallel_probe;
      `).execute(handle.db);
    });
    afterAll(async () => {
      await sql`DROP TABLE IF EXISTS scope_parallel_probe`.execute(handle.db);
      await handle.close();
    });

    it('filters every worker by the scope of the transaction that started it', async () => {
      const plans = await withScope(handle.db, scope, async (tx) => {
        await sql`SELECT set_config('parallel_setup_cost', '0', true), set_config('parallel_tuple_cost', '0', true), set_config('min_parallel_table_scan_size', '0', true)`.execute(tx);
        const run = async (query: string) => {
          const explained = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${query}`).execute(tx);
          const counted = await sql.raw<{ n: number }>(query).execute(tx);
          return { plan: explained.rows.map((r) => r['QUERY PLAN']).join('\n'), count: counted.rows[0]!.n };
        };
        // Through the policy (its scope functions in sub-selects, evaluated once) and with the function called
        // in each worker's own filter: both must count only the scope's rows.
        return [
          await run('SELECT count(*)::int AS n FROM scope_parallel_probe'),
          await run('SELECT count(*)::int AS n FROM scope_parallel_probe WHERE tenant_id = ANY (app_tenant_ids())'),
        ];
      });
      for (const { plan, count } of plans) {
        expect(plan).toMatch(/Workers Launched: [1-9]/);
        expect(count).toBe(50000);
      }
    });
  });
}
