import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Evidence that expires and is renewed: the day an evidence document stops counting as support
 * (`expires_on`, none by default), and the version that replaced it (`superseded_by`: the earlier
 * versions of a document stay as its history and go with it when it is deleted). A link carried over
 * from an earlier version names that version (`carried_from`), so the new version's own analysis adds to
 * what was carried instead of dropping it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    ALTER TABLE documents
      ADD COLUMN expires_on date,
      ADD COLUMN superseded_by uuid REFERENCES documents(id) ON DELETE CASCADE;
    CREATE INDEX documents_expiry_idx ON documents (tenant_id, expires_on) WHERE expires_on IS NOT NULL;
    CREATE INDEX documents_superseded_idx ON documents (superseded_by) WHERE superseded_by IS NOT NULL;

    ALTER TABLE evidence_links ADD COLUMN carried_from uuid REFERENCES documents(id) ON DELETE SET NULL;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
