import { describe, expect, it } from 'vitest';
import { classifyDomain } from './domain-classifier';
import { termsOf } from './nlp';

function domainOf(text: string): number {
  return classifyDomain([{ stems: termsOf(text).stems, weight: 1 }]).domain_number;
}

describe('classifyDomain', () => {
  it.each([
    ['Access rights are reviewed quarterly and multi-factor authentication is required for administrators.', 3],
    ['Customer Data is encrypted at rest with AES-256 and in transit with TLS 1.2.', 4],
    ['Critical security patches are applied within 14 days and vulnerability scans run monthly.', 5],
    ['Firewall rule sets are reviewed every six months and the network is segmented.', 6],
    ['Laptops run anti-malware and full-disk encryption.', 7],
    ['Every code change is peer reviewed and scanned with static analysis before release.', 8],
    ['Security logs are forwarded to the SIEM and alerts are reviewed daily.', 9],
    ['The Supplier shall notify the Customer of a security incident within 24 hours.', 10],
    ['No sub-processor may be engaged without written authorisation.', 11],
    ['Staff complete security awareness training every year.', 12],
    ['Backups are tested by restoring them every quarter; the disaster recovery plan is tested annually.', 13],
    ['An independent auditor performs an annual SOC 2 Type II audit.', 14],
    ['Visitors are escorted and data centre entry is controlled by badge readers and CCTV.', 15],
  ])('%s → domain %i', (text, domain) => {
    expect(domainOf(text)).toBe(domain);
  });

  it('adds extra evidence and gives a confidence in (0, 1]', () => {
    const extra = new Float64Array(16);
    extra[11] = 50;
    const decision = classifyDomain([{ stems: termsOf('encrypt backups').stems, weight: 1 }], extra);
    expect(decision.domain_number).toBe(11);
    expect(decision.confidence).toBeGreaterThan(0.9);
    expect(decision.confidence).toBeLessThanOrEqual(1);
  });
});
