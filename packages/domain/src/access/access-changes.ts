/**
 * Who must be re-resolved on their next request. The caller is loaded from the database on every
 * request today, so a change already holds from the next one; anything that keeps callers for a while
 * (a cache in front of `loadCaller`) subscribes here and drops the users named.
 */
type Listener = (userIds: readonly string[]) => void;

const listeners = new Set<Listener>();

export function onAccessChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyAccessChanged(userIds: readonly string[]): void {
  for (const listener of listeners) listener(userIds);
}
