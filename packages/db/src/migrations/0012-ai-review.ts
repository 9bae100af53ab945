import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Review of what the AI proposed. Each evidence link and each contract obligation carries a review state
 * (suggested until an Editor accepts or rejects it) with who decided and when; a rejected link is not
 * support. Documents carry an approval: policies saved from the generator start as drafts and support
 * nothing until an Admin approves them. Existing rows keep their meaning: links are suggested and
 * documents approved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    ALTER TABLE evidence_links
      ADD COLUMN review_state text NOT NULL DEFAULT 'suggested' CHECK (review_state IN ('suggested', 'accepted', 'rejected')),
      ADD COLUMN reviewed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN reviewed_at timestamptz;
    ALTER TABLE contract_obligations
      ADD COLUMN review_state text NOT NULL DEFAULT 'suggested' CHECK (review_state IN ('suggested', 'accepted', 'rejected')),
      ADD COLUMN reviewed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN reviewed_at timestamptz;
    ALTER TABLE documents
      ADD COLUMN approval text NOT NULL DEFAULT 'approved' CHECK (approval IN ('draft', 'approved')),
      ADD COLUMN approved_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN approved_at timestamptz;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
