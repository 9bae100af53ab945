import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * A statement that changes what a tenant's dashboard shows announces the tenant on the `tenant_changed`
 * channel, with the tenant's id as the only payload; a change to the catalog, which every tenant reads,
 * announces '*'. Servers keep recent dashboards and drop a tenant's as they hear it (dashboard-cache.ts),
 * whichever process made the change (server, worker, command line). Statement-level triggers read each
 * statement's transition tables, so an analysis that writes hundreds of rows announces its tenant once,
 * and PostgreSQL folds repeats within a transaction and delivers at commit.
 * The tables are those the dashboard statement reads: tenants (by `id`), tenant_requirements (and so
 * the contract counts kept from it), documents and evidence_links (by `tenant_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    -- TG_ARGV[0] names the column holding the tenant ('*' announces every tenant), and only the transition
    -- tables of the trigger's event exist. A statement that changed no row announces nothing.
    CREATE FUNCTION tenant_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      tenant text := CASE TG_ARGV[0] WHEN '*' THEN quote_literal('*') ELSE quote_ident(TG_ARGV[0]) END;
      changed text := CASE TG_OP
        WHEN 'INSERT' THEN format('SELECT %s AS tenant FROM changed_new', tenant)
        WHEN 'DELETE' THEN format('SELECT %s AS tenant FROM changed_old', tenant)
        ELSE format('SELECT %1$s AS tenant FROM changed_new UNION SELECT %1$s FROM changed_old', tenant) END;
    BEGIN
      EXECUTE 'SELECT count(pg_notify(''tenant_changed'', tenant::text)) FROM (SELECT DISTINCT tenant FROM (' || changed || ') rows) tenants';
      RETURN NULL;
    END $$;

    DO $$
    DECLARE
      watched text[][] := ARRAY[['tenants', 'id'], ['tenant_requirements', 'tenant_id'], ['documents', 'tenant_id'], ['evidence_links', 'tenant_id'], ['catalog_requirements', '*']];
      i int;
    BEGIN
      FOR i IN 1 .. array_length(watched, 1) LOOP
        EXECUTE format('CREATE TRIGGER %1$s_changed_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION tenant_changed_notify(%2$L)', watched[i][1], watched[i][2]);
        EXECUTE format('CREATE TRIGGER %1$s_changed_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION tenant_changed_notify(%2$L)', watched[i][1], watched[i][2]);
        EXECUTE format('CREATE TRIGGER %1$s_changed_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION tenant_changed_notify(%2$L)', watched[i][1], watched[i][2]);
      END LOOP;
    END $$;
  `);
}
