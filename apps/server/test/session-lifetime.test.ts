import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createUser } from './helpers/factories';
import { probe } from './helpers/db-probe';
import { type Session, type TestApp, api, createTestApp, expectError, login, randomIp } from './helpers/test-app';
import { sessionFrom } from './helpers/mfa';

/**
 * ASVS V3.3.1/V3.3.2: besides the idle expiry that slides with use, a session ends a fixed time after
 * its login however active it is (SESSION_MAX_HOURS, 12 by default; 'Keep me logged in' has
 * SESSION_REMEMBER_MAX_DAYS, 30 by default).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionLifetime: { maxHours: 2, rememberMaxDays: 3 } });
});
afterAll(async () => t.close());

const HOUR = 3_600_000;

async function signIn(rememberMe: boolean): Promise<Session> {
  const user = await createUser(t.handle.db);
  if (!rememberMe) return login(t.app, user.username, PASSWORD);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: PASSWORD, remember_me: true }, remoteAddress: randomIp() });
  return sessionFrom(res);
}

/** Moves the login of the user's session back in time; the session was used a moment ago. */
async function loggedInAgo(session: Session, ms: number) {
  await probe(t.handle.db, (tx) =>
    tx
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - ms), last_seen_at: new Date(Date.now() - 10 * 60_000) } as never)
      .where('user_id', '=', session.userId)
      .execute(),
  );
}

const sessionRows = (session: Session) =>
  probe(t.handle.db, (tx) => tx.selectFrom('sessions').select(['expires_at', 'created_at']).where('user_id', '=', session.userId).execute());

describe('the absolute session lifetime', () => {
  it('keeps an active session until its limit, and caps the sliding expiry at it', async () => {
    const session = await signIn(false);
    await loggedInAgo(session, 1.5 * HOUR);
    expect((await api(t.app, session, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const [row] = await sessionRows(session);
    // Used 10 minutes ago, so the expiry slid forward: but not past login + 2 hours.
    expect(new Date(row!.expires_at).getTime()).toBeLessThanOrEqual(new Date(row!.created_at).getTime() + 2 * HOUR);
  });

  it('ends a session past its limit however recently it was used, and deletes it', async () => {
    const session = await signIn(false);
    await loggedInAgo(session, 2 * HOUR + 60_000);
    expectError(await api(t.app, session, 'GET', '/api/auth/me'), 401, 'Not authenticated. Please log in.');
    expect(await sessionRows(session)).toEqual([]);
  });

  it("gives a 'Keep me logged in' session its own, longer limit", async () => {
    const kept = await signIn(true);
    await loggedInAgo(kept, 2 * 24 * HOUR);
    expect((await api(t.app, kept, 'GET', '/api/auth/me')).statusCode).toBe(200);
    await loggedInAgo(kept, 3 * 24 * HOUR + 60_000);
    expectError(await api(t.app, kept, 'GET', '/api/auth/me'), 401);
  });

  it('holds for the procedures over /trpc and the plain routes too', async () => {
    const session = await signIn(false);
    await loggedInAgo(session, 3 * HOUR);
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: session.cookie }, remoteAddress: randomIp() });
    expect(trpc.statusCode).toBe(401);
    expectError(await api(t.app, session, 'GET', '/api/requirements/export/csv'), 401);
  });
});
