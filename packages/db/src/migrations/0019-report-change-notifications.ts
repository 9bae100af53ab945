import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * A statement that changes what a dashboard or a roll-up shows announces it on the `tenant_changed`
 * channel: '<tenant id> <organization id>' for a tenant's data, ' <organization id>' for the
 * organization's own row, '*' for the catalog, which every tenant reads (no other data: a listener only
 * drops what it keeps). Servers keep recent reports and drop them as they hear (report-cache.ts),
 * whichever process made the change (server, worker, command line). Statement-level triggers read each
 * statement's transition tables, so an analysis that writes hundreds of rows announces its tenant once,
 * and PostgreSQL folds repeats within a transaction and delivers at commit.
 * The tables are those the dashboard and roll-up statements read: organizations, tenants,
 * tenant_requirements (and so the contract counts kept from it), documents, evidence_links and
 * catalog_requirements.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    -- TG_ARGV: the column holding the tenant ('' for none) and the one holding the organization, or '*' alone
    -- for every tenant. Only the transition tables of the trigger's event exist. A statement that changed
    -- no row announces nothing.
    CREATE FUNCTION tenant_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      announced text := CASE
        WHEN TG_ARGV[0] = '*' THEN quote_literal('*')
        WHEN TG_ARGV[0] = '' THEN format(''' '' || %I::text', TG_ARGV[1])
        ELSE format('%I::text || '' '' || %I::text', TG_ARGV[0], TG_ARGV[1]) END;
      changed text := CASE TG_OP
        WHEN 'INSERT' THEN format('SELECT %s AS payload FROM changed_new', announced)
        WHEN 'DELETE' THEN format('SELECT %s AS payload FROM changed_old', announced)
        ELSE format('SELECT %1$s AS payload FROM changed_new UNION SELECT %1$s FROM changed_old', announced) END;
    BEGIN
      EXECUTE 'SELECT count(pg_notify(''tenant_changed'', payload)) FROM (SELECT DISTINCT payload FROM (' || changed || ') rows) payloads';
      RETURN NULL;
    END $$;

    DO $$
    DECLARE
      watched text[][] := ARRAY[
        ['organizations', '', 'id'], ['tenants', 'id', 'organization_id'], ['tenant_requirements', 'tenant_id', 'organization_id'],
        ['documents', 'tenant_id', 'organization_id'], ['evidence_links', 'tenant_id', 'organization_id'], ['catalog_requirements', '*', '']];
      i int;
    BEGIN
      FOR i IN 1 .. array_length(watched, 1) LOOP
        EXECUTE format('CREATE TRIGGER %1$s_changed_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION tenant_changed_notify(%2$L, %3$L)', watched[i][1], watched[i][2], watched[i][3]);
        EXECUTE format('CREATE TRIGGER %1$s_changed_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION tenant_changed_notify(%2$L, %3$L)', watched[i][1], watched[i][2], watched[i][3]);
        EXECUTE format('CREATE TRIGGER %1$s_changed_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION tenant_changed_notify(%2$L, %3$L)', watched[i][1], watched[i][2], watched[i][3]);
      END LOOP;
    END $$;
  `);
}
