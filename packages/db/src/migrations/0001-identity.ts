import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Identity and tenancy: users, organizations, tenants, memberships, tenant access, sessions,
 * login throttling and the append-only audit trail, with row-level security on the
 * organization- and tenant-scoped tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    DO $$ BEGIN
      CREATE ROLE compliance_app NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$;
  `);
  await runScript(db, `
    DO $$ BEGIN
      EXECUTE format('GRANT compliance_app TO %I', current_user);
    EXCEPTION WHEN others THEN NULL;
    END $$;
  `);
  await runScript(db, `GRANT USAGE ON SCHEMA public TO compliance_app`);

  // Scope helpers: the data-access layer sets these per transaction (set_config(..., true)).
  await runScript(db, `
    CREATE OR REPLACE FUNCTION app_all() RETURNS boolean LANGUAGE sql STABLE AS
      $$ SELECT coalesce(current_setting('app.all', true), '') = 'on' $$;
    CREATE OR REPLACE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS
      $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
    CREATE OR REPLACE FUNCTION app_org_ids() RETURNS uuid[] LANGUAGE sql STABLE AS
      $$ SELECT coalesce(nullif(current_setting('app.org_ids', true), ''), '{}')::uuid[] $$;
    CREATE OR REPLACE FUNCTION app_tenant_ids() RETURNS uuid[] LANGUAGE sql STABLE AS
      $$ SELECT coalesce(nullif(current_setting('app.tenant_ids', true), ''), '{}')::uuid[] $$;
  `);

  await runScript(db, `
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      username text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      full_name text,
      role text NOT NULL DEFAULT 'Viewer' CHECK (role IN ('Admin', 'Editor', 'Viewer')),
      is_product_admin boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_username_key ON users (lower(username));
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      domain text,
      logo_url text,
      description text,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX organizations_domain_key ON organizations (lower(domain)) WHERE domain IS NOT NULL;

    CREATE TABLE tenants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      description text,
      assigned_frameworks text[] NOT NULL DEFAULT '{}',
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX tenants_organization_idx ON tenants (organization_id);
    -- Lets tenant-scoped tables prove their organization_id is their tenant's own (composite foreign keys).
    ALTER TABLE tenants ADD CONSTRAINT tenants_id_organization_key UNIQUE (id, organization_id);

    CREATE TABLE memberships (
      user_id uuid NOT NULL REFERENCES users(id),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      role text NOT NULL CHECK (role IN ('manager', 'member')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, organization_id)
    );
    CREATE INDEX memberships_organization_idx ON memberships (organization_id);

    CREATE TABLE tenant_access (
      user_id uuid NOT NULL REFERENCES users(id),
      tenant_id uuid NOT NULL REFERENCES tenants(id),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, tenant_id),
      FOREIGN KEY (tenant_id, organization_id) REFERENCES tenants (id, organization_id)
    );
    CREATE INDEX tenant_access_tenant_idx ON tenant_access (tenant_id);

    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users(id),
      csrf_token text NOT NULL,
      persistent boolean NOT NULL,
      expires_at timestamptz NOT NULL,
      current_organization_id uuid REFERENCES organizations(id),
      current_tenant_id uuid REFERENCES tenants(id),
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);

    CREATE TABLE login_failures (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      username text NOT NULL,
      ip text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_failures_username_idx ON login_failures (lower(username), created_at);
    CREATE INDEX login_failures_ip_idx ON login_failures (ip, created_at);

    CREATE TABLE audit_logs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      timestamp timestamptz NOT NULL DEFAULT now(),
      user_id uuid REFERENCES users(id),
      username text NOT NULL,
      action text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      organization_id uuid REFERENCES organizations(id),
      tenant_id uuid REFERENCES tenants(id),
      ip text,
      FOREIGN KEY (tenant_id, organization_id) REFERENCES tenants (id, organization_id)
    );
    CREATE INDEX audit_logs_timestamp_idx ON audit_logs (timestamp DESC);
    CREATE INDEX audit_logs_organization_idx ON audit_logs (organization_id, timestamp DESC);
  `);

  // The audit trail is append-only for every role, the owner included.
  await runScript(db, `
    CREATE OR REPLACE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER audit_logs_no_update BEFORE UPDATE OR DELETE ON audit_logs
      FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();
    CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
      FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();
  `);

  await runScript(db, `
    GRANT SELECT, INSERT, UPDATE, DELETE ON users, organizations, tenants, memberships, tenant_access,
      sessions, login_failures TO compliance_app;
    GRANT SELECT, INSERT ON audit_logs TO compliance_app;
  `);

  // Row-level security: the second wall behind the scoped data-access path.
  await runScript(db, `
    ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
    ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenants_scope ON tenants
      USING ((SELECT app_all()) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]) OR id = ANY ((SELECT app_tenant_ids())::uuid[]))
      WITH CHECK ((SELECT app_all()) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]));

    ALTER TABLE tenant_access ENABLE ROW LEVEL SECURITY;
    ALTER TABLE tenant_access FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_access_scope ON tenant_access
      USING ((SELECT app_all()) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[])
             OR user_id = (SELECT app_user_id()))
      WITH CHECK ((SELECT app_all()) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]));

    ALTER TABLE audit_logs ENABLE ROW LEVEL SECURITY;
    ALTER TABLE audit_logs FORCE ROW LEVEL SECURITY;
    CREATE POLICY audit_logs_read ON audit_logs FOR SELECT
      USING ((SELECT app_all()) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[])
             OR user_id = (SELECT app_user_id()));
    CREATE POLICY audit_logs_write ON audit_logs FOR INSERT
      WITH CHECK ((SELECT app_all()) OR user_id = (SELECT app_user_id()));
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
