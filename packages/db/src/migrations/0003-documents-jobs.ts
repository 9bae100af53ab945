import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Uploaded documents (contracts and evidence) with their bytes stored beside them in the same
 * transaction, what analysis found in them, and the background jobs that analyse them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    CREATE TABLE documents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('contract', 'evidence')),
      name text NOT NULL,
      filename text NOT NULL,
      file_kind text NOT NULL,
      content_type text NOT NULL,
      size_bytes int NOT NULL,
      sha256 text NOT NULL,
      description text,
      document_type text,
      suggested_document_type text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
      error text,
      analysis_provider text,
      analysis_model text,
      analyzed_at timestamptz,
      uploaded_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (tenant_id, organization_id) REFERENCES tenants (id, organization_id)
    );
    CREATE INDEX documents_tenant_idx ON documents (tenant_id, kind, created_at DESC);
    ALTER TABLE documents ADD CONSTRAINT documents_id_tenant_key UNIQUE (id, tenant_id);

    CREATE TABLE document_files (
      document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
      tenant_id uuid NOT NULL,
      content bytea NOT NULL,
      FOREIGN KEY (document_id, tenant_id) REFERENCES documents (id, tenant_id) ON DELETE CASCADE
    );

    ALTER TABLE tenant_requirements ADD COLUMN document_id uuid REFERENCES documents(id) ON DELETE CASCADE;
    CREATE INDEX tenant_requirements_document_idx ON tenant_requirements (document_id) WHERE document_id IS NOT NULL;

    CREATE TABLE contract_obligations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      ordinal int NOT NULL,
      clause text,
      text text NOT NULL,
      domain_number int NOT NULL CHECK (domain_number BETWEEN 1 AND 15),
      confidence real NOT NULL,
      tenant_requirement_id uuid REFERENCES tenant_requirements(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (document_id, ordinal),
      FOREIGN KEY (tenant_id, organization_id) REFERENCES tenants (id, organization_id)
    );
    CREATE INDEX contract_obligations_requirement_idx ON contract_obligations (tenant_requirement_id);

    CREATE TABLE evidence_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      tenant_requirement_id uuid NOT NULL REFERENCES tenant_requirements(id) ON DELETE CASCADE,
      confidence real NOT NULL,
      excerpt text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (document_id, tenant_requirement_id),
      FOREIGN KEY (tenant_id, organization_id) REFERENCES tenants (id, organization_id)
    );
    CREATE INDEX evidence_links_requirement_idx ON evidence_links (tenant_requirement_id);

    CREATE TABLE jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      name text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed', 'timed_out')),
      stage text NOT NULL DEFAULT 'Queued',
      percent int NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
      attempts int NOT NULL DEFAULT 0,
      error text,
      result jsonb,
      provider text,
      model text,
      deadline_at timestamptz NOT NULL,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (tenant_id, organization_id) REFERENCES tenants (id, organization_id)
    );
    CREATE INDEX jobs_tenant_idx ON jobs (tenant_id, created_at DESC);
    CREATE INDEX jobs_open_idx ON jobs (status) WHERE status IN ('queued', 'running');

    GRANT SELECT, INSERT, UPDATE, DELETE ON documents, document_files, contract_obligations, evidence_links, jobs TO compliance_app;
  `);
  for (const table of ['documents', 'document_files', 'contract_obligations', 'evidence_links', 'jobs']) {
    const orgClause = table === 'document_files' ? '' : ' OR organization_id = ANY ((SELECT app_org_ids())::uuid[])';
    await runScript(db, `
      ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
      CREATE POLICY ${table}_scope ON ${table}
        USING ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[])${orgClause})
        WITH CHECK ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[])${orgClause});
    `);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
