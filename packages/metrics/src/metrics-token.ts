import { timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header may read /metrics (server and worker alike): METRICS_TOKEN unset
 * means open (a cluster-internal scrape); set, only `Bearer <token>`, compared in constant time.
 */
export function metricsTokenAccepted(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
