import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Administrator-issued password resets: one pending reset code per user (only its SHA-256, with an
 * expiry), and a login challenge purpose for the new password the code's sign-in must choose before
 * any session exists. `password_reset` marks the challenges of such a sign-in through the MFA step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    ALTER TABLE login_challenges DROP CONSTRAINT IF EXISTS login_challenges_purpose_check;
    ALTER TABLE login_challenges ADD CONSTRAINT login_challenges_purpose_check CHECK (purpose IN ('mfa', 'enroll', 'password'));
    ALTER TABLE login_challenges ADD COLUMN password_reset boolean NOT NULL DEFAULT false;

    CREATE TABLE password_resets (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    GRANT SELECT, INSERT, UPDATE, DELETE ON password_resets TO compliance_app;
    ALTER TABLE password_resets ENABLE ROW LEVEL SECURITY;
    ALTER TABLE password_resets FORCE ROW LEVEL SECURITY;
    CREATE POLICY password_resets_owner ON password_resets
      USING ((SELECT app_all()) OR user_id = (SELECT app_user_id()))
      WITH CHECK ((SELECT app_all()) OR user_id = (SELECT app_user_id()));
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
