import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDelaySeconds } from '@compliance/domain/auth/throttle';
import { type TestApp, attemptLogin, createTestApp, expectError, randomIp } from './helpers/test-app';
import { PASSWORD, createUser, unique } from './helpers/factories';
import { auditEntriesOf, probe } from './helpers/db-probe';

const waitFor = (seconds: number) => `Too many failed login attempts for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
const ADDRESS_THROTTLED = 'Too many failed login attempts from your network address. Please wait 15 minutes and try again.';
const INVALID = 'Invalid username or password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function failTimes(username: string, times: number, ip: () => string) {
  for (let i = 0; i < times; i++) expectError(await attemptLogin(t.app, username, `wrong-${i}`, ip()), 401, INVALID);
}

/** Moves a username's recorded failures into the past, as if that many seconds had gone by. */
function letTimePass(username: string, seconds: number) {
  return probe(t.handle.db, (tx) => sql`UPDATE login_failures SET created_at = created_at - make_interval(secs => ${seconds}) WHERE lower(username) = lower(${username})`.execute(tx));
}

/** Failures of a username written straight into the table (spread over addresses, inside the window). */
function recordFailures(username: string, count: number) {
  return probe(t.handle.db, (tx) =>
    sql`INSERT INTO login_failures (username, ip, created_at) SELECT ${username}, '10.250.' || (g % 250) || '.' || (g / 250 % 250), now() - make_interval(secs => 300 - g * 0.25) FROM generate_series(1, ${count}) g`.execute(tx),
  );
}

describe('the delay per username grows with each failure', () => {
  it('is nothing for the first 5 failures, then 1, 2, 4, 8… seconds up to the cap', () => {
    const policy = { maxPerUsername: 5, maxPerIp: 20, windowMinutes: 15, maxDelaySeconds: 60 };
    expect([0, 4, 5, 6, 7, 8, 10, 11, 12, 1_000].map((n) => accountDelaySeconds(policy, n))).toEqual([0, 0, 1, 2, 4, 8, 32, 60, 60, 60]);
  });

  it('after 5 failures refuses even the right password for 1 second with 429 and a clear detail, then lets it in', async () => {
    const user = await createUser(t.handle.db);
    const ip = randomIp();
    await failTimes(user.username, 5, () => ip);
    const res = await attemptLogin(t.app, user.username, PASSWORD, ip);
    expectError(res, 429, waitFor(1));
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
    const actions = (await auditEntriesOf(t.handle.db, user.username)).map((e) => e.action);
    expect(actions).toEqual([...Array(5).fill('login_failed'), 'login_throttled']);
    await letTimePass(user.username, 1);
    expect((await attemptLogin(t.app, user.username, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('doubles with every further failure and never passes the cap', async () => {
    const capped = await createTestApp({ throttle: { maxPerUsername: 5, maxPerIp: 1_000, windowMinutes: 15, maxDelaySeconds: 8 } });
    try {
      const user = await createUser(capped.handle.db);
      for (let i = 0; i < 5; i++) expectError(await attemptLogin(capped.app, user.username, `wrong-${i}`, randomIp()), 401);
      for (const delay of [1, 2, 4, 8, 8, 8]) {
        expectError(await attemptLogin(capped.app, user.username, 'wrong-again', randomIp()), 429, waitFor(delay));
        await probe(capped.handle.db, (tx) => sql`UPDATE login_failures SET created_at = created_at - make_interval(secs => ${delay}) WHERE username = ${user.username}`.execute(tx));
        expectError(await attemptLogin(capped.app, user.username, 'wrong-again', randomIp()), 401, INVALID);
      }
    } finally {
      await capped.close();
    }
  });

  it('4 failures still let the right password in', async () => {
    const user = await createUser(t.handle.db);
    const ip = randomIp();
    await failTimes(user.username, 4, () => ip);
    expect((await attemptLogin(t.app, user.username, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts failures for a username from every address, in any letter case', async () => {
    const user = await createUser(t.handle.db);
    await failTimes(user.username.toUpperCase(), 5, randomIp);
    expectError(await attemptLogin(t.app, user.username, PASSWORD, randomIp()), 429, waitFor(1));
  });

  it('does not delay other users', async () => {
    const [victim, bystander] = [await createUser(t.handle.db), await createUser(t.handle.db)];
    await failTimes(victim.username, 5, randomIp);
    expect((await attemptLogin(t.app, bystander.username, PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('a success resets the username counter', async () => {
    const user = await createUser(t.handle.db);
    const ip = randomIp();
    await failTimes(user.username, 4, () => ip);
    expect((await attemptLogin(t.app, user.username, PASSWORD, ip)).statusCode).toBe(200);
    await failTimes(user.username, 4, () => ip);
    expect((await attemptLogin(t.app, user.username, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('concurrent failures cannot slip past the limit', async () => {
    const user = await createUser(t.handle.db);
    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => attemptLogin(t.app, user.username, `wrong-${i}`, ip)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('a burst of wrong passwords from many addresses delays the owner by the cap at most, then the right password works', async () => {
    const user = await createUser(t.handle.db);
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push((await attemptLogin(t.app, user.username, `guess-${i}`, randomIp())).statusCode);
    // Attempts refused during a delay are not counted: the burst records only the first few failures.
    const recorded = await probe(t.handle.db, (tx) => tx.selectFrom('login_failures').select('id').where('username', '=', user.username).execute());
    expect(recorded.length).toBe(answers.filter((s) => s === 401).length);
    expect(recorded.length).toBeLessThan(10);
    const refused = await attemptLogin(t.app, user.username, PASSWORD, randomIp());
    const seconds = Number(/wait (\d+) second/.exec(expectError(refused, 429))![1]);
    expect(seconds).toBeLessThanOrEqual(60);
    await letTimePass(user.username, seconds);
    expect((await attemptLogin(t.app, user.username, PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('even 1,000 failures in the window hold the owner back for no more than 60 seconds', async () => {
    const user = await createUser(t.handle.db);
    await recordFailures(user.username, 1_000);
    const refused = await attemptLogin(t.app, user.username, PASSWORD, randomIp());
    expect(Number(/wait (\d+) second/.exec(expectError(refused, 429))![1])).toBeLessThanOrEqual(60);
    await letTimePass(user.username, 60);
    const ok = await attemptLogin(t.app, user.username, PASSWORD, randomIp());
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('leaves an attacker fewer than 100 guesses an hour at one account (ASVS V2.2.1)', () => {
    const policy = { maxPerUsername: 5, maxPerIp: 20, windowMinutes: 15, maxDelaySeconds: 60 };
    let elapsed = 0;
    let guesses = 0;
    while (elapsed < 3_600) elapsed += accountDelaySeconds(policy, guesses++) || 0.001;
    expect(guesses).toBeLessThanOrEqual(100);
  });
});

describe('login throttling per address', () => {
  it('after 20 failures from one address across usernames refuses that address with 429', async () => {
    const user = await createUser(t.handle.db);
    const ip = randomIp();
    for (let i = 0; i < 20; i++) expectError(await attemptLogin(t.app, unique('nobody'), 'whatever-password', ip), 401);
    expectError(await attemptLogin(t.app, user.username, PASSWORD, ip), 429, ADDRESS_THROTTLED);
    expectError(await attemptLogin(t.app, unique('nobody'), 'whatever-password', ip), 429, ADDRESS_THROTTLED);
    // The same user from another address is not affected: the limit is on the address.
    expect((await attemptLogin(t.app, user.username, PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('19 failures from one address still let a right password in', async () => {
    const user = await createUser(t.handle.db);
    const ip = randomIp();
    for (let i = 0; i < 19; i++) await attemptLogin(t.app, unique('nobody'), 'whatever-password', ip);
    expect((await attemptLogin(t.app, user.username, PASSWORD, ip)).statusCode).toBe(200);
  });
});
