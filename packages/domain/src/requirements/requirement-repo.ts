import { type RawBuilder, sql } from 'kysely';
import type { RequirementListKey } from '@compliance/contracts/requirement-pages';
import type { Tx } from '@compliance/db/scope';
import { STATUS_SQL } from '../reports/rates';
import { supportingEvidenceCount } from './supporting-evidence';

export interface RequirementFilter {
  tenantId: string;
  /** Framework names: a framework requirement is listed when it maps to one of them (or an SQL expression giving them). */
  frameworks: readonly string[] | RawBuilder<string[]>;
  /** Domain numbers; undefined = every domain. */
  domains?: readonly number[];
  id?: string;
  /** Only requirements that are neither Compliant nor Not Applicable. */
  gapsOnly?: boolean;
  /** Only these requirements (tenant_requirements ids). */
  ids?: readonly string[];
  /** Only the requirements this user owns. */
  ownerId?: string;
  /** Only requirements in one of these statuses. */
  statuses?: readonly string[];
  /** Only requirements whose due date has passed and are neither Compliant nor Not Applicable. */
  overdueOnly?: boolean;
}

/** One page of the list: the rows after a place in the list order (none = from the start), at most `limit`. */
export interface RequirementPageWindow {
  after?: RequirementListKey;
  limit: number;
}

/** Overdue: the due date is before today (the database's day) and the work is not done. */
const OVERDUE_SQL = `(tr.due_date IS NOT NULL AND tr.due_date < current_date AND ${STATUS_SQL} NOT IN ('Compliant', 'Not Applicable'))`;

/**
 * The list order, the screen's: domain, catalog before contract requirements, catalog index, then the order
 * they were added. The columns are kept on the row (migration 0015) and tenant_requirements_list_order_idx
 * holds them after tenant_id, so a page is read straight off the index.
 */
const LIST_ORDER = sql.raw('tr.list_domain, tr.list_source, tr.list_index, tr.created_at, tr.id');

/** The tenant's requirements with their catalog data, state, owner and last editor, in display order. */
export async function listTenantRequirements(tx: Tx, filter: RequirementFilter, page?: RequirementPageWindow) {
  const { rows } = await tenantRequirementsQuery(filter, page).execute(tx);
  return rows;
}

/** The conditions a filter sets on tenant_requirements tr joined to catalog_requirements c (the list and its totals). */
function requirementConditions(filter: RequirementFilter) {
  const frameworks = Array.isArray(filter.frameworks) ? sql`${[...filter.frameworks]}::text[]` : (filter.frameworks as RawBuilder<string[]>);
  return sql`tr.tenant_id = ${filter.tenantId}
      AND (tr.source_type = 'contract' OR (c.retired_at IS NULL AND c.frameworks && ${frameworks}))
      ${filter.domains ? sql`AND tr.list_domain = ANY(${[...filter.domains]}::int[])` : sql``}
      ${filter.id ? sql`AND tr.id = ${filter.id}` : sql``}
      ${filter.gapsOnly ? sql`AND ${sql.raw(STATUS_SQL)} NOT IN ('Compliant', 'Not Applicable')` : sql``}
      ${filter.ids ? sql`AND tr.id = ANY(${[...filter.ids]}::uuid[])` : sql``}
      ${filter.ownerId ? sql`AND tr.owner_user_id = ${filter.ownerId}` : sql``}
      ${filter.statuses ? sql`AND ${sql.raw(STATUS_SQL)} = ANY(${[...filter.statuses]}::text[])` : sql``}
      ${filter.overdueOnly ? sql`AND ${sql.raw(OVERDUE_SQL)}` : sql``}`;
}

/** The statement behind listTenantRequirements (the benchmark times it alone); with a window, one page of it. */
export function tenantRequirementsQuery(filter: RequirementFilter, page?: RequirementPageWindow) {
  const after = page?.after;
  return sql<{
    id: string;
    key: string | null;
    source_type: 'framework' | 'contract';
    text: string;
    domain_number: number;
    domain_index: number | null;
    priority: 'High' | 'Medium' | 'Low';
    frameworks: string[];
    control_ids: Record<string, string[]>;
    status: string;
    user_response: string | null;
    suggested_response: string | null;
    owner_id: string | null;
    owner_name: string | null;
    due_date: string | null;
    overdue: boolean;
    /** A Date, or its text when the row came inside JSON (a page statement). */
    updated_at: Date | string;
    updated_by_name: string | null;
    created_at: Date | string;
    evidence_count: number;
    contract_names: string[];
    list_source: number;
    list_index: number;
    /** created_at to the microsecond (a JavaScript Date keeps milliseconds), for the page cursor. */
    list_created: string;
  }>`
    SELECT tr.id, tr.catalog_key AS key, tr.source_type,
      coalesce(c.text, tr.text) AS text,
      tr.list_domain AS domain_number,
      c.domain_index,
      coalesce(c.priority, tr.priority, 'Medium') AS priority,
      coalesce(c.frameworks, '{}'::text[]) AS frameworks,
      coalesce(c.control_ids, '{}'::jsonb) AS control_ids,
      ${sql.raw(STATUS_SQL)} AS status,
      tr.user_response, tr.suggested_response,
      tr.owner_user_id AS owner_id, coalesce(ou.full_name, ou.username) AS owner_name,
      tr.due_date::text AS due_date, ${sql.raw(OVERDUE_SQL)} AS overdue,
      tr.updated_at, coalesce(ub.full_name, ub.username) AS updated_by_name, tr.created_at,
      ${supportingEvidenceCount('tr.id')} AS evidence_count,
      coalesce((SELECT array_agg(DISTINCT d.name ORDER BY d.name) FROM contract_obligations o JOIN documents d ON d.id = o.document_id
        WHERE o.tenant_requirement_id = tr.id AND o.review_state <> 'rejected'), '{}'::text[]) AS contract_names,
      tr.list_source, tr.list_index,
      to_char(tr.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS list_created
    FROM tenant_requirements tr
    LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
    LEFT JOIN users ou ON ou.id = tr.owner_user_id
    LEFT JOIN users ub ON ub.id = tr.updated_by
    WHERE ${requirementConditions(filter)}
      ${after ? sql`AND (${LIST_ORDER}) > (${after.domain}::int, ${after.source}::smallint, ${after.index}::int, ${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
    ORDER BY ${LIST_ORDER}
    ${page ? sql`LIMIT ${page.limit}` : sql``}
  `;
}

/** The counts of the whole filtered list, per domain in list order (the first page's totals). */
export function tenantRequirementTotalsQuery(filter: RequirementFilter) {
  return sql<{ domain_number: number; total: number; non_compliant: number }>`
    SELECT tr.list_domain AS domain_number, count(*)::int AS total,
      (count(*) FILTER (WHERE ${sql.raw(STATUS_SQL)} NOT IN ('Compliant', 'Not Applicable')))::int AS non_compliant
    FROM tenant_requirements tr
    LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
    WHERE ${requirementConditions(filter)}
    GROUP BY tr.list_domain
    ORDER BY tr.list_domain
  `;
}

export type TenantRequirementRow = Awaited<ReturnType<typeof listTenantRequirements>>[number];

/** One requirement row of the tenant, whatever its frameworks (for reads and updates by id). */
export async function getTenantRequirementRow(tx: Tx, tenantId: string, id: string) {
  return tx
    .selectFrom('tenant_requirements')
    .select(['id', 'tenant_id', 'organization_id', 'catalog_key', 'status', 'user_response', 'owner_user_id', sql<string | null>`due_date::text`.as('due_date')])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Rows of the tenant among these ids (ids of other tenants are simply absent), locked for an update. */
export async function getTenantRequirementRows(tx: Tx, tenantId: string, ids: readonly string[]) {
  return tx
    .selectFrom('tenant_requirements')
    .select(['id', 'organization_id', 'catalog_key', 'owner_user_id', sql<string | null>`due_date::text`.as('due_date')])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .forUpdate()
    .execute();
}

export async function updateTenantRequirement(
  tx: Tx,
  id: string,
  values: { status?: string; user_response?: string | null; owner_user_id?: string | null; due_date?: string | null; updated_by: string },
) {
  await tx.updateTable('tenant_requirements').set({ ...values, updated_at: new Date() }).where('id', '=', id).execute();
}

/** One owner and/or due date for several requirements of the tenant. */
export async function assignTenantRequirements(
  tx: Tx,
  tenantId: string,
  ids: readonly string[],
  values: { owner_user_id?: string | null; due_date?: string | null; updated_by: string },
) {
  await tx.updateTable('tenant_requirements').set({ ...values, updated_at: new Date() }).where('tenant_id', '=', tenantId).where('id', 'in', [...ids]).execute();
}

/** People who can own a tenant's requirement: granted users, the organization's managers and Admins. */
export async function listTenantOwners(tx: Tx, tenantId: string, organizationId: string) {
  return tx
    .selectFrom('users')
    .select(['users.id', 'users.username', 'users.full_name'])
    .where('users.is_active', '=', true)
    .where('users.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('tenant_access').select('user_id').whereRef('tenant_access.user_id', '=', 'users.id').where('tenant_access.tenant_id', '=', tenantId)),
        eb.exists(
          eb
            .selectFrom('memberships')
            .select('user_id')
            .whereRef('memberships.user_id', '=', 'users.id')
            .where('memberships.organization_id', '=', organizationId)
            .where((m) => m.or([m('memberships.role', '=', 'manager'), m('users.role', '=', 'Admin')])),
        ),
      ]),
    )
    .orderBy('users.username')
    .execute();
}
