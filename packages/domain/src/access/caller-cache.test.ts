import { describe, expect, it } from 'vitest';
import { CALLER_CACHE_MS, callerCacheGeneration, invalidateCallerCache, readCallerCache, writeCallerCache } from './caller-cache';

describe('caller cache', () => {
  it('answers a stored value until it is older than the time to live', () => {
    const now = 1_000_000;
    writeCallerCache('a', { n: 1 }, callerCacheGeneration(), now);
    expect(readCallerCache('a', now + CALLER_CACHE_MS)).toEqual({ n: 1 });
    expect(readCallerCache('a', now + CALLER_CACHE_MS + 1)).toBeUndefined();
  });

  it('forgets everything on invalidation', () => {
    writeCallerCache('b', 'value', callerCacheGeneration());
    invalidateCallerCache();
    expect(readCallerCache('b')).toBeUndefined();
  });

  it('does not store a value read before an invalidation', () => {
    const generation = callerCacheGeneration();
    invalidateCallerCache();
    writeCallerCache('c', 'stale', generation);
    expect(readCallerCache('c')).toBeUndefined();
  });
});
