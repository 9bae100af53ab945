import { TRPCClientError } from '@trpc/client';

/** True when the call never got an answer from our server (offline, refused, aborted, unreadable). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (error instanceof TRPCClientError) return !error.data;
  return false;
}

/** The server's user-facing detail for a refused call, or null when there is none. */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof TRPCClientError) || !error.data) return null;
  const data = error.data as { detail?: unknown };
  const detail = typeof data.detail === 'string' && data.detail ? data.detail : error.message;
  return detail || null;
}

/**
 * The message to show for a failed call, following the spec's catalogue: the server's detail,
 * else the fallback; a network failure gets `networkFallback` when one is given.
 */
export function failureMessage(error: unknown, fallback: string, networkFallback?: string): string {
  if (isNetworkError(error)) return networkFallback ?? fallback;
  return serverDetail(error) ?? fallback;
}
