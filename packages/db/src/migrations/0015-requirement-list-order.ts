import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The Security Requirements list order kept on each tenant requirement, so a page of the list is read
 * straight off one index (keyset pagination) instead of sorting the tenant's whole list per page.
 * The order is the screen's: domain, catalog requirements before contract ones, the catalog index,
 * then the order they were added (created_at, id).
 *  - list_domain: the catalog requirement's domain, else the row's own (contract requirements);
 *  - list_source: 0 for a catalog (framework) requirement, 1 for a contract requirement;
 *  - list_index: the catalog index in the domain, 0 when there is none.
 * Existing rows are filled in every tenant at once (app.all for this transaction: the table's
 * row-level security binds its owner too). Triggers keep the columns true: a row takes them from the catalog when written, and a catalog release
 * that moves a requirement (domain or index) moves every tenant's row with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    ALTER TABLE tenant_requirements
      ADD COLUMN list_domain int,
      ADD COLUMN list_source smallint,
      ADD COLUMN list_index int;

    SELECT set_config('app.all', 'on', true);
    UPDATE tenant_requirements tr SET
      list_domain = coalesce((SELECT c.domain_number FROM catalog_requirements c WHERE c.key = tr.catalog_key), tr.domain_number),
      list_source = CASE tr.source_type WHEN 'framework' THEN 0 ELSE 1 END,
      list_index = coalesce((SELECT c.domain_index FROM catalog_requirements c WHERE c.key = tr.catalog_key), 0);

    ALTER TABLE tenant_requirements
      ALTER COLUMN list_domain SET NOT NULL,
      ALTER COLUMN list_source SET NOT NULL,
      ALTER COLUMN list_index SET NOT NULL;

    CREATE INDEX tenant_requirements_list_order_idx
      ON tenant_requirements (tenant_id, list_domain, list_source, list_index, created_at, id);

    CREATE OR REPLACE FUNCTION tenant_requirements_list_order() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      catalog_domain int;
      catalog_index int;
    BEGIN
      IF NEW.catalog_key IS NOT NULL THEN
        SELECT c.domain_number, c.domain_index INTO catalog_domain, catalog_index FROM catalog_requirements c WHERE c.key = NEW.catalog_key;
      END IF;
      NEW.list_domain := coalesce(catalog_domain, NEW.domain_number);
      NEW.list_source := CASE NEW.source_type WHEN 'framework' THEN 0 ELSE 1 END;
      NEW.list_index := coalesce(catalog_index, 0);
      RETURN NEW;
    END $$;
    CREATE TRIGGER tenant_requirements_list_order BEFORE INSERT OR UPDATE OF catalog_key, domain_number, source_type
      ON tenant_requirements FOR EACH ROW EXECUTE FUNCTION tenant_requirements_list_order();

    CREATE OR REPLACE FUNCTION catalog_requirements_list_order() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE tenant_requirements tr SET list_domain = c.domain_number, list_index = c.domain_index
      FROM moved c
      WHERE tr.catalog_key = c.key AND (tr.list_domain, tr.list_index) IS DISTINCT FROM (c.domain_number, c.domain_index);
      RETURN NULL;
    END $$;
    CREATE TRIGGER catalog_requirements_list_order AFTER UPDATE ON catalog_requirements
      REFERENCING NEW TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION catalog_requirements_list_order();
  `);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
