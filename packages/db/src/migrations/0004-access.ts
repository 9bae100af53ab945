import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Access for people and programs: personal API tokens, TOTP factors with their recovery codes, the
 * short-lived challenges between the password and the second step of a login, and the organization
 * flag that requires MFA. Every table is per user: row-level security lets a scoped transaction see
 * only the acting user's rows (login and token resolution run in the named system scope).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    ALTER TABLE organizations ADD COLUMN require_mfa boolean NOT NULL DEFAULT false;

    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      token_prefix text NOT NULL,
      expires_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC);

    CREATE TABLE mfa_factors (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      secret_encrypted text NOT NULL,
      confirmed_at timestamptz,
      last_used_step bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE mfa_recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mfa_recovery_codes_user_idx ON mfa_recovery_codes (user_id);

    CREATE TABLE login_challenges (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users(id),
      purpose text NOT NULL CHECK (purpose IN ('mfa', 'enroll')),
      remember_me boolean NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_challenges_user_idx ON login_challenges (user_id);
  `);

  await runScript(db, `
    GRANT SELECT, INSERT, UPDATE, DELETE ON api_tokens, mfa_factors, mfa_recovery_codes, login_challenges TO compliance_app;
  `);

  for (const table of ['api_tokens', 'mfa_factors', 'mfa_recovery_codes', 'login_challenges']) {
    await runScript(db, `
      ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
      CREATE POLICY ${table}_owner ON ${table}
        USING ((SELECT app_all()) OR user_id = (SELECT app_user_id()))
        WITH CHECK ((SELECT app_all()) OR user_id = (SELECT app_user_id()));
    `);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
