import { sql } from 'kysely';
import type { Tx } from '@compliance/db/scope';
import { STATUS_SQL } from './rates';

const APPLICABLE = (frameworks: string[]) =>
  sql`(tr.source_type = 'contract' OR (c.retired_at IS NULL AND c.frameworks && ${frameworks}::text[]))`;

/** Requirement counts of one tenant per domain and status, aggregated in SQL. */
export async function countByDomainAndStatus(tx: Tx, tenantId: string, frameworks: string[]) {
  const { rows } = await sql<{ domain_number: number; status: string; n: number }>`
    SELECT coalesce(c.domain_number, tr.domain_number) AS domain_number, ${sql.raw(STATUS_SQL)} AS status, count(*)::int AS n
    FROM tenant_requirements tr LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
    WHERE tr.tenant_id = ${tenantId} AND ${APPLICABLE(frameworks)}
    GROUP BY 1, 2
  `.execute(tx);
  return rows;
}

/** Requirement counts of one tenant per framework and status (a requirement counts under each framework it maps to). */
export async function countByFrameworkAndStatus(tx: Tx, tenantId: string, frameworks: string[]) {
  const { rows } = await sql<{ framework: string; status: string; n: number }>`
    SELECT f.framework, ${sql.raw(STATUS_SQL)} AS status, count(*)::int AS n
    FROM tenant_requirements tr
    JOIN catalog_requirements c ON c.key = tr.catalog_key
    CROSS JOIN LATERAL unnest(c.frameworks) AS f(framework)
    WHERE tr.tenant_id = ${tenantId} AND c.retired_at IS NULL AND f.framework = ANY(${frameworks}::text[])
    GROUP BY 1, 2
  `.execute(tx);
  return rows;
}

/** Requirement counts per tenant and status for every active tenant of an organization. */
export async function countByTenantAndStatus(tx: Tx, organizationId: string) {
  const { rows } = await sql<{ tenant_id: string; status: string; n: number }>`
    SELECT tr.tenant_id, ${sql.raw(STATUS_SQL)} AS status, count(*)::int AS n
    FROM tenant_requirements tr
    JOIN tenants t ON t.id = tr.tenant_id
    LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
    WHERE t.organization_id = ${organizationId} AND t.is_active
      AND (tr.source_type = 'contract' OR (c.retired_at IS NULL AND c.frameworks && t.assigned_frameworks))
    GROUP BY 1, 2
  `.execute(tx);
  return rows;
}

/**
 * Catalog requirements open (Not Started or In Progress) in the most tenants of an organization,
 * with every applicable tenant's status.
 */
export async function listOrganizationGaps(tx: Tx, organizationId: string, limit: number) {
  const { rows } = await sql<{
    key: string;
    priority: 'High' | 'Medium' | 'Low';
    domain_number: number;
    text: string;
    frameworks: string[];
    tenant_statuses: Record<string, string>;
    affected: number;
  }>`
    SELECT c.key, c.priority, c.domain_number, c.text, c.frameworks,
      jsonb_object_agg(tr.tenant_id::text, ${sql.raw(STATUS_SQL)}) AS tenant_statuses,
      count(*) FILTER (WHERE ${sql.raw(STATUS_SQL)} IN ('Not Started', 'In Progress'))::int AS affected
    FROM tenant_requirements tr
    JOIN tenants t ON t.id = tr.tenant_id
    JOIN catalog_requirements c ON c.key = tr.catalog_key
    WHERE t.organization_id = ${organizationId} AND t.is_active AND c.retired_at IS NULL
      AND c.frameworks && t.assigned_frameworks
    GROUP BY c.key, c.priority, c.domain_number, c.domain_index, c.text, c.frameworks
    HAVING count(*) FILTER (WHERE ${sql.raw(STATUS_SQL)} IN ('Not Started', 'In Progress')) > 0
    ORDER BY affected DESC, CASE c.priority WHEN 'High' THEN 0 WHEN 'Medium' THEN 1 ELSE 2 END, c.domain_number, c.domain_index
    LIMIT ${limit}
  `.execute(tx);
  return rows;
}
