import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The text of each analysed document, cut into passages, so the assistant can find and quote what a
 * report or policy says. A full-text index narrows the candidates; ranking is done by the reader.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    CREATE TABLE document_passages (
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      tenant_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      ordinal int NOT NULL,
      text text NOT NULL,
      search tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
      PRIMARY KEY (document_id, ordinal),
      FOREIGN KEY (document_id, tenant_id) REFERENCES documents (id, tenant_id) ON DELETE CASCADE
    );
    CREATE INDEX document_passages_search_idx ON document_passages USING gin (search);
    CREATE INDEX document_passages_tenant_idx ON document_passages (tenant_id);
    GRANT SELECT, INSERT, UPDATE, DELETE ON document_passages TO compliance_app;
    ALTER TABLE document_passages ENABLE ROW LEVEL SECURITY;
    ALTER TABLE document_passages FORCE ROW LEVEL SECURITY;
    CREATE POLICY document_passages_scope ON document_passages
      USING ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[]) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]))
      WITH CHECK ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[]) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]));
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, 'DROP TABLE document_passages;');
}
