import type { Listen } from '@compliance/db/notifications';

/**
 * The channel the tenant-data triggers announce on (migration 0019): '<tenant id> <organization id>' for a
 * change of a tenant's data, ' <organization id>' for the organization's own row, '*' for every tenant.
 */
export const TENANT_CHANGED_CHANNEL = 'tenant_changed';
/** The longest an answer is kept, whatever is heard: bounds what a missed notification or a new day can leave stale. */
export const REPORT_CACHE_MS = 30_000;
/** Answers kept of each report at most: a dashboard is about 7 KB, a roll-up of 1,000 tenants about 700 KB. */
export const MAX_KEPT: Record<ReportKey['report'], number> = { dashboard: 5_000, rollup: 100 };

interface Entry {
  report: ReportKey['report'];
  scope: string;
  storedAt: number;
  value: unknown;
}

/** What an answer is about: one tenant (the dashboard) or one organization's tenants (the roll-up). */
export type ReportScope = { tenantId: string } | { organizationId: string };

/** What names one cached answer: the report, who asked (each person's answer came through their own row-level scope), its scope and what else was asked (frameworks). */
export interface ReportKey {
  report: 'dashboard' | 'rollup';
  userId: string;
  scope: ReportScope;
  params?: readonly string[];
}

/**
 * Recent dashboards and roll-ups, kept per report, person, scope and parameters, and dropped as soon as
 * anything they show changes: the database announces every statement that changes a tenant's
 * requirements, documents, evidence links, the tenant or its organization (and the catalog, for all) on
 * `tenant_changed`, from any process, at commit; a tenant's change drops its dashboards and its
 * organization's roll-ups. This server also empties the cache after each state-changing request before answering it,
 * so whoever made a change sees it on their next read even before the announcement arrives.
 *
 * Answers are kept only while the announcements are heard: before listening is in effect, after the
 * connection is lost and until it is back (then everything is dropped, since announcements may have
 * been missed), nothing is kept and every read goes to the database. An answer read while a change
 * was announced is not kept (generations), and none is kept longer than REPORT_CACHE_MS or past the
 * day it was read on (evidence expires by date).
 */
export class ReportCache {
  private readonly entries = new Map<string, Entry>();
  /** The keys of each scope's answers. */
  private readonly byScope = new Map<string, Set<string>>();
  /** Answers kept of each report. */
  private counts: Record<ReportKey['report'], number> = { dashboard: 0, rollup: 0 };
  /** Bumped by every drop of one scope; `epoch` by every drop of all. */
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private hearing = false;
  private listening: Promise<void> | undefined;

  constructor(
    private readonly listen: Listen,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached answer for `key`, or `load`'s (kept when nothing changed meanwhile). */
  async read<T>(key: ReportKey, load: () => Promise<T>): Promise<T> {
    this.ensureListening();
    const scope = scopeOf(key.scope);
    const id = this.keyOf(key, scope);
    const entry = this.entries.get(id);
    if (entry && this.now() - entry.storedAt <= REPORT_CACHE_MS) {
      // Most recently used last: the oldest go first when the cache is full.
      this.entries.delete(id);
      this.entries.set(id, entry);
      return entry.value as T;
    }
    if (entry) this.drop(id);
    const seen = this.stamp(scope);
    const value = await load();
    if (this.hearing && seen === this.stamp(scope)) {
      if (this.counts[key.report] >= MAX_KEPT[key.report]) this.dropOldest(key.report);
      this.entries.set(id, { report: key.report, scope, storedAt: this.now(), value });
      this.counts[key.report] += 1;
      const keys = this.byScope.get(scope);
      if (keys) keys.add(id);
      else this.byScope.set(scope, new Set([id]));
    }
    return value;
  }

  /** Drops every answer (a state-changing request, a catalog change, announcements possibly missed). */
  forgetAll(): void {
    this.epoch += 1;
    this.generations.clear();
    this.entries.clear();
    this.byScope.clear();
    this.counts = { dashboard: 0, rollup: 0 };
  }

  /** Drops what a change of one tenant's data (or, without a tenant, of the organization's own row) touches. */
  forgetChange(tenantId: string | null, organizationId: string): void {
    if (tenantId) this.forgetScope(scopeOf({ tenantId }));
    this.forgetScope(scopeOf({ organizationId }));
  }

  private forgetScope(scope: string) {
    this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
    for (const id of [...(this.byScope.get(scope) ?? [])]) this.drop(id);
  }

  /** Answers kept now (tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  /** The least recently used answer of a report (entries are in order of use). */
  private dropOldest(report: ReportKey['report']) {
    for (const [id, entry] of this.entries) {
      if (entry.report === report) return this.drop(id);
    }
  }

  private drop(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.counts[entry.report] -= 1;
    const keys = this.byScope.get(entry.scope);
    keys?.delete(id);
    if (keys?.size === 0) this.byScope.delete(entry.scope);
  }

  private keyOf(key: ReportKey, scope: string): string {
    const day = new Date(this.now()).toISOString().slice(0, 10);
    return `${key.report}|${key.userId}|${scope}|${key.params?.join(',') ?? '*'}|${day}`;
  }

  private stamp(scope: string): string {
    return `${this.epoch}:${this.generations.get(scope) ?? 0}`;
  }

  private ensureListening() {
    this.listening ??= this.listen(TENANT_CHANGED_CHANNEL, {
      message: (payload) => {
        const [tenantId, organizationId] = payload.split(' ');
        if (payload === '*' || !organizationId) this.forgetAll();
        else this.forgetChange(tenantId || null, organizationId);
      },
      lost: () => {
        this.hearing = false;
        this.forgetAll();
      },
      resumed: () => {
        this.forgetAll();
        this.hearing = true;
      },
    }).then(
      () => {
        this.hearing = true;
      },
      () => {
        // Not listening (database down): nothing is kept, and the next read tries again.
        this.listening = undefined;
      },
    );
  }
}

function scopeOf(scope: ReportScope): string {
  return 'tenantId' in scope ? `tenant:${scope.tenantId}` : `organization:${scope.organizationId}`;
}
