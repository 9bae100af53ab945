import { describe, expect, it } from 'vitest';
import { policyPlainText } from './policy-text';

const POLICY = [
  '# Access Control Policy',
  '',
  '*Sets how **Acme** grants access.*',
  '',
  '- **Organization:** Acme Hospitals',
  '- **Frameworks:** NIST 800-53 rev 5',
  '',
  '## 1. Purpose',
  '',
  'See [the handbook](https://example.com/handbook) and `production` systems; file_name stays whole.',
  '',
  '### 1.1 Identity & Access Management',
  '',
  '**1.1.1** Acme shall review accounts quarterly. *(Requirement 3.4; NIST 800-53 rev 5: AC-2)*',
  '',
  '1. Request the exception.',
  '2. Record it.',
  '',
  '> A quoted note',
  '',
  '---',
  '',
  '| Statement | Requirement | NIST 800-53 rev 5 |',
  '| --- | --- | --- |',
  '| 1.1.1 | 3.4 | AC-2, AC-3 |',
  '| 1.1.10 | 3.12 | — |',
  '| 1.2.1 | 6.8 | AC-17\\|X |',
  '',
  'Price is 5 \\* 3.',
].join('\n');

describe('policyPlainText', () => {
  const text = policyPlainText(POLICY);
  const lines = text.split('\n');

  it('removes heading, emphasis, code, link, quote and rule markers', () => {
    expect(text).not.toMatch(/^#/m);
    expect(text.replace('AC-17|X', '')).not.toMatch(/\*\*|`|\]\(|^\s*>|^\s*-{3,}\s*$|\|/m);
    expect(lines[0]).toBe('Access Control Policy');
    expect(text).toContain('\nSets how Acme grants access.\n');
    expect(text).toContain('\n1. Purpose\n');
    expect(text).toContain('\n1.1 Identity & Access Management\n');
    expect(text).toContain('\n1.1.1 Acme shall review accounts quarterly. (Requirement 3.4; NIST 800-53 rev 5: AC-2)\n');
    expect(text).toContain('See the handbook (https://example.com/handbook) and production systems; file_name stays whole.');
    expect(text).toContain('\n    A quoted note\n');
    expect(text).toContain('Price is 5 * 3.');
  });

  it('keeps lists as plain list lines', () => {
    expect(lines).toContain('- Organization: Acme Hospitals');
    expect(lines).toContain('1. Request the exception.');
    expect(lines).toContain('2. Record it.');
  });

  it('writes a table as aligned columns without its separator row', () => {
    const start = lines.indexOf('Statement  Requirement  NIST 800-53 rev 5');
    expect(start).toBeGreaterThan(0);
    expect(lines.slice(start, start + 4)).toEqual([
      'Statement  Requirement  NIST 800-53 rev 5',
      '1.1.1      3.4          AC-2, AC-3',
      '1.1.10     3.12         —',
      '1.2.1      6.8          AC-17|X',
    ]);
  });

  it('keeps the blank lines between blocks and ends with one newline', () => {
    expect(lines[1]).toBe('');
    expect(text.endsWith('3.\n')).toBe(true);
  });
});
