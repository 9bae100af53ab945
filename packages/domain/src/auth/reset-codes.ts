import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Tx } from '@compliance/db/scope';
import { hashToken } from './tokens';
import { getPasswordReset } from './password-repo';

/** How long an administrator's reset code works. */
export const RESET_CODE_HOURS = 24;
export const RESET_CODE_EXPIRED = 'This reset code has expired. Ask your administrator for a new one.';

/** Letters and digits that cannot be mistaken for one another when read aloud or copied (no I, L, O, U, 0, 1). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** 20 random characters (about 98 bits) in groups of four: XXXX-XXXX-XXXX-XXXX-XXXX. */
export function createResetCode(): string {
  const chars = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return chars.join('').match(/.{4}/g)!.join('-');
}

/** The stored form: SHA-256 of the code without case, spaces or dashes (the code is random, so no slow hash is needed). */
export function hashResetCode(code: string): string {
  return hashToken(code.toUpperCase().replace(/[\s-]/g, ''));
}

/**
 * Whether a login's password is the user's pending reset code: 'valid', 'expired', or null (no
 * pending code, or not this one).
 */
export async function checkResetCode(tx: Tx, userId: string, typed: string): Promise<'valid' | 'expired' | null> {
  if (typed.length > 100) return null;
  const reset = await getPasswordReset(tx, userId);
  if (!reset) return null;
  const expected = Buffer.from(reset.code_hash, 'hex');
  const given = Buffer.from(hashResetCode(typed), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return new Date(reset.expires_at).getTime() > Date.now() ? 'valid' : 'expired';
}
