import type { Listen } from '@compliance/db/notifications';
import type { Dashboard } from '@compliance/contracts/reports';

/** The channel the tenant-data triggers announce on (migration 0019): a tenant id, or '*' for every tenant. */
export const TENANT_CHANGED_CHANNEL = 'tenant_changed';
/** The longest an answer is kept, whatever is heard: bounds what a missed notification or a new day can leave stale. */
export const DASHBOARD_CACHE_MS = 30_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  tenantId: string;
  storedAt: number;
  value: Dashboard;
}

/** What names one cached answer: who asked (each person's answer came through their own row-level scope), the tenant, the frameworks asked for. */
export interface DashboardKey {
  userId: string;
  tenantId: string;
  frameworks: readonly string[] | undefined;
}

/**
 * Recent dashboards, kept per person, tenant and frameworks, and dropped as soon as anything they show
 * changes: the database announces every statement that changes a tenant's requirements, documents,
 * evidence links or the tenant itself (and the catalog, for all) on `tenant_changed`, from any process,
 * at commit. This server also empties the cache after each state-changing request before answering it,
 * so whoever made a change sees it on their next read even before the announcement arrives.
 *
 * Answers are kept only while the announcements are heard: before listening is in effect, after the
 * connection is lost and until it is back (then everything is dropped, since announcements may have
 * been missed), nothing is kept and every read goes to the database. An answer read while a change
 * was announced is not kept (generations), and none is kept longer than DASHBOARD_CACHE_MS or past the
 * day it was read on (evidence expires by date).
 */
export class DashboardCache {
  private readonly entries = new Map<string, Entry>();
  /** The keys of each tenant's answers. */
  private readonly byTenant = new Map<string, Set<string>>();
  /** Bumped by every drop of one tenant; `epoch` by every drop of all. */
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private hearing = false;
  private listening: Promise<void> | undefined;

  constructor(
    private readonly listen: Listen,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached answer for `key`, or `load`'s (kept when nothing changed meanwhile). */
  async read(key: DashboardKey, load: () => Promise<Dashboard>): Promise<Dashboard> {
    this.ensureListening();
    const id = this.keyOf(key);
    const entry = this.entries.get(id);
    if (entry && this.now() - entry.storedAt <= DASHBOARD_CACHE_MS) {
      // Most recently used last: the oldest go first when the cache is full.
      this.entries.delete(id);
      this.entries.set(id, entry);
      return entry.value;
    }
    if (entry) this.drop(id);
    const seen = this.stamp(key.tenantId);
    const value = await load();
    if (this.hearing && seen === this.stamp(key.tenantId)) {
      if (this.entries.size >= MAX_ENTRIES) this.drop(this.entries.keys().next().value!);
      this.entries.set(id, { tenantId: key.tenantId, storedAt: this.now(), value });
      const keys = this.byTenant.get(key.tenantId);
      if (keys) keys.add(id);
      else this.byTenant.set(key.tenantId, new Set([id]));
    }
    return value;
  }

  /** Drops every answer (a state-changing request, a catalog change, announcements possibly missed). */
  forgetAll(): void {
    this.epoch += 1;
    this.generations.clear();
    this.entries.clear();
    this.byTenant.clear();
  }

  /** Drops one tenant's answers. */
  forgetTenant(tenantId: string): void {
    this.generations.set(tenantId, (this.generations.get(tenantId) ?? 0) + 1);
    for (const id of this.byTenant.get(tenantId) ?? []) this.entries.delete(id);
    this.byTenant.delete(tenantId);
  }

  /** Answers kept now (tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  private drop(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const keys = this.byTenant.get(entry.tenantId);
    keys?.delete(id);
    if (keys?.size === 0) this.byTenant.delete(entry.tenantId);
  }

  private keyOf(key: DashboardKey): string {
    const day = new Date(this.now()).toISOString().slice(0, 10);
    return `${key.userId}|${key.tenantId}|${key.frameworks?.join(',') ?? '*'}|${day}`;
  }

  private stamp(tenantId: string): string {
    return `${this.epoch}:${this.generations.get(tenantId) ?? 0}`;
  }

  private ensureListening() {
    this.listening ??= this.listen(TENANT_CHANGED_CHANNEL, {
      message: (payload) => (payload === '*' ? this.forgetAll() : this.forgetTenant(payload)),
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
