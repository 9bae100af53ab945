import { type Kysely, sql } from 'kysely';
import { CATALOG_VERSION, type CatalogRequirement, catalogRequirements, frameworksOf } from '@compliance/catalog/catalog';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';

/** Creates the tenant's rows for every active catalog requirement it lacks (idempotent). */
export async function materializeTenantRequirements(tx: Tx, tenantId?: string): Promise<void> {
  await sql`
    INSERT INTO tenant_requirements (tenant_id, organization_id, source_type, catalog_key)
    SELECT t.id, t.organization_id, 'framework', c.key
    FROM tenants t CROSS JOIN catalog_requirements c
    WHERE c.retired_at IS NULL ${tenantId ? sql`AND t.id = ${tenantId}` : sql``}
    ON CONFLICT (tenant_id, catalog_key) WHERE catalog_key IS NOT NULL DO NOTHING
  `.execute(tx);
}

function toRow(req: CatalogRequirement) {
  return {
    key: req.key,
    catalog_version: CATALOG_VERSION,
    domain_number: req.domain_number,
    domain_index: req.index,
    text: req.text,
    priority: req.priority,
    keywords: [...req.keywords],
    frameworks: frameworksOf(req),
    control_ids: JSON.stringify(req.mappings),
  };
}

/**
 * Loads the catalog release shipped with this build, once: upserts every requirement, retires the ones
 * a release dropped (their tenant rows and responses stay), and gives every tenant its rows.
 * Runs in the system scope (the shared catalog and every tenant). Returns whether a new release was loaded.
 */
export async function unsafeSyncCatalog(db: Kysely<Database>): Promise<boolean> {
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    // Several server processes may start at once: one loads the release, the others wait and find it loaded.
    await sql`SELECT pg_advisory_xact_lock(hashtext('compliance-catalog-sync'))`.execute(tx);
    const loaded = await tx.selectFrom('catalog_releases').select('version').where('version', '=', CATALOG_VERSION).executeTakeFirst();
    if (loaded) return false;
    for (let i = 0; i < catalogRequirements.length; i += 100) {
      const rows = catalogRequirements.slice(i, i + 100).map(toRow);
      await tx
        .insertInto('catalog_requirements')
        .values(rows)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            catalog_version: eb.ref('excluded.catalog_version'),
            domain_number: eb.ref('excluded.domain_number'),
            domain_index: eb.ref('excluded.domain_index'),
            text: eb.ref('excluded.text'),
            priority: eb.ref('excluded.priority'),
            keywords: eb.ref('excluded.keywords'),
            frameworks: eb.ref('excluded.frameworks'),
            control_ids: eb.ref('excluded.control_ids'),
            retired_at: null,
            updated_at: new Date(),
          })),
        )
        .execute();
    }
    await tx
      .updateTable('catalog_requirements')
      .set({ retired_at: new Date() })
      .where('catalog_version', '!=', CATALOG_VERSION)
      .where('retired_at', 'is', null)
      .execute();
    await materializeTenantRequirements(tx);
    await tx.insertInto('catalog_releases').values({ version: CATALOG_VERSION, requirement_count: catalogRequirements.length }).execute();
    return true;
  });
}
