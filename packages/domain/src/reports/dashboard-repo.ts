import { sql } from 'kysely';
import { STATUS_BY_CODE, STATUS_CODE_SQL } from './rates';

const decode = <T extends { status: number }>(rows: T[]) => rows.map((r) => ({ ...r, status: STATUS_BY_CODE[r.status] ?? 'Not Started' }));

export interface OrganizationGapRow {
  key: string;
  priority: 'High' | 'Medium' | 'Low';
  domain_number: number;
  text: string;
  frameworks: string[];
  affected: number;
  tenant_statuses: Record<string, string>;
}

export interface OrganizationRollupRow {
  id: string;
  name: string;
  tenants: { id: string; name: string; assigned_frameworks: string[] }[] | null;
  tenant_counts: { tenant_id: string; status: number; n: number }[] | null;
  gaps: OrganizationGapRow[] | null;
}

/** The roll-up statement's row, its status codes read as names; null when the organization is not visible. */
export function readOrganizationRollupRow(row: OrganizationRollupRow | undefined) {
  if (!row) return null;
  return {
    organization: { id: row.id, name: row.name },
    tenants: row.tenants ?? [],
    tenantCounts: decode(row.tenant_counts ?? []),
    gaps: (row.gaps ?? []).map((g) => ({ ...g, affected: Number(g.affected) })),
  };
}

/**
 * Everything the roll-up needs in one statement (read with its scope in one round trip): the
 * organization, its active tenants by name, per-tenant status counts, and the catalog requirements open
 * (Not Started or In Progress) in the most tenants with each applicable tenant's status. The
 * organization's rows are read once (a materialized CTE keeps the planner on hash joins over the
 * organization index instead of one lookup per tenant and requirement); the ranked requirements'
 * per-tenant statuses come from one more pass over that set, not one pass per requirement, and catalog
 * keys are grouped byte-wise (COLLATE "C"), not by the collation's rules.
 */
export function organizationRollupStatement(organizationId: string, gapLimit: number) {
  return sql<OrganizationRollupRow>`
    WITH scoped AS MATERIALIZED (
      SELECT tr.tenant_id, tr.catalog_key, tr.source_type, ${sql.raw(STATUS_CODE_SQL)} AS code
      FROM tenant_requirements tr
      JOIN tenants t ON t.id = tr.tenant_id
      LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
      WHERE tr.organization_id = ${organizationId} AND t.is_active
        AND (tr.source_type = 'contract' OR (c.retired_at IS NULL AND c.frameworks && t.assigned_frameworks))
    ),
    ranked AS (
      SELECT s.catalog_key COLLATE "C" AS key, count(*)::int AS affected
      FROM scoped s WHERE s.source_type = 'framework' AND s.code IN (0, 1)
      GROUP BY 1
    ),
    top AS (
      SELECT c.key, c.priority, c.domain_number, c.domain_index, c.text, c.frameworks, r.affected
      FROM ranked r JOIN catalog_requirements c ON c.key = r.key
      ORDER BY r.affected DESC, CASE c.priority WHEN 'High' THEN 0 WHEN 'Medium' THEN 1 ELSE 2 END, c.domain_number, c.domain_index
      LIMIT ${gapLimit}
    ),
    top_statuses AS (
      SELECT s.catalog_key AS key, json_object_agg(s.tenant_id, (ARRAY['Not Started', 'In Progress', 'Compliant', 'Not Applicable'])[s.code + 1]) AS tenant_statuses
      FROM scoped s WHERE s.catalog_key IN (SELECT key FROM top)
      GROUP BY s.catalog_key
    )
    SELECT o.id, o.name,
      (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'assigned_frameworks', t.assigned_frameworks) ORDER BY t.name)
       FROM tenants t WHERE t.organization_id = o.id AND t.is_active) AS tenants,
      (SELECT json_agg(x) FROM (SELECT tenant_id, code AS status, count(*)::int AS n FROM scoped GROUP BY 1, 2) x) AS tenant_counts,
      (SELECT json_agg(g ORDER BY g.affected DESC, CASE g.priority WHEN 'High' THEN 0 WHEN 'Medium' THEN 1 ELSE 2 END, g.domain_number, g.domain_index)
       FROM (
         SELECT top.key, top.priority, top.domain_number, top.domain_index, top.text, top.frameworks, top.affected, ts.tenant_statuses
         FROM top LEFT JOIN top_statuses ts ON ts.key = top.key
       ) g) AS gaps
    FROM organizations o WHERE o.id = ${organizationId}
  `;
}
