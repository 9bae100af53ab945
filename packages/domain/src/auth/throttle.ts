import { sql } from 'kysely';
import type { Tx } from '@compliance/db/scope';
import { AppError } from '../errors';

export interface ThrottlePolicy {
  /** Failed attempts for one username inside the window before its attempts are delayed. */
  maxPerUsername: number;
  /** Failed attempts from one address inside the window (spreads over many usernames). */
  maxPerIp: number;
  windowMinutes: number;
  /** The longest per-username delay; the delays grow 1, 2, 4, 8… seconds up to it (default 60). */
  maxDelaySeconds?: number;
}

export const DEFAULT_MAX_DELAY_SECONDS = 60;
export const DEFAULT_THROTTLE: ThrottlePolicy = { maxPerUsername: 5, maxPerIp: 20, windowMinutes: 15, maxDelaySeconds: DEFAULT_MAX_DELAY_SECONDS };

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

/**
 * How long a username's attempts wait after its latest failure: nothing below the limit, then 1 s,
 * doubling with each further failure, never more than the cap. No hard lock: a stranger's wrong
 * passwords delay the owner's login by the cap at most, not for the whole window.
 */
export function accountDelaySeconds(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.maxPerUsername) return 0;
  const cap = policy.maxDelaySeconds ?? DEFAULT_MAX_DELAY_SECONDS;
  return Math.min(2 ** Math.min(failures - policy.maxPerUsername, 30), cap);
}

/**
 * Refuses with 429 while the address has failed too often in the window (a hard limit), or while the
 * username's progressive delay since its latest failure has not passed. Times are the database's.
 */
export async function assertNotThrottled(tx: Tx, policy: ThrottlePolicy, username: string, ip: string) {
  const window = sql`now() - make_interval(mins => ${policy.windowMinutes})`;
  const byName = sql`lower(username) = lower(${username})`;
  const row = await tx
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) FILTER (WHERE ${byName})::int`.as('by_username'),
      sql<number>`count(*) FILTER (WHERE ip = ${ip})::int`.as('by_ip'),
      sql<number | null>`extract(epoch FROM clock_timestamp() - max(created_at) FILTER (WHERE ${byName}))::float8`.as('since_last'),
    ])
    .where(sql<boolean>`created_at > ${window}`)
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  if (Number(row.by_ip) >= policy.maxPerIp) {
    throw new AppError('TOO_MANY_REQUESTS', `Too many failed login attempts from your network address. Please wait ${policy.windowMinutes} minutes and try again.`);
  }
  const wait = accountDelaySeconds(policy, Number(row.by_username)) - Number(row.since_last ?? Infinity);
  if (wait > 0) {
    const seconds = Math.ceil(wait);
    throw new AppError('TOO_MANY_REQUESTS', `Too many failed login attempts for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`);
  }
}

/** Stamped when the failure is decided (not when its transaction began), since the delays count from it. */
export async function recordLoginFailure(tx: Tx, username: string, ip: string) {
  await sql`INSERT INTO login_failures (username, ip, created_at) VALUES (${username.slice(0, 150)}, ${ip}, clock_timestamp())`.execute(tx);
}

export async function clearLoginFailures(tx: Tx, username: string) {
  await tx.deleteFrom('login_failures').where(sql`lower(username)`, '=', username.toLowerCase()).execute();
}
