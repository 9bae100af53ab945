import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The unified catalog (global, versioned data) and each tenant's compliance state per requirement.
 * Tenant rows exist for every catalog requirement, so changing a tenant's frameworks or loading a
 * new catalog release never loses a response.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    CREATE TABLE catalog_releases (
      version text PRIMARY KEY,
      requirement_count int NOT NULL,
      loaded_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE catalog_requirements (
      key text PRIMARY KEY,
      catalog_version text NOT NULL,
      domain_number int NOT NULL CHECK (domain_number BETWEEN 1 AND 15),
      domain_index int NOT NULL,
      text text NOT NULL,
      priority text NOT NULL CHECK (priority IN ('High', 'Medium', 'Low')),
      keywords text[] NOT NULL DEFAULT '{}',
      frameworks text[] NOT NULL,
      control_ids jsonb NOT NULL,
      retired_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX catalog_requirements_frameworks_idx ON catalog_requirements USING gin (frameworks);

    CREATE TABLE tenant_requirements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      source_type text NOT NULL CHECK (source_type IN ('framework', 'contract')),
      catalog_key text REFERENCES catalog_requirements(key),
      text text,
      domain_number int CHECK (domain_number BETWEEN 1 AND 15),
      priority text CHECK (priority IN ('High', 'Medium', 'Low')),
      status text NOT NULL DEFAULT 'Not Started',
      user_response text,
      suggested_response text,
      suggested_by text,
      owner_user_id uuid REFERENCES users(id),
      updated_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (tenant_id, organization_id) REFERENCES tenants (id, organization_id),
      CONSTRAINT tenant_requirements_catalog_or_text CHECK (catalog_key IS NOT NULL OR (text IS NOT NULL AND domain_number IS NOT NULL))
    );
    CREATE UNIQUE INDEX tenant_requirements_catalog_key ON tenant_requirements (tenant_id, catalog_key) WHERE catalog_key IS NOT NULL;
    CREATE INDEX tenant_requirements_tenant_idx ON tenant_requirements (tenant_id, status);
    CREATE INDEX tenant_requirements_organization_idx ON tenant_requirements (organization_id);

    GRANT SELECT, INSERT, UPDATE ON catalog_releases, catalog_requirements TO compliance_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON tenant_requirements TO compliance_app;

    ALTER TABLE tenant_requirements ENABLE ROW LEVEL SECURITY;
    ALTER TABLE tenant_requirements FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_requirements_scope ON tenant_requirements
      USING ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[]) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]))
      WITH CHECK ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[]) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]));
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
