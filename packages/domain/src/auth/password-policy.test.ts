import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../demo/demo-data';
import { commonPasswords } from './common-passwords';
import { BREACHED, CONTEXTUAL, PATTERN, TOO_LONG, TOO_SHORT, passwordProblem } from './password-policy';

describe('the password policy', () => {
  it('ships the breached lists: tens of thousands of entries, read offline', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(45_000);
    for (const entry of ['password', '123456', 'iloveyou', 'qwertyuiop']) expect(list.has(entry)).toBe(true);
  });

  it('counts length in characters a person sees: 12 to 128, emoji as one, runs of spaces once', () => {
    expect(passwordProblem('Kx7-vq2-pLm')).toBe(TOO_SHORT);
    expect(passwordProblem('Kx7-vq2-pLm9')).toBeNull();
    expect(passwordProblem('🔐🔐🔑 abc Kx7')).toBe(TOO_SHORT);
    expect(passwordProblem('Kx7      vq2 pLm')).toBe(TOO_SHORT);
    expect(passwordProblem(`Zq8-${'mVw3'.repeat(31)}`)).toBeNull();
    expect(passwordProblem(`Zq8-${'mVw3'.repeat(31)}x`)).toBe(TOO_LONG);
    expect(passwordProblem('🔐'.repeat(129))).toBe(TOO_LONG);
  });

  it('allows any characters and asks for no kinds of them', () => {
    expect(passwordProblem('Üñîçødé-пароль-密码-🔐')).toBeNull();
    expect(passwordProblem('granite lantern orbit velvet')).toBeNull();
    expect(passwordProblem('alllowercaseletterswork')).toBeNull();
  });

  it('refuses breached passwords, also inside digits and symbols, with look-alikes and said twice', () => {
    for (const weak of ['password1234', 'Password2024!', 'P@ssw0rd2024!', 'iloveyou1234', 'monkey123456', 'qwerty123456', '1qaz2wsx3edc', 'dragon!!!!!!!', 'trustno1trustno1', 'Football2023']) {
      expect(passwordProblem(weak), weak).toBe(BREACHED);
    }
  });

  it('refuses repeated and sequential runs', () => {
    for (const weak of ['aaaaaaaaaaaa', 'abcabcabcabc', '123456789012', 'abcdefghijklm', '   zzzz   zzzz   zzzz']) expect(passwordProblem(weak), weak).toBe(PATTERN);
  });

  it('refuses the username and the product name with digits around them', () => {
    expect(passwordProblem('margaret.h2024!', { username: 'margaret.h' })).toBe(CONTEXTUAL);
    expect(passwordProblem('margaret.h2024!', { username: 'someone-else' })).toBeNull();
    expect(passwordProblem('Compliance2026!')).toBe(CONTEXTUAL);
  });

  it('accepts the documented demo and test passwords', () => {
    expect(passwordProblem(DEFAULT_DEMO_PASSWORD, { username: 'admin' })).toBeNull();
    expect(passwordProblem('Test-Password-123', { username: 'user-1' })).toBeNull();
  });
});
