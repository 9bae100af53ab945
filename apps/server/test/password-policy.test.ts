import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProductAdmin } from '@compliance/domain/demo/seed-service';
import { type Session, type TestApp, api, attemptLogin, expectError, randomIp } from './helpers/test-app';
import { type OrgFixture, unique } from './helpers/factories';
import { findUsers } from './helpers/db-probe';
import { createAppWithManager } from './helpers/passwords';

/** The password policy wherever a password is set: by an administrator, and for the first administrator at start-up. */
let t: TestApp;
let org: OrgFixture;
let manager: Session;
beforeAll(async () => {
  ({ t, org, manager } = await createAppWithManager());
});
afterAll(async () => t.close());

const create = (password: string) => {
  const username = unique('pw');
  return { username, res: api(t.app, manager, 'POST', '/api/users', { username, email: `${username}@example.com`, password, role: 'Viewer', organization_id: org.id }) };
};

describe('an administrator creating a user', () => {
  it.each([
    ['11 characters', 'Kx7-vq2-pLm', 'Password must be at least 12 characters'],
    ['129 characters', `Zq8-${'mVw3'.repeat(31)}x`, 'Password must be at most 128 characters'],
    ['a breached password', 'qwerty123456', /^This password is too common: it appears in lists of breached passwords/],
    ['a look-alike of one', 'P@ssw0rd2024!', /^This password is too common/],
    ['the product name', 'Compliance2026!', /based on the username or the product name/],
  ])('is refused %s with 400 and a clear detail, and nothing is written', async (_label, password, detail) => {
    const { username, res } = create(password);
    expectError(await res, 400, detail);
    expect(await findUsers(t.handle.db, username)).toEqual([]);
  });

  it.each([
    ['a Unicode passphrase with an emoji', 'Üñîçødé пароль 密码 🔐'],
    ['exactly 128 characters', `Zq8-${'mVw3'.repeat(31)}`],
    ['12 characters of one case, no digits or symbols', 'granitelamps'],
  ])('accepts %s, and the user logs in with it', async (_label, password) => {
    const { username, res } = create(password);
    expect((await res).statusCode).toBe(200);
    expect((await attemptLogin(t.app, username, password, randomIp())).statusCode).toBe(200);
  });
});

describe('the first administrator (ADMIN_PASSWORD)', () => {
  it('is refused a weak password and created with a good one', async () => {
    const username = unique('first-admin');
    await expect(ensureProductAdmin(t.handle.db, username, 'admin1234567')).rejects.toThrow(/too common/);
    await expect(ensureProductAdmin(t.handle.db, username, `${username}-2026`)).rejects.toThrow(/based on the username/);
    expect(await findUsers(t.handle.db, username)).toEqual([]);
    expect(await ensureProductAdmin(t.handle.db, username, 'Velvet-Orbit-Lantern-93')).toBe(true);
    expect((await attemptLogin(t.app, username, 'Velvet-Orbit-Lantern-93', randomIp())).statusCode).toBe(200);
  });
});
