import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, attemptLogin, createTestApp, expectError, randomIp } from './helpers/test-app';
import { PASSWORD, createUser, unique } from './helpers/factories';
import { auditEntriesOf } from './helpers/db-probe';

const THROTTLED = 'Too many failed login attempts. Please wait 15 minutes and try again.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function failTimes(username: string, times: number, ip: () => string) {
  for (let i = 0; i < times; i++) {
    expectError(await attemptLogin(t.app, username, `wrong-${i}`, ip()), 401, 'Invalid username or password');
  }
}

describe('login throttling per username', () => {
  it('after 5 failures refuses even the right password with 429 and a clear detail', async () => {
    const user = await createUser(t.handle.db);
    const ip = randomIp();
    await failTimes(user.username, 5, () => ip);
    const res = await attemptLogin(t.app, user.username, PASSWORD, ip);
    expectError(res, 429, THROTTLED);
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
    const actions = (await auditEntriesOf(t.handle.db, user.username)).map((e) => e.action);
    expect(actions).toEqual([...Array(5).fill('login_failed'), 'login_throttled']);
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
    expectError(await attemptLogin(t.app, user.username, PASSWORD, randomIp()), 429, THROTTLED);
  });

  it('does not lock out other users', async () => {
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
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attemptLogin(t.app, user.username, `wrong-${i}`, ip)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('login throttling per address', () => {
  it('after 20 failures from one address across usernames refuses that address with 429', async () => {
    const user = await createUser(t.handle.db);
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      expectError(await attemptLogin(t.app, unique('nobody'), 'whatever-password', ip), 401);
    }
    expectError(await attemptLogin(t.app, user.username, PASSWORD, ip), 429, THROTTLED);
    expectError(await attemptLogin(t.app, unique('nobody'), 'whatever-password', ip), 429, THROTTLED);
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
