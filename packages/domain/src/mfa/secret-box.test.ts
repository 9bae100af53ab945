import { describe, expect, it } from 'vitest';
import { mfaSettings, openSecret, sealSecret } from './secret-box';

describe('MFA secrets at rest', () => {
  it('seal and open with the same key; the sealed text does not contain the secret', () => {
    const { key } = mfaSettings('Test', 'a key');
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuse to open with another key or a tampered text', () => {
    const sealed = sealSecret(mfaSettings('Test', 'a key').key, 'JBSWY3DPEHPK3PXP');
    expect(() => openSecret(mfaSettings('Test', 'other key').key, sealed)).toThrow();
    expect(() => openSecret(mfaSettings('Test', 'a key').key, `${sealed.slice(0, -2)}AA`)).toThrow();
  });
});
