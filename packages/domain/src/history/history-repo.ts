import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';
import { type StatusCounts, STATUS_BY_CODE, STATUS_CODE_SQL, addStatus, emptyCounts } from '../reports/rates';
import type { DayCounts, RequirementNow, StatusChange } from './history-arithmetic';

/** A requirement counts for a tenant as on its dashboard: contract requirements, and live catalog ones of its frameworks. */
const APPLICABLE = sql`(tr.source_type = 'contract' OR (c.retired_at IS NULL AND c.frameworks && t.assigned_frameworks))`;

const COUNT_COLUMNS = ['compliant', 'in_progress', 'not_started', 'not_applicable'] as const;

function readCounts(row: Record<(typeof COUNT_COLUMNS)[number], number | string>): DayCounts {
  return { compliant: Number(row.compliant), in_progress: Number(row.in_progress), not_started: Number(row.not_started), not_applicable: Number(row.not_applicable) };
}

/** Per tenant, its requirement counts by status now (the tenants given, read in one statement). */
export async function countTenantsNow(tx: Tx, tenantIds: string[]): Promise<Map<string, StatusCounts>> {
  const result = new Map(tenantIds.map((id) => [id, emptyCounts()]));
  if (!tenantIds.length) return result;
  const { rows } = await sql<{ tenant_id: string; code: number; n: number }>`
    SELECT tr.tenant_id, ${sql.raw(STATUS_CODE_SQL)} AS code, count(*)::int AS n
    FROM tenant_requirements tr
    JOIN tenants t ON t.id = tr.tenant_id
    LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
    WHERE tr.tenant_id = ANY(${tenantIds}::uuid[]) AND ${APPLICABLE}
    GROUP BY 1, 2
  `.execute(tx);
  for (const r of rows) addStatus(result.get(r.tenant_id)!, STATUS_BY_CODE[r.code] ?? 'Not Started', Number(r.n));
  return result;
}

/** Writes a tenant's row of one day, replacing what an earlier write of that day left. */
export async function upsertDay(tx: Tx, row: { tenantId: string; organizationId: string; day: string; counts: StatusCounts; source: 'snapshot' | 'backfill' }) {
  const { counts } = row;
  const values = { total: counts.total, compliant: counts.compliant, in_progress: counts.in_progress, not_started: counts.not_started, not_applicable: counts.not_applicable };
  await tx
    .insertInto('tenant_daily_metrics')
    .values({ tenant_id: row.tenantId, organization_id: row.organizationId, day: row.day, source: row.source, ...values })
    .onConflict((oc) =>
      row.source === 'backfill'
        ? oc.columns(['tenant_id', 'day']).doNothing()
        : oc.columns(['tenant_id', 'day']).doUpdateSet({ ...values, source: 'snapshot', recorded_at: sql`now()` }),
    )
    .execute();
}

/**
 * The stored days of the tenants added up, for the days in [from, to] on which the sum changes. A tenant
 * counts from its first stored day (or from `from`, carrying its last day before the range) and keeps its
 * last stored day until its next one. Postgres does the work: each tenant's row becomes its change from
 * the tenant's previous row, and a running total over the days adds the changes up, so a year of a
 * hundred tenants comes back as at most one row per day.
 */
export async function sumStoredDays(tx: Tx, tenantIds: string[], from: string, to: string): Promise<Map<string, DayCounts>> {
  if (!tenantIds.length) return new Map();
  const { rows } = await sql<{ day: string; compliant: number; in_progress: number; not_started: number; not_applicable: number }>`
    WITH known AS (
      SELECT tenant_id, day, 1 AS rank, compliant, in_progress, not_started, not_applicable
      FROM tenant_daily_metrics
      WHERE tenant_id = ANY(${tenantIds}::uuid[]) AND day >= ${from}::date AND day <= ${to}::date
      UNION ALL
      SELECT t.id, ${from}::date, 0, m.compliant, m.in_progress, m.not_started, m.not_applicable
      FROM unnest(${tenantIds}::uuid[]) AS t(id)
      CROSS JOIN LATERAL (
        SELECT compliant, in_progress, not_started, not_applicable FROM tenant_daily_metrics
        WHERE tenant_id = t.id AND day < ${from}::date ORDER BY day DESC LIMIT 1
      ) m
    ),
    days AS (
      SELECT DISTINCT ON (tenant_id, day) * FROM known ORDER BY tenant_id, day, rank DESC
    ),
    changes AS (
      SELECT day,
        compliant - coalesce(lag(compliant) OVER w, 0) AS compliant,
        in_progress - coalesce(lag(in_progress) OVER w, 0) AS in_progress,
        not_started - coalesce(lag(not_started) OVER w, 0) AS not_started,
        not_applicable - coalesce(lag(not_applicable) OVER w, 0) AS not_applicable
      FROM days WINDOW w AS (PARTITION BY tenant_id ORDER BY day)
    )
    SELECT day::text AS day,
      sum(sum(compliant)) OVER d AS compliant, sum(sum(in_progress)) OVER d AS in_progress,
      sum(sum(not_started)) OVER d AS not_started, sum(sum(not_applicable)) OVER d AS not_applicable
    FROM changes GROUP BY day WINDOW d AS (ORDER BY day) ORDER BY day
  `.execute(tx);
  return new Map(rows.map((r) => [r.day, readCounts(r)]));
}

export async function hasStoredDays(tx: Tx, tenantId: string): Promise<boolean> {
  const row = await tx.selectFrom('tenant_daily_metrics').select('day').where('tenant_id', '=', tenantId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The tenant's applicable requirements with their status now and when each appeared. */
export async function listRequirementsNow(tx: Tx, tenantId: string): Promise<RequirementNow[]> {
  const { rows } = await sql<RequirementNow>`
    SELECT tr.id, tr.status, tr.created_at
    FROM tenant_requirements tr
    JOIN tenants t ON t.id = tr.tenant_id
    LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
    WHERE tr.tenant_id = ${tenantId} AND ${APPLICABLE}
  `.execute(tx);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

/** Every status change the audit trail records for the tenant's requirements, oldest first. */
export async function listStatusChanges(tx: Tx, tenantId: string): Promise<StatusChange[]> {
  const { rows } = await sql<{ requirement_id: string; at: Date; from: string }>`
    SELECT details->>'requirement_id' AS requirement_id, timestamp AS at, details->'changes'->'status'->>'from' AS "from"
    FROM audit_logs
    WHERE tenant_id = ${tenantId} AND action = 'update_requirement_response'
      AND details->'changes'->'status'->>'from' IS NOT NULL AND details->>'requirement_id' IS NOT NULL
    ORDER BY timestamp, id
  `.execute(tx);
  return rows.map((r) => ({ requirement_id: r.requirement_id, at: new Date(r.at), from: r.from }));
}

/** When the tenant's history can start: its creation, or its first audit entry if that is earlier. */
export async function getHistoryStart(tx: Tx, tenantId: string): Promise<{ organizationId: string; start: Date } | null> {
  const { rows } = await sql<{ organization_id: string; created_at: Date; first_audit: Date | null }>`
    SELECT t.organization_id, t.created_at, (SELECT min(timestamp) FROM audit_logs a WHERE a.tenant_id = t.id) AS first_audit
    FROM tenants t WHERE t.id = ${tenantId}
  `.execute(tx);
  const row = rows[0];
  if (!row) return null;
  const created = new Date(row.created_at);
  const first = row.first_audit ? new Date(row.first_audit) : created;
  return { organizationId: row.organization_id, start: first < created ? first : created };
}

/**
 * The tenant's data changes of a period (not sign-ins or tenant switches), summarised in SQL: counts by
 * action (status changes apart) and by user, and the latest `limit` entries, newest first.
 */
export async function summariseTenantActivity(tx: Tx, tenantId: string, since: Date, until: Date, limit: number) {
  const period = sql`tenant_id = ${tenantId} AND timestamp >= ${since} AND timestamp <= ${until} AND NOT (action = ANY(${SESSION_ACTIONS}::text[]))`;
  const { rows: byAction } = await sql<{ action: string; status_change: boolean; n: number }>`
    SELECT action, (details->'changes'->'status'->>'from' IS NOT NULL) AS status_change, count(*)::int AS n
    FROM audit_logs WHERE ${period} GROUP BY 1, 2
  `.execute(tx);
  const { rows: byUser } = await sql<{ username: string; n: number }>`
    SELECT username, count(*)::int AS n FROM audit_logs WHERE ${period} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50
  `.execute(tx);
  const { rows: entries } = await sql<{ timestamp: Date; username: string; action: string; details: unknown }>`
    SELECT timestamp, username, action, details FROM audit_logs WHERE ${period} ORDER BY timestamp DESC, id DESC LIMIT ${limit}
  `.execute(tx);
  return { byAction: byAction.map((r) => ({ ...r, n: Number(r.n) })), byUser: byUser.map((r) => ({ ...r, n: Number(r.n) })), entries };
}

/** Audit actions about sessions and identity rather than the tenant's compliance data. */
export const SESSION_ACTIONS = [
  'login', 'login_failed', 'login_throttled', 'logout', 'switch_tenant', 'switch_organization', 'assistant_chat',
  'password_changed', 'password_reset_issued', 'password_reset_completed', 'mfa_enabled', 'mfa_disabled',
  'api_token_created', 'api_token_revoked',
];

/** Every active tenant, across organizations: read by the hourly snapshot, which then writes each in its own scope. */
export function unsafeListActiveTenants(db: Kysely<Database>) {
  return withScope(db, SYSTEM_SCOPE, (tx) => tx.selectFrom('tenants').select(['id', 'organization_id']).where('is_active', '=', true).execute());
}

/** Tenants with no stored day yet, across organizations: read once by the start-up backfill. */
export function unsafeListTenantsWithoutHistory(db: Kysely<Database>) {
  return withScope(db, SYSTEM_SCOPE, (tx) =>
    tx
      .selectFrom('tenants as t')
      .select('t.id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('tenant_daily_metrics as m').select('m.tenant_id').whereRef('m.tenant_id', '=', 't.id'))))
      .execute(),
  );
}
