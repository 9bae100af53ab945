import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { type TestApp, createTestApp } from './helpers/test-app';
import { createUser, unique } from './helpers/factories';

/**
 * Behind one proxy the client's address is the one that proxy appended to X-Forwarded-For; whatever the
 * client itself wrote before it is ignored, so throttling by address and the audit trail cannot be steered.
 */
const PROXY = '10.1.2.3';
/** A client on the internet: 203.0.0.0/16 lies outside the trusted proxy ranges. */
const publicIp = () => `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`;
let hops: TestApp;
let listed: TestApp;
let none: TestApp;

beforeAll(async () => {
  hops = await createTestApp({ trustProxy: 1, throttle: { maxPerUsername: 1000, maxPerIp: 3, windowMinutes: 15 } });
  listed = await createTestApp({ trustProxy: ['10.0.0.0/8'], throttle: { maxPerUsername: 1000, maxPerIp: 3, windowMinutes: 15 } });
  none = await createTestApp({ throttle: { maxPerUsername: 1000, maxPerIp: 3, windowMinutes: 15 } });
});
afterAll(async () => {
  await hops.close();
  await listed.close();
  await none.close();
});

function login(t: TestApp, username: string, forwardedFor: string, peer = PROXY) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: 'wrong-password-here' },
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe('TRUST_PROXY', () => {
  for (const [name, app] of [
    ['a hop count', () => hops],
    ['a list of proxy ranges', () => listed],
  ] as const) {
    it(`with ${name}, a client rotating forged X-Forwarded-For entries is still throttled by its real address`, async () => {
      const user = await createUser(app().handle.db);
      const client = publicIp();
      for (let i = 0; i < 3; i++) expect((await login(app(), user.username, `${publicIp()}, ${client}`)).statusCode).toBe(401);
      const blocked = await login(app(), user.username, `${publicIp()}, ${client}`);
      expect(blocked.statusCode).toBe(429);
      // Another client behind the same proxy is not affected.
      expect((await login(app(), unique('nobody'), `${publicIp()}, ${publicIp()}`)).statusCode).toBe(401);
    });
  }

  it('with a list, a peer outside the proxy ranges is the client, whatever it sends', async () => {
    const direct = publicIp();
    for (let i = 0; i < 3; i++) expect((await login(listed, unique('nobody'), publicIp(), direct)).statusCode).toBe(401);
    expect((await login(listed, unique('nobody'), publicIp(), direct)).statusCode).toBe(429);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored and the peer is the client', async () => {
    const peer = publicIp();
    for (let i = 0; i < 3; i++) expect((await login(none, unique('nobody'), publicIp(), peer)).statusCode).toBe(401);
    expect((await login(none, unique('nobody'), publicIp(), peer)).statusCode).toBe(429);
  });
});
