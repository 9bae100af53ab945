/**
 * A short-lived cache of resolved callers (session or token → user, memberships, reachable tenants),
 * so a burst of requests from one browser costs one identity query. Entries live CALLER_CACHE_MS at
 * most and every change that can alter who may do what empties the whole cache: the server calls
 * invalidateCallerCache() after every state-changing request, and the session and membership writes
 * call it themselves (for the CLI and jobs). Another server process sees such a change within the TTL.
 */
export const CALLER_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

let generation = 0;
const entries = new Map<string, { storedAt: number; value: unknown }>();

/** Empties the cache: call after any change to users, memberships, grants, tenants, organizations or sessions. */
export function invalidateCallerCache(): void {
  generation += 1;
  entries.clear();
}

/** The current generation: a value read before an invalidation must not be stored after it. */
export function callerCacheGeneration(): number {
  return generation;
}

export function readCallerCache<T>(key: string, now = Date.now()): T | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (now - entry.storedAt > CALLER_CACHE_MS) {
    entries.delete(key);
    return undefined;
  }
  return entry.value as T;
}

/** Stores a value read under `readGeneration`, unless the cache was invalidated since. */
export function writeCallerCache(key: string, value: unknown, readGeneration: number, now = Date.now()): void {
  if (readGeneration !== generation) return;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(key, { storedAt: now, value });
}

export function dropCallerCacheEntry(key: string): void {
  entries.delete(key);
}
