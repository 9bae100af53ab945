import { sql } from 'kysely';
import type { RequirementCandidate } from '@compliance/ai/engine';
import type { Tx } from '@compliance/db/scope';

/** The catalog requirements of the tenant's frameworks, for matching contract obligations (key = catalog key). */
export async function listCatalogCandidates(tx: Tx, tenantId: string): Promise<RequirementCandidate[]> {
  const { rows } = await sql<RequirementCandidate>`
    SELECT c.key, c.text, c.keywords, c.domain_number
    FROM tenants t JOIN catalog_requirements c ON c.retired_at IS NULL AND c.frameworks && t.assigned_frameworks
    WHERE t.id = ${tenantId}
    ORDER BY c.domain_number, c.domain_index
  `.execute(tx);
  return rows;
}

/** Every requirement the tenant tracks, for linking evidence (key = the tenant requirement's id). */
export async function listTenantCandidates(tx: Tx, tenantId: string): Promise<RequirementCandidate[]> {
  const { rows } = await sql<RequirementCandidate>`
    SELECT tr.id AS key, coalesce(c.text, tr.text) AS text, coalesce(c.keywords, '{}'::text[]) AS keywords,
      coalesce(c.domain_number, tr.domain_number) AS domain_number
    FROM tenant_requirements tr
    JOIN tenants t ON t.id = tr.tenant_id
    LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
    WHERE tr.tenant_id = ${tenantId}
      AND (tr.source_type = 'contract' OR (c.retired_at IS NULL AND c.frameworks && t.assigned_frameworks))
  `.execute(tx);
  return rows;
}
