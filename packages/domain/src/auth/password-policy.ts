import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '@compliance/contracts/password-length';
import { AppError } from '../errors';
import { commonPasswords } from './common-passwords';

export const TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const BREACHED = 'This password is too common: it appears in lists of breached passwords. Choose another password.';
export const PATTERN = 'This password is a repeated or sequential pattern. Choose another password.';
export const CONTEXTUAL = 'This password is based on the username or the product name. Choose another password.';

const PRODUCT_WORDS = ['compliance', 'complianceplatform', 'compliance platform'];
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '8': 'b', '3': 'e', '1': 'i', '!': 'i', '0': 'o', '$': 's', '5': 's', '7': 't', '2': 'z' };

/** The password without the digits and symbols people put around a word ("Password2024!" → "password"). */
function core(lower: string): string {
  return lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

function unleet(text: string): string {
  return text.replace(/[@4831!0$572]/g, (ch) => LEET[ch] ?? ch);
}

/** The shortest piece the text repeats ("trustno1trustno1" → "trustno1"), or the text itself. */
function repeatedUnit(text: string): string {
  const chars = [...text];
  for (let size = 1; size <= chars.length / 2; size++) {
    if (chars.length % size === 0 && chars.every((ch, i) => ch === chars[i % size])) return chars.slice(0, size).join('');
  }
  return text;
}

/** "aaaaaaaaaaaa", "abcabcabcabc", "abcdefghijkl", "987654321098"-like runs. */
function isPattern(lower: string): boolean {
  const chars = [...lower];
  if ([...repeatedUnit(lower)].length <= 4) return true;
  const steps = chars.slice(1).map((ch, i) => ch.codePointAt(0)! - chars[i]!.codePointAt(0)!);
  return steps.every((step) => step === 1 || step === -9) || steps.every((step) => step === -1 || step === 9);
}

/**
 * Why a new password is refused, or null. Any characters are allowed and nothing is required of
 * their kinds (ASVS V2.1.9); refused are the wrong length, passwords in the breached lists (also as
 * the word inside digits and symbols, and with look-alike digits read as letters), repeated or
 * sequential runs, a common password said twice, and the username or the product name with only
 * digits and symbols around it.
 */
export function passwordProblem(password: string, context: { username?: string | null } = {}): string | null {
  if ([...password].length > PASSWORD_MAX_LENGTH) return TOO_LONG;
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) return TOO_SHORT;
  const lower = password.normalize('NFKC').toLowerCase();
  const squeezed = lower.replace(/\s+/g, '');
  if (isPattern(squeezed)) return PATTERN;
  const unit = repeatedUnit(squeezed);
  const candidates = new Set([lower, squeezed, unit, core(lower), core(unit), unleet(lower), core(unleet(lower)), unleet(core(lower))]);
  const username = context.username?.trim().toLowerCase();
  const words = username && username.length >= 3 ? [username, ...PRODUCT_WORDS] : PRODUCT_WORDS;
  for (const text of [lower, squeezed, unleet(lower)]) {
    if (words.some((word) => text.includes(word) && !/\p{L}/u.test(text.replace(word, '')))) return CONTEXTUAL;
  }
  const list = commonPasswords();
  for (const candidate of candidates) if (candidate.length >= 3 && list.has(candidate)) return BREACHED;
  return null;
}

/** Throws the 400 a form shows when the password is refused. */
export function assertAcceptablePassword(password: string, context: { username?: string | null } = {}): void {
  const problem = passwordProblem(password, context);
  if (problem) throw new AppError('BAD_REQUEST', problem);
}
