import { describe, expect, it } from 'vitest';
import { FRAMEWORKS, canonicalFramework, frameworkName, referenceMatches } from './frameworks';

describe('framework names', () => {
  it('reads both spellings of CIS and NIST as the canonical names', () => {
    expect(canonicalFramework('CIS Controls v8')).toBe('CIS Controls v8.1');
    expect(canonicalFramework('NIST 800-53')).toBe('NIST 800-53 rev 5');
    expect(canonicalFramework('  nist   800-53 rev 5 ')).toBe('NIST 800-53 rev 5');
  });

  it('maps every canonical name to itself', () => {
    for (const name of FRAMEWORKS) expect(canonicalFramework(name)).toBe(name);
  });

  it('rejects unknown names with a message listing the valid ones', () => {
    const result = frameworkName.safeParse('SOX');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('Unknown framework "SOX"');
    expect(result.error?.issues[0]?.message).toContain('HIPAA');
  });
});

describe('referenceMatches', () => {
  it('matches a control, its enhancements and sub-paragraphs, and nothing else', () => {
    expect(referenceMatches('AC-2', 'ac-2')).toBe(true);
    expect(referenceMatches('AC-2(1)', 'AC-2')).toBe(true);
    expect(referenceMatches('AC-20', 'AC-2')).toBe(false);
    expect(referenceMatches('164.308(a)(1)(i)', '164.308(a)(1)')).toBe(true);
    expect(referenceMatches('164.308(a)(1)', '164.308(a)(1)(i)')).toBe(false);
  });
});
