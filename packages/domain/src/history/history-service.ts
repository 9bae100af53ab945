import type { Kysely } from 'kysely';
import { ACTIVITY_ENTRY_LIMIT, ACTIVITY_KINDS, type Activity, type ActivityKind, type TrendPoint } from '@compliance/contracts/history';
import type { Database } from '@compliance/db/schema';
import { type AccessScope, type Tx, withScope } from '@compliance/db/scope';
import type { Actor } from '../access/actor';
import { organizationScope, tenantScope } from '../access/caller';
import type { OrgManagerScope } from '../access/scopes';
import { notFound } from '../errors';
import { activityKind, addDays, buildTrend, dayRange, reconstructDays, statusChangeOf, sumCounts, utcDay } from './history-arithmetic';
import {
  unsafeListActiveTenants,
  unsafeListTenantsWithoutHistory,
  countTenantsNow,
  getHistoryStart,
  hasStoredDays,
  listRequirementsNow,
  listStatusChanges,
  sumStoredDays,
  summariseTenantActivity,
  upsertDay,
} from './history-repo';

const DAY_MS = 86_400_000;

/** A system task working in one tenant (snapshots, backfill): that tenant's rows only. */
const systemTenantScope = (tenantId: string): AccessScope => ({ userId: null, all: false, organizationIds: [], tenantIds: [tenantId] });

/** Writes (or rewrites) the tenant's row of today from its counts now. Idempotent per tenant and day. */
export async function recordTenantSnapshot(tx: Tx, tenantId: string, organizationId: string, now = new Date()): Promise<void> {
  const counts = (await countTenantsNow(tx, [tenantId])).get(tenantId)!;
  await upsertDay(tx, { tenantId, organizationId, day: utcDay(now), counts, source: 'snapshot' });
}

/** Today's row of every active tenant, each in its own tenant's scope. Answers how many were written. */
export async function snapshotAllTenants(db: Kysely<Database>, now = new Date()): Promise<number> {
  const tenants = await unsafeListActiveTenants(db);
  for (const t of tenants) await withScope(db, systemTenantScope(t.id), (tx) => recordTenantSnapshot(tx, t.id, t.organization_id, now));
  return tenants.length;
}

/**
 * The days before the tenant had any history, reconstructed from the audit trail (each day's counts
 * worked back from today's statuses through the recorded status changes), then today's snapshot. Runs
 * once per tenant: a tenant that already has a stored day is left alone. Answers the days written.
 */
export async function backfillTenantHistory(db: Kysely<Database>, tenantId: string, now = new Date()): Promise<number> {
  return withScope(db, systemTenantScope(tenantId), async (tx) => {
    if (await hasStoredDays(tx, tenantId)) return 0;
    const history = await getHistoryStart(tx, tenantId);
    if (!history) return 0;
    const today = utcDay(now);
    const first = utcDay(history.start);
    const span = Math.min(Math.round((Date.parse(today) - Date.parse(first)) / DAY_MS), 366 * 2);
    const days = dayRange(addDays(today, -1), Math.max(span, 0));
    if (days.length) {
      const reconstructed = reconstructDays(days, await listRequirementsNow(tx, tenantId), await listStatusChanges(tx, tenantId));
      for (const [day, counts] of reconstructed) await upsertDay(tx, { tenantId, organizationId: history.organizationId, day, counts, source: 'backfill' });
    }
    await recordTenantSnapshot(tx, tenantId, history.organizationId, now);
    return days.length + 1;
  });
}

/** The one-time backfill of every tenant without history (new tenants get just today). */
export async function backfillHistory(db: Kysely<Database>, options: { now?: Date; signal?: AbortSignal } = {}): Promise<number> {
  const tenants = await unsafeListTenantsWithoutHistory(db);
  let done = 0;
  for (const t of tenants) {
    if (options.signal?.aborted) break;
    done += await backfillTenantHistory(db, t.id, options.now);
  }
  return done;
}

/** A tenant's trend over the last `days` days, today's point counted live. */
export async function getTenantTrend(db: Kysely<Database>, actor: Actor, tenantId: string, days: number, now = new Date()): Promise<TrendPoint[]> {
  return withScope(db, tenantScope(actor.caller, tenantId), (tx) => readTenantTrend(tx, tenantId, days, now));
}

/** The trend inside a transaction already in the tenant's scope (the assistant's tool reads it so). */
export async function readTenantTrend(tx: Tx, tenantId: string, days: number, now = new Date()): Promise<TrendPoint[]> {
  return readTrend(tx, [tenantId], days, now);
}

/** The trend of the tenants added up: stored days summed by the database, today's point counted live. */
async function readTrend(tx: Tx, tenantIds: string[], days: number, now: Date): Promise<TrendPoint[]> {
  const range = dayRange(utcDay(now), days);
  const stored = await sumStoredDays(tx, tenantIds, range[0]!, range[range.length - 1]!);
  const live = await countTenantsNow(tx, tenantIds);
  return buildTrend(range, stored, { day: utcDay(now), counts: sumCounts([...live.values()]) });
}

/** The organization's trend (its active tenants added up day by day): product admins and its managers only. */
export async function getOrganizationTrend(db: Kysely<Database>, { actor, organizationId }: OrgManagerScope, days: number, now = new Date()): Promise<TrendPoint[]> {
  return withScope(db, organizationScope(actor.caller, organizationId), async (tx) => {
    const org = await tx.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw notFound('Organization');
    const tenants = await tx.selectFrom('tenants').select('id').where('organization_id', '=', organizationId).where('is_active', '=', true).execute();
    return readTrend(tx, tenants.map((t) => t.id), days, now);
  });
}

/** What changed in the tenant over the last `days` days: status changes, uploads, decisions, by whom and when. */
export async function getTenantActivity(db: Kysely<Database>, actor: Actor, tenantId: string, days: number, now = new Date()): Promise<Activity> {
  const since = new Date(now.getTime() - days * DAY_MS);
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const summary = await summariseTenantActivity(tx, tenantId, since, now, ACTIVITY_ENTRY_LIMIT);
    const kinds = new Map<ActivityKind, number>();
    for (const row of summary.byAction) {
      const kind = row.action === 'update_requirement_response' ? (row.status_change ? 'status_change' : 'requirement_update') : activityKind(row.action, null);
      kinds.set(kind, (kinds.get(kind) ?? 0) + row.n);
    }
    const count = (kind: ActivityKind) => kinds.get(kind) ?? 0;
    return {
      since: since.toISOString(),
      until: now.toISOString(),
      total: [...kinds.values()].reduce((a, b) => a + b, 0),
      status_changes: count('status_change'),
      uploads: count('upload'),
      decisions: count('decision'),
      by_kind: ACTIVITY_KINDS.filter((k) => kinds.has(k)).map((kind) => ({ kind, count: count(kind) })),
      by_user: summary.byUser.map((u) => ({ username: u.username, count: u.n })),
      entries: summary.entries.map((e) => {
        const change = e.action === 'update_requirement_response' ? statusChangeOf(e.details) : null;
        const details = e.details as { message?: unknown; requirement_id?: unknown } | null;
        return {
          timestamp: new Date(e.timestamp).toISOString(),
          username: e.username,
          action: e.action,
          kind: activityKind(e.action, e.details),
          message: typeof details?.message === 'string' ? details.message : e.action.replace(/_/g, ' '),
          requirement_id: change?.requirement_id ?? (typeof details?.requirement_id === 'string' ? details.requirement_id : null),
          from_status: change?.from ?? null,
          to_status: change?.to ?? null,
        };
      }),
    };
  });
}

/** How often the periodic snapshot runs: hourly, so each day's row is written well before the day ends. */
export const SNAPSHOT_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The daily history job: at start the one-time backfill, then every interval today's row of every active
 * tenant (an upsert, so any number of servers may run it). Answers a stop function.
 */
export function startDailySnapshots(db: Kysely<Database>, options: { intervalMs?: number; onError?: (error: unknown) => void } = {}) {
  const controller = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  const tick = (first: boolean) => {
    running = running
      .then(async () => {
        if (controller.signal.aborted) return;
        if (first) await backfillHistory(db, { signal: controller.signal });
        if (!controller.signal.aborted) await snapshotAllTenants(db);
      })
      .catch((error: unknown) => options.onError?.(error));
  };
  tick(true);
  const timer = setInterval(() => tick(false), options.intervalMs ?? SNAPSHOT_INTERVAL_MS);
  timer.unref();
  return async () => {
    controller.abort();
    clearInterval(timer);
    await running;
  };
}
