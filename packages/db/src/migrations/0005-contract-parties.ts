import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Who is who in a contract: the two sides' names as the preamble gives them, the side the tenant is on
 * (the side that provides the service unless the tenant says otherwise), the party each obligation falls
 * on, and the earlier contract a near-identical upload repeats. Files are looked up by their SHA-256
 * within a tenant, so the same file is not stored twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    ALTER TABLE documents
      ADD COLUMN provider_name text,
      ADD COLUMN customer_name text,
      ADD COLUMN contract_side text NOT NULL DEFAULT 'provider' CHECK (contract_side IN ('provider', 'customer')),
      ADD COLUMN duplicate_of uuid REFERENCES documents(id) ON DELETE SET NULL;
    CREATE INDEX documents_tenant_sha256_idx ON documents (tenant_id, sha256);

    ALTER TABLE contract_obligations
      ADD COLUMN party text NOT NULL DEFAULT 'provider' CHECK (party IN ('provider', 'customer', 'both'));
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    ALTER TABLE contract_obligations DROP COLUMN party;
    DROP INDEX documents_tenant_sha256_idx;
    ALTER TABLE documents DROP COLUMN duplicate_of, DROP COLUMN contract_side, DROP COLUMN customer_name, DROP COLUMN provider_name;
  `);
}
