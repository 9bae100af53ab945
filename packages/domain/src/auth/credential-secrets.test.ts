import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';
import { createToken, hashToken } from './tokens';

/** ASVS V2.4.1/V2.4.2 (password storage) and V3.2.2/V3.2.4 (session and API token secrets). */
describe('password hashes', () => {
  it('are argon2id with a random salt of 128 bits, and verify only the right password', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(first, 'correct horse battery stapl')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
  });
});

describe('session and token secrets', () => {
  it('carry 256 random bits from the system CSPRNG and are kept only as their SHA-256', () => {
    const tokens = new Set(Array.from({ length: 1000 }, createToken));
    expect(tokens.size).toBe(1000);
    for (const token of [...tokens].slice(0, 20)) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashToken('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});
