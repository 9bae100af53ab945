import { sql } from 'kysely';
import type { Tx } from '@compliance/db/scope';
import { AppError } from '../errors';

export interface ThrottlePolicy {
  /** Failed attempts for one username inside the window before further attempts are refused. */
  maxPerUsername: number;
  /** Failed attempts from one address inside the window (spreads over many usernames). */
  maxPerIp: number;
  windowMinutes: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { maxPerUsername: 5, maxPerIp: 20, windowMinutes: 15 };

/** Advisory-lock class for login attempts (the second key is a hash of the lower-cased username). */
const LOGIN_LOCK_CLASS = 7301;

/**
 * Serializes the attempts for one username until the transaction ends, so concurrent wrong passwords
 * are counted one after another instead of all passing the check before any failure is recorded.
 * (Only per username: a lock per address would queue every login behind one office's NAT.)
 */
export async function lockLoginAttempts(tx: Tx, username: string) {
  await sql`SELECT pg_advisory_xact_lock(${LOGIN_LOCK_CLASS}, hashtext(lower(${username})))`.execute(tx);
}

/** Refuses with 429 when the username or the address has failed too often recently. */
export async function assertNotThrottled(tx: Tx, policy: ThrottlePolicy, username: string, ip: string) {
  const since = new Date(Date.now() - policy.windowMinutes * 60_000);
  const row = await tx
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) FILTER (WHERE lower(username) = lower(${username}))::int`.as('by_username'),
      sql<number>`count(*) FILTER (WHERE ip = ${ip})::int`.as('by_ip'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  if (Number(row.by_username) >= policy.maxPerUsername || Number(row.by_ip) >= policy.maxPerIp) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many failed login attempts. Please wait ${policy.windowMinutes} minutes and try again.`,
    );
  }
}

export async function recordLoginFailure(tx: Tx, username: string, ip: string) {
  await tx.insertInto('login_failures').values({ username: username.slice(0, 150), ip }).execute();
}

export async function clearLoginFailures(tx: Tx, username: string) {
  await tx.deleteFrom('login_failures').where(sql`lower(username)`, '=', username.toLowerCase()).execute();
}
