import { sql } from 'kysely';
import type { RequirementListKey } from '@compliance/contracts/requirement-pages';
import { contractPlaceSql } from './display-ids';
import { type RequirementFilter, type TenantRequirementRow, tenantRequirementTotalsQuery, tenantRequirementsQuery } from './requirement-repo';

/** A row of a page as the statement gives it: the list row, and for a contract requirement its place among its domain's. */
export type RequirementPageItem = TenantRequirementRow & { contract_n: number | null };

export interface RequirementPageRow {
  /** The tenant's frameworks; null when the tenant is not visible in the scope. */
  assigned: string[] | null;
  items: RequirementPageItem[];
  totals: { domain_number: number; total: number; non_compliant: number }[] | null;
}

/**
 * One page of a tenant's requirements in a single statement (read with its scope in one round trip):
 * the tenant's frameworks narrowed to the requested ones, the page's rows in list order after the cursor
 * (one more than the page, to know another follows), each contract row's place among its domain's contract
 * requirements (counted on the list-order index, for its display id), and on the first page the whole
 * filtered list's counts per domain.
 */
export function requirementPageStatement(
  filter: Omit<RequirementFilter, 'frameworks'>,
  requested: readonly string[] | undefined,
  window: { after?: RequirementListKey; limit: number },
  withTotals: boolean,
) {
  const scoped: RequirementFilter = { ...filter, frameworks: sql<string[]>`(SELECT frameworks FROM t)` };
  return sql<RequirementPageRow>`
    WITH t AS (
      SELECT assigned_frameworks AS assigned,
        ${requested ? sql`ARRAY(SELECT f FROM unnest(assigned_frameworks) f WHERE f = ANY(${[...requested]}::text[]))` : sql`assigned_frameworks`} AS frameworks
      FROM tenants WHERE id = ${filter.tenantId}
    ),
    page AS (${tenantRequirementsQuery(scoped, window)})
    SELECT (SELECT assigned FROM t) AS assigned,
      (SELECT coalesce(json_agg(p ORDER BY p.domain_number, p.list_source, p.list_index, p.created_at, p.id), '[]'::json) FROM (
        SELECT page.*, CASE WHEN page.source_type = 'contract' THEN ${contractPlaceSql(sql`${filter.tenantId}::uuid`, 'page')} END AS contract_n
        FROM page) p) AS items,
      ${withTotals ? sql`(SELECT coalesce(json_agg(y ORDER BY y.domain_number), '[]'::json) FROM (${tenantRequirementTotalsQuery(scoped)}) y)` : sql`NULL::json`} AS totals
  `;
}
