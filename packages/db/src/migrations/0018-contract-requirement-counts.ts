import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * A tenant's contract requirements counted by domain and status, held by the database. Catalog
 * requirements are bounded by the catalog, but contract requirements grow with every contract analysed;
 * the dashboard reads these counts instead of counting thousands of rows per request, so its cost stays
 * flat as contracts pile up.
 *  - status_code: 0 Not Started (and any unknown status), 1 In Progress, 2 Compliant, 3 Not Applicable;
 *  - domain_number: the row's list domain (its own domain for a contract requirement).
 * Statement-level triggers on tenant_requirements apply each statement's change once per count, from
 * its transition tables, so a contract analysis that adds hundreds of rows touches each count once.
 * Existing rows are counted once here (app.all for this transaction: row-level security binds the owner).
 * The partial index serves the dashboard's most urgent open contract requirements straight off its order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    CREATE TABLE tenant_contract_counts (
      tenant_id uuid NOT NULL REFERENCES tenants(id),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      domain_number int NOT NULL,
      status_code smallint NOT NULL CHECK (status_code BETWEEN 0 AND 3),
      n int NOT NULL CHECK (n >= 0),
      PRIMARY KEY (tenant_id, domain_number, status_code),
      FOREIGN KEY (tenant_id, organization_id) REFERENCES tenants (id, organization_id)
    );
    GRANT SELECT, INSERT, UPDATE ON tenant_contract_counts TO compliance_app;
    ALTER TABLE tenant_contract_counts ENABLE ROW LEVEL SECURITY;
    ALTER TABLE tenant_contract_counts FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_contract_counts_scope ON tenant_contract_counts
      USING ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[]) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]))
      WITH CHECK ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[]) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]));

    CREATE FUNCTION requirement_status_code(status text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT (CASE status WHEN 'In Progress' THEN 1 WHEN 'Compliant' THEN 2 WHEN 'Not Applicable' THEN 3 ELSE 0 END)::smallint
    $$;
    CREATE FUNCTION requirement_priority_rank(priority text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT (CASE coalesce(priority, 'Medium') WHEN 'High' THEN 0 WHEN 'Medium' THEN 1 ELSE 2 END)::smallint
    $$;

    SELECT set_config('app.all', 'on', true);
    INSERT INTO tenant_contract_counts (tenant_id, organization_id, domain_number, status_code, n)
    SELECT tenant_id, organization_id, list_domain, requirement_status_code(status), count(*)
    FROM tenant_requirements WHERE source_type = 'contract'
    GROUP BY 1, 2, 3, 4;

    -- One function for the three events: a trigger with transition tables has one event, and only the
    -- tables its event has exist, so the rows are read by a statement chosen for the event.
    CREATE FUNCTION tenant_contract_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed text := CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT *, 1 AS d FROM counted_new'
        WHEN 'DELETE' THEN 'SELECT *, -1 AS d FROM counted_old'
        ELSE 'SELECT *, 1 AS d FROM counted_new UNION ALL SELECT *, -1 AS d FROM counted_old' END;
    BEGIN
      -- Existing counts are moved by their delta; a count not held yet is added when it grows (and
      -- folded in, should another transaction add the same one first).
      EXECUTE 'WITH delta AS (
          SELECT tenant_id, organization_id, list_domain AS domain_number, requirement_status_code(status) AS status_code, sum(d)::int AS d
          FROM (' || changed || ') rows WHERE source_type = ''contract'' GROUP BY 1, 2, 3, 4
        ), moved AS (
          UPDATE tenant_contract_counts held SET n = held.n + delta.d FROM delta
          WHERE held.tenant_id = delta.tenant_id AND held.domain_number = delta.domain_number AND held.status_code = delta.status_code AND delta.d <> 0
          RETURNING held.tenant_id, held.domain_number, held.status_code
        )
        INSERT INTO tenant_contract_counts AS held (tenant_id, organization_id, domain_number, status_code, n)
        SELECT tenant_id, organization_id, domain_number, status_code, d FROM delta
        WHERE d > 0 AND NOT EXISTS (SELECT 1 FROM moved m WHERE (m.tenant_id, m.domain_number, m.status_code) = (delta.tenant_id, delta.domain_number, delta.status_code))
        ON CONFLICT (tenant_id, domain_number, status_code) DO UPDATE SET n = held.n + excluded.n';
      RETURN NULL;
    END $$;
    CREATE TRIGGER tenant_contract_counts_insert AFTER INSERT ON tenant_requirements
      REFERENCING NEW TABLE AS counted_new FOR EACH STATEMENT EXECUTE FUNCTION tenant_contract_counts_apply();
    CREATE TRIGGER tenant_contract_counts_update AFTER UPDATE ON tenant_requirements
      REFERENCING OLD TABLE AS counted_old NEW TABLE AS counted_new FOR EACH STATEMENT EXECUTE FUNCTION tenant_contract_counts_apply();
    CREATE TRIGGER tenant_contract_counts_delete AFTER DELETE ON tenant_requirements
      REFERENCING OLD TABLE AS counted_old FOR EACH STATEMENT EXECUTE FUNCTION tenant_contract_counts_apply();

    CREATE INDEX tenant_requirements_open_contract_idx
      ON tenant_requirements (tenant_id, requirement_priority_rank(priority), requirement_status_code(status), list_domain, created_at, id)
      WHERE source_type = 'contract' AND requirement_status_code(status) < 2;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
