import { type RawBuilder, sql } from 'kysely';
import { catalogRequirements } from '@compliance/catalog/catalog';
import { supportingEvidenceCount } from '../requirements/supporting-evidence';
import { STATUS_CODE_SQL } from './rates';

/** The highest catalog index per domain number: a contract requirement's display index follows it. */
const LAST_CATALOG_INDEX: number[] = [];
for (const req of catalogRequirements) {
  LAST_CATALOG_INDEX[req.domain_number] = Math.max(LAST_CATALOG_INDEX[req.domain_number] ?? 0, req.index);
}
const lastIndexArray = Array.from({ length: LAST_CATALOG_INDEX.length }, (_, i) => LAST_CATALOG_INDEX[i] ?? 0);

export interface DashboardGapRow {
  id: string;
  display_index: number;
  domain_number: number;
  priority: 'High' | 'Medium' | 'Low';
  status: number;
  text: string;
  frameworks: string[];
  evidence_count: number;
}

export interface DashboardRow {
  id: string;
  name: string;
  assigned_frameworks: string[];
  frameworks: string[];
  by_domain: { domain_number: number; status: number; n: number }[] | null;
  by_framework: { framework: string; status: number; n: number }[] | null;
  gaps: DashboardGapRow[] | null;
  evidence: number;
  contracts: number;
}

/**
 * Everything a tenant's dashboard shows, in one statement: the tenant, its requirement counts per
 * domain and status and per framework and status (statuses as small integers), the `gapLimit` most
 * urgent open requirements ranked in SQL (priority, Not Started before In Progress, domain, display
 * index; only those `gapLimit` are then joined to their text and evidence), and its completed evidence and contracts. `requested` narrows the tenant's frameworks
 * (null = all it has). Contract requirements are numbered after the catalog's last index of their
 * domain in the order they were added, as in the requirements list.
 */
export function dashboardStatement(tenantId: string, requested: readonly string[] | null, gapLimit: number): RawBuilder<DashboardRow> {
  return sql<DashboardRow>`
    WITH t AS (
      SELECT t.id, t.name, t.assigned_frameworks,
        CASE WHEN ${requested ? [...requested] : null}::text[] IS NULL THEN t.assigned_frameworks
          ELSE ARRAY(SELECT a.f FROM unnest(t.assigned_frameworks) WITH ORDINALITY a(f, i)
                     WHERE a.f = ANY(${requested ? [...requested] : null}::text[]) ORDER BY a.i) END AS frameworks
      FROM tenants t WHERE t.id = ${tenantId}
    ),
    r AS MATERIALIZED (
      SELECT tr.id, tr.source_type, tr.created_at, c.domain_index, coalesce(c.frameworks, '{}'::text[]) AS catalog_frameworks,
        coalesce(c.domain_number, tr.domain_number) AS domain_number,
        ${sql.raw(STATUS_CODE_SQL)} AS code,
        CASE coalesce(c.priority, tr.priority, 'Medium') WHEN 'High' THEN 0 WHEN 'Medium' THEN 1 ELSE 2 END AS priority_rank
      FROM t JOIN tenant_requirements tr ON tr.tenant_id = t.id
      LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
      WHERE tr.source_type = 'contract' OR (c.retired_at IS NULL AND c.frameworks && t.frameworks)
    ),
    numbered AS (
      SELECT r.*, CASE WHEN r.source_type = 'framework' THEN r.domain_index
        ELSE coalesce((${lastIndexArray}::int[])[r.domain_number], 0)
          + row_number() OVER (PARTITION BY r.domain_number, r.source_type ORDER BY r.created_at, r.id)::int END AS display_index
      FROM r
    ),
    ranked AS (
      SELECT n.id, n.display_index, n.domain_number, n.code, n.catalog_frameworks,
        row_number() OVER (ORDER BY n.priority_rank, n.code, n.domain_number, n.display_index, (n.source_type = 'contract'), n.created_at, n.id) AS position
      FROM numbered n WHERE n.code IN (0, 1)
      ORDER BY position
      LIMIT ${gapLimit}
    ),
    gaps AS (
      SELECT k.id, k.display_index, k.domain_number, k.code AS status,
        coalesce(c.priority, tr.priority, 'Medium') AS priority, coalesce(c.text, tr.text) AS text,
        ARRAY(SELECT f FROM unnest(k.catalog_frameworks) f WHERE f = ANY(t.assigned_frameworks)) AS frameworks,
        ${supportingEvidenceCount('tr.id')} AS evidence_count,
        k.position
      FROM t CROSS JOIN ranked k JOIN tenant_requirements tr ON tr.id = k.id
      LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
    )
    SELECT t.id, t.name, t.assigned_frameworks, t.frameworks,
      (SELECT json_agg(x) FROM (SELECT domain_number, code AS status, count(*)::int AS n FROM r GROUP BY 1, 2) x) AS by_domain,
      (SELECT json_agg(x) FROM (
        SELECT f AS framework, r.code AS status, count(*)::int AS n
        FROM r CROSS JOIN LATERAL unnest(r.catalog_frameworks) AS f
        WHERE f = ANY(t.frameworks) GROUP BY 1, 2) x) AS by_framework,
      (SELECT json_agg(g ORDER BY g.position) FROM gaps g) AS gaps,
      (SELECT count(*)::int FROM documents d WHERE d.tenant_id = t.id AND d.status = 'completed' AND d.kind = 'evidence') AS evidence,
      (SELECT count(*)::int FROM documents d WHERE d.tenant_id = t.id AND d.status = 'completed' AND d.kind = 'contract') AS contracts
    FROM t
  `;
}
