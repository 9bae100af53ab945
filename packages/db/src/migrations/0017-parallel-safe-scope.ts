import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The scope helpers that row-level security policies call are marked PARALLEL SAFE, so PostgreSQL may
 * spread a large scan (an organization's roll-up over its hundreds of thousands of requirement rows)
 * across parallel workers. They only read the transaction's app.* settings, which PostgreSQL copies to
 * every worker it starts, so each worker filters rows by the same scope as the leader.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    ALTER FUNCTION app_all() PARALLEL SAFE;
    ALTER FUNCTION app_user_id() PARALLEL SAFE;
    ALTER FUNCTION app_org_ids() PARALLEL SAFE;
    ALTER FUNCTION app_tenant_ids() PARALLEL SAFE;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
