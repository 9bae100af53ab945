import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Every personal API token expires. Tokens made without an expiry get 90 days from now, the default
 * for new ones, and the column no longer accepts none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    UPDATE api_tokens SET expires_at = now() + interval '90 days' WHERE expires_at IS NULL;
    ALTER TABLE api_tokens ALTER COLUMN expires_at SET NOT NULL;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
