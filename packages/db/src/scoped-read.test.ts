import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, connectDatabase } from './connect';
import { type AccessScope, SYSTEM_SCOPE } from './scope';
import { PREPARED_PER_CONNECTION, readInScope } from './scoped-read';
import { openTestDatabase } from './testing/test-database';

const url = inject('databaseUrl');
const user = randomUUID();

const settings = sql<{ role: string; all: string; user_id: string; tenant_ids: string }>`
  SELECT current_user AS role, current_setting('app.all', true) AS all, current_setting('app.user_id', true) AS user_id,
    current_setting('app.tenant_ids', true) AS tenant_ids`;

// One connection on the server, so every read below meets the statements the reads before it prepared.
const databases: Array<[string, () => Promise<DatabaseHandle>]> = [['embedded PGlite', () => openTestDatabase(null)]];
if (url) databases.push(['PostgreSQL', () => connectDatabase({ databaseUrl: url, poolSize: 1 })]);

describe.each(databases)('readInScope on %s', (_name, open: () => Promise<DatabaseHandle>) => {
  let handle: DatabaseHandle;
  let organization: string;
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    handle = await open();
    organization = (await handle.db.insertInto('organizations').values({ name: `Read ${randomUUID()}` }).returning('id').executeTakeFirstOrThrow()).id;
    const tenant = (name: string) =>
      handle.db.insertInto('tenants').values({ organization_id: organization, name, assigned_frameworks: ['NIST'] }).returning('id').executeTakeFirstOrThrow();
    mine = (await tenant('Mine')).id;
    theirs = (await tenant('Theirs')).id;
  });
  afterAll(async () => {
    await handle.db.deleteFrom('tenants').where('organization_id', '=', organization).execute();
    await handle.db.deleteFrom('organizations').where('id', '=', organization).execute();
    await handle.close();
  });
  const scope = (): AccessScope => ({ userId: user, all: false, organizationIds: [], tenantIds: [mine] });

  it('runs the statement as the application role inside the scope, and leaves nothing behind', async () => {
    const [inside] = await readInScope(handle.db, scope(), settings);
    expect(inside).toEqual({ role: 'compliance_app', all: 'off', user_id: user, tenant_ids: `{${mine}}` });
    const [after] = (await settings.execute(handle.db)).rows;
    expect(after!.role).not.toBe('compliance_app');
    expect(after!.all ?? '').toBe('');
  });

  it('sees only the rows row-level security lets the scope see', async () => {
    const query = handle.db.selectFrom('tenants').select(['id', 'name', 'assigned_frameworks']).where('organization_id', '=', organization).orderBy('name');
    expect(await readInScope(handle.db, scope(), query)).toEqual([{ id: mine, name: 'Mine', assigned_frameworks: ['NIST'] }]);
    expect((await readInScope(handle.db, { ...scope(), tenantIds: [theirs] }, query)).map((r) => r.name)).toEqual(['Theirs']);
    expect((await readInScope(handle.db, SYSTEM_SCOPE, query)).map((r) => r.name)).toEqual(['Mine', 'Theirs']);
    expect(await readInScope(handle.db, { ...scope(), tenantIds: [] }, query)).toEqual([]);
  });

  it('passes parameters of every kind and parses the answer as other queries do', async () => {
    const when = new Date('2026-01-02T03:04:05.000Z');
    const [row] = await readInScope(
      handle.db,
      scope(),
      sql<{ at: Date; list: string[]; n: number; json: { a: number } }>`SELECT ${when}::timestamptz AS at, ${['a', 'b']}::text[] AS list, ${41}::int + 1 AS n, ${JSON.stringify({ a: 1 })}::jsonb AS json`,
    );
    expect(row).toEqual({ at: when, list: ['a', 'b'], n: 42, json: { a: 1 } });
  });

  it('rejects with the database error and leaves the connection usable', async () => {
    await expect(readInScope(handle.db, scope(), sql`SELECT 1 / ${0}::int AS x`)).rejects.toThrow(/division by zero/);
    await expect(readInScope(handle.db, scope(), sql`SELECT nonsense FROM`)).rejects.toThrow(/syntax error/);
    const [inside] = await readInScope(handle.db, scope(), settings);
    expect(inside!.tenant_ids).toBe(`{${mine}}`);
    expect((await settings.execute(handle.db)).rows[0]!.role).not.toBe('compliance_app');
  });

  it('refuses an id that is not a UUID before anything is sent', async () => {
    await expect(readInScope(handle.db, { ...scope(), tenantIds: ["x', true), set_config('app.all', 'on"] }, settings)).rejects.toThrow(
      'Invalid id in access scope',
    );
  });

  it('keeps a bounded number of prepared statements on a connection and still answers past it', async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) {
      const [row] = await readInScope(handle.db, scope(), sql.raw<{ n: number }>(`SELECT ${i}::int AS n`));
      expect(row!.n).toBe(i);
    }
    const [count] = await readInScope(handle.db, scope(), sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'cs\\_%'`);
    expect(count!.n).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
  });
});
