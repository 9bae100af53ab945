import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * One row per tenant and day (UTC) with the requirement counts by status the dashboard shows, so the
 * trend of the compliance rate can be drawn. Written on every status change and by the periodic
 * snapshot (both upsert the day's row), and reconstructed from the audit trail for the days before it
 * existed (`source = 'backfill'`). Row-level security like the tenant's requirements.
 * The audit trail gets an index by tenant and time for the activity of a period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    CREATE TABLE tenant_daily_metrics (
      tenant_id uuid NOT NULL REFERENCES tenants(id),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      day date NOT NULL,
      total int NOT NULL CHECK (total >= 0),
      compliant int NOT NULL CHECK (compliant >= 0),
      in_progress int NOT NULL CHECK (in_progress >= 0),
      not_started int NOT NULL CHECK (not_started >= 0),
      not_applicable int NOT NULL CHECK (not_applicable >= 0),
      source text NOT NULL CHECK (source IN ('snapshot', 'backfill')),
      recorded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_id, day),
      FOREIGN KEY (tenant_id, organization_id) REFERENCES tenants (id, organization_id)
    );
    CREATE INDEX tenant_daily_metrics_organization_idx ON tenant_daily_metrics (organization_id, day);
    CREATE INDEX audit_logs_tenant_idx ON audit_logs (tenant_id, timestamp DESC) WHERE tenant_id IS NOT NULL;

    GRANT SELECT, INSERT, UPDATE ON tenant_daily_metrics TO compliance_app;

    ALTER TABLE tenant_daily_metrics ENABLE ROW LEVEL SECURITY;
    ALTER TABLE tenant_daily_metrics FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_daily_metrics_scope ON tenant_daily_metrics
      USING ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[]) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]))
      WITH CHECK ((SELECT app_all()) OR tenant_id = ANY ((SELECT app_tenant_ids())::uuid[]) OR organization_id = ANY ((SELECT app_org_ids())::uuid[]));
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
