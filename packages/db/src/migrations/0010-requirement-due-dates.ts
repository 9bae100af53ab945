import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Work: a requirement may be due by a date. An index on (tenant, owner) serves "what is assigned to me"
 * and the owner filter; the table's row-level security already covers the new column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE tenant_requirements ADD COLUMN due_date date;
    CREATE INDEX tenant_requirements_owner_idx ON tenant_requirements (tenant_id, owner_user_id) WHERE owner_user_id IS NOT NULL;
    `,
  );
}
