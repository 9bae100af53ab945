import { describe, expect, it } from 'vitest';
import { createTotpSecret, decodeBase32, encodeBase32, hotp, matchTotpStep, otpauthUri, timeStep, totpCode } from './totp';

/** RFC 6238 appendix B: the seeds and the 8-digit codes at each test time, per algorithm. */
const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i seconds matches the RFC test vectors', (seconds, sha1, sha256, sha512) => {
    const step = timeStep(seconds * 1000);
    expect(hotp(SEEDS.sha1, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(SEEDS.sha256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEEDS.sha512, step, 8, 'sha512')).toBe(sha512);
  });

  it('gives the 6-digit code of the SHA-1 vector through the base32 secret', () => {
    const secret = encodeBase32(SEEDS.sha1);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
  });

  it('round-trips base32 and refuses other characters', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 7, 8]);
    expect(decodeBase32(encodeBase32(bytes))).toEqual(bytes);
    expect(decodeBase32('gezd gnbv gy3t qojq')).toEqual(Buffer.from('1234567890'));
    expect(() => decodeBase32('ABC1')).toThrow();
  });

  it('accepts the previous and next step and nothing further', () => {
    const secret = createTotpSecret();
    const now = 1_700_000_000_000;
    const step = timeStep(now);
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
    expect(matchTotpStep(secret, '1234567', now)).toBeNull();
  });

  it('builds an otpauth URI authenticator apps read', () => {
    const uri = otpauthUri('Compliance Platform', 'alice', 'JBSWY3DPEHPK3PXP');
    expect(uri).toBe('otpauth://totp/Compliance%20Platform%3Aalice?secret=JBSWY3DPEHPK3PXP&issuer=Compliance+Platform&algorithm=SHA1&digits=6&period=30');
  });
});
