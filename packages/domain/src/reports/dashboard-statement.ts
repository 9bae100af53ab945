import { type RawBuilder, sql } from 'kysely';
import { catalogRequirements } from '@compliance/catalog/catalog';
import { contractPlaceSql } from '../requirements/display-ids';
import { supportingEvidenceCount } from '../requirements/supporting-evidence';
import { STATUS_CODE_SQL } from './rates';

/** The highest catalog index per domain number: a contract requirement's display index follows it. */
const LAST_CATALOG_INDEX: number[] = [];
for (const req of catalogRequirements) {
  LAST_CATALOG_INDEX[req.domain_number] = Math.max(LAST_CATALOG_INDEX[req.domain_number] ?? 0, req.index);
}
/** The same as a PostgreSQL array, whose subscripts start at 1: element d is domain d's. */
const lastIndexByDomain = Array.from({ length: LAST_CATALOG_INDEX.length - 1 }, (_, i) => LAST_CATALOG_INDEX[i + 1] ?? 0);

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
 * index), and its completed evidence and contracts. `requested` narrows the tenant's frameworks (null =
 * all it has).
 * Its cost does not grow with the tenant's contract requirements: catalog requirements (bounded by the
 * catalog) are read and counted here, while contract requirements are counted by the database as they
 * change (tenant_contract_counts) and only the `gapLimit` most urgent open ones are read, off their
 * partial index. Contract requirements are numbered after the catalog's last index of their domain in
 * the order they were added, as in the requirements list; so within a domain, display order is catalog
 * rows by index, then contract rows by (created_at, id), and the ranking sorts on that without numbering
 * anything. Only the `gapLimit` ranked rows are then joined to their text and evidence, and a contract row
 * among them gets its number by counting its domain's contract rows up to it on the list-order index.
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
      SELECT tr.id, c.domain_index, c.frameworks AS catalog_frameworks, c.domain_number, ${sql.raw(STATUS_CODE_SQL)} AS code,
        requirement_priority_rank(coalesce(c.priority, tr.priority)) AS priority_rank
      FROM t JOIN tenant_requirements tr ON tr.tenant_id = t.id AND tr.catalog_key IS NOT NULL
      JOIN catalog_requirements c ON c.key = tr.catalog_key
      WHERE tr.source_type = 'framework' AND c.retired_at IS NULL AND c.frameworks && t.frameworks
    ),
    open_contract AS (
      SELECT tr.id, tr.list_domain AS domain_number, ${sql.raw(STATUS_CODE_SQL)} AS code, tr.created_at, requirement_priority_rank(tr.priority) AS priority_rank
      FROM tenant_requirements tr
      WHERE tr.tenant_id = ${tenantId} AND tr.source_type = 'contract' AND ${sql.raw(STATUS_CODE_SQL)} < 2
      ORDER BY requirement_priority_rank(tr.priority), ${sql.raw(STATUS_CODE_SQL)}, tr.list_domain, tr.created_at, tr.id
      LIMIT ${gapLimit}
    ),
    ranked AS (
      SELECT * FROM (
        SELECT r.id, r.domain_number, r.code, r.catalog_frameworks, 'framework' AS source_type, r.domain_index, NULL::timestamptz AS created_at, r.priority_rank
        FROM r WHERE r.code IN (0, 1)
        UNION ALL
        SELECT o.id, o.domain_number, o.code, '{}'::text[], 'contract', NULL::int, o.created_at, o.priority_rank FROM open_contract o
      ) open_rows
      ORDER BY priority_rank, code, domain_number, (source_type = 'contract'), domain_index, created_at, id
      LIMIT ${gapLimit}
    ),
    gaps AS (
      SELECT k.id, k.domain_number, k.code AS status,
        CASE WHEN k.source_type = 'framework' THEN k.domain_index
          ELSE coalesce((${lastIndexByDomain}::int[])[k.domain_number], 0) + ${contractPlaceSql(sql`t.id`, 'k')} END AS display_index,
        coalesce(c.priority, tr.priority, 'Medium') AS priority, coalesce(c.text, tr.text) AS text,
        ARRAY(SELECT f FROM unnest(k.catalog_frameworks) f WHERE f = ANY(t.assigned_frameworks)) AS frameworks,
        ${supportingEvidenceCount('tr.id')} AS evidence_count,
        row_number() OVER (ORDER BY k.priority_rank, k.code, k.domain_number, (k.source_type = 'contract'), k.domain_index, k.created_at, k.id) AS position
      FROM t CROSS JOIN ranked k JOIN tenant_requirements tr ON tr.id = k.id
      LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
    )
    SELECT t.id, t.name, t.assigned_frameworks, t.frameworks,
      (SELECT json_agg(x) FROM (
        SELECT domain_number, status, sum(n)::int AS n FROM (
          SELECT domain_number, code AS status, count(*) AS n FROM r GROUP BY 1, 2
          UNION ALL
          SELECT h.domain_number, h.status_code, h.n FROM tenant_contract_counts h WHERE h.tenant_id = t.id AND h.n > 0
        ) counted GROUP BY 1, 2) x) AS by_domain,
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
