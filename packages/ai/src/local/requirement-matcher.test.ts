import { describe, expect, it } from 'vitest';
import type { RequirementCandidate } from '../engine';
import { termsOf } from './nlp';
import { domainVotes, getRequirementIndex, rankRequirements } from './requirement-matcher';

const REQUIREMENTS: RequirementCandidate[] = [
  { key: 'IAM-08', domain_number: 3, text: 'Require multi-factor authentication for all administrative access.', keywords: ['mfa', 'multi-factor authentication', 'administrator mfa'] },
  { key: 'DPP-07', domain_number: 4, text: 'Protect sensitive data stored in databases and backups with strong encryption such as AES-256.', keywords: ['encryption at rest', 'aes-256'] },
  { key: 'BCD-08', domain_number: 13, text: 'Test restoration of backed-up data at least quarterly.', keywords: ['restore test', 'backup testing'] },
  { key: 'PHY-03', domain_number: 15, text: 'Register, identify and escort visitors and keep a visitor log.', keywords: ['visitor log', 'escort'] },
];

function query(text: string, domain?: number) {
  const { stems, index } = termsOf(text);
  return { terms: index, stems, domain };
}

describe('rankRequirements', () => {
  const index = getRequirementIndex(REQUIREMENTS);

  it('ranks the requirement that states the same duty first, with a high calibrated score', () => {
    const [best] = rankRequirements(index, query('Multi-factor authentication for all administrative access to production.', 3));
    expect(best?.requirement.key).toBe('IAM-08');
    expect(best?.score).toBeGreaterThan(0.7);
  });

  it('scores an unrelated obligation low', () => {
    const [best] = rankRequirements(index, query('The supplier shall keep insurance with a reputable insurer.'));
    expect(best?.score ?? 0).toBeLessThan(0.5);
  });

  it('boosts requirements of the classified domain', () => {
    const q = query('Backups are encrypted and restored in tests.');
    const asData = rankRequirements(index, { ...q, domain: 4 }).find((r) => r.requirement.key === 'DPP-07');
    const asContinuity = rankRequirements(index, { ...q, domain: 13 }).find((r) => r.requirement.key === 'DPP-07');
    expect(asData?.score).toBeGreaterThan(asContinuity?.score ?? 1);
  });

  it('reuses the index for the same requirement set', () => {
    expect(getRequirementIndex([...REQUIREMENTS])).toBe(index);
  });

  it('turns the ranking into per-domain votes', () => {
    const votes = domainVotes(index, query('visitors are escorted and signed in to the visitor log'), 2);
    expect(votes[15]).toBeGreaterThan(votes[3] ?? 0);
  });
});
