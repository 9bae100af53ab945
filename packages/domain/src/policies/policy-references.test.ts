import { describe, expect, it } from 'vitest';
import { findRequirementReferences } from './policy-references';

describe('findRequirementReferences', () => {
  it('reads requirement ids from statements and mapping rows, never from statement or section numbers', () => {
    const text = [
      '## 4. Policy Statements',
      '### 4.2 Identity & Access Management',
      '**4.2.1** Acme shall review access every quarter. *(Requirement 3.4; NIST 800-53 rev 5: AC-2)*',
      '**4.2.2** Acme shall enforce MFA (Requirements 3.7, 3.8 and 3.10).',
      '| Statement | Requirement | HIPAA |',
      '| --- | --- | --- |',
      '| 4.2.1 | 3.4 | 164.312(a)(1) |',
      '| 4.9.1 | 15.2 | — |',
    ].join('\n');
    const found = findRequirementReferences(text);
    expect([...found.keys()].sort()).toEqual(['15.2', '3.10', '3.4', '3.7', '3.8']);
    expect(found.get('3.4')).toContain('Acme shall review access every quarter');
    expect(found.get('15.2')).toContain('4.9.1');
  });

  it('finds nothing in a text without references', () => {
    expect(findRequirementReferences('# Policy\n\nSection 4.2 applies to everyone.').size).toBe(0);
  });
});
