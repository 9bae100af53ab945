import { describe, expect, it } from 'vitest';
import type { RequirementCandidate } from '../engine';
import { LINK_THRESHOLD, MAX_LINKS, analyzeEvidenceLocally, buildPassages } from './evidence-analyzer';
import { segmentText } from './segmenter';

const REQUIREMENTS: RequirementCandidate[] = [
  { key: 'IAM-07', domain_number: 3, text: 'Require multi-factor authentication for all remote network access.', keywords: ['multi-factor authentication', 'mfa', 'remote access mfa'] },
  { key: 'IAM-10', domain_number: 3, text: 'Enforce password rules requiring a unique password of at least 12 characters.', keywords: ['password policy', 'password length'] },
  { key: 'PHY-03', domain_number: 15, text: 'Register, identify and escort visitors and keep a visitor log.', keywords: ['visitor log', 'visitor badge', 'escort'] },
  { key: 'BCD-08', domain_number: 13, text: 'Test restoration of backed-up data at least quarterly.', keywords: ['restore test', 'backup testing'] },
];

const POLICY = [
  'ACCESS CONTROL POLICY',
  '',
  '1. Multi-factor authentication. Multi-factor authentication is required for all remote access and for all administrative access.',
  '',
  '2. Passwords. Passwords must be at least 12 characters long and must not reuse the previous ten passwords.',
  '',
  '3. Reviews. This policy is reviewed every year by the CISO.',
].join('\n');

const noop = () => {};

describe('buildPassages', () => {
  it('cuts the document into short passages with exact spans', () => {
    const segmented = segmentText(POLICY);
    const passages = buildPassages(segmented);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    for (const p of passages) expect(POLICY.slice(p.start, p.end).length).toBeGreaterThan(0);
  });
});

describe('analyzeEvidenceLocally', () => {
  it('links the requirements the document supports, with the supporting passage as excerpt', () => {
    const result = analyzeEvidenceLocally({ text: POLICY, fileName: 'Access Control Policy.docx', requirements: REQUIREMENTS }, noop, noop);
    expect(result.suggested_document_type).toBe('Policy');
    const keys = result.links.map((l) => l.requirement_key);
    expect(keys).toEqual(expect.arrayContaining(['IAM-07', 'IAM-10']));
    expect(keys).not.toContain('PHY-03');
    for (const link of result.links) {
      expect(POLICY).toContain(link.excerpt);
      expect(link.confidence).toBeGreaterThan(0);
      expect(link.confidence).toBeLessThanOrEqual(1);
    }
    expect(result.links.find((l) => l.requirement_key === 'IAM-10')?.excerpt).toMatch(/12 characters/);
  });

  it('quotes the sentence that states the control, not the scope paragraph that names it', () => {
    const policy = [
      'REMOTE WORKING STANDARD',
      '',
      'Scope',
      'This standard applies to all employees and contractors who use remote access, multi-factor authentication tokens or company laptops away from the office.',
      '',
      'Requirements',
      'Staff connect from home through the company VPN. Multi-factor authentication is enforced for all remote access. Laptops lock after five minutes.',
    ].join('\n');
    const result = analyzeEvidenceLocally({ text: policy, fileName: 'upload.pdf', requirements: REQUIREMENTS }, noop, noop);
    expect(result.links.find((l) => l.requirement_key === 'IAM-07')?.excerpt).toBe('Multi-factor authentication is enforced for all remote access.');
  });

  it('links a short screen capture of settings lines', () => {
    const screen = 'AWS Backup  >  Vaults  >  prod-core\nRestore testing plan   Quarterly   Active\nLast restore test   02/06/2025   Succeeded\nBackup jobs   Completed 412   Failed 0';
    const result = analyzeEvidenceLocally({ text: screen, fileName: 'vault.png', requirements: REQUIREMENTS }, noop, noop);
    expect(result.suggested_document_type).toBe('Screenshot');
    expect(result.links.map((l) => l.requirement_key)).toContain('BCD-08');
  });

  it('is deterministic and caps the number of links', () => {
    const input = { text: POLICY, fileName: 'policy.pdf', requirements: REQUIREMENTS };
    expect(analyzeEvidenceLocally(input, noop, noop)).toEqual(analyzeEvidenceLocally(input, noop, noop));
    const many = Array.from({ length: 60 }, (_, i) => ({ ...REQUIREMENTS[0]!, key: `R-${i}` }));
    expect(analyzeEvidenceLocally({ ...input, requirements: many }, noop, noop).links.length).toBeLessThanOrEqual(MAX_LINKS);
  });

  it('returns no links for an empty document or no requirements', () => {
    expect(analyzeEvidenceLocally({ text: '', fileName: 'empty.txt', requirements: REQUIREMENTS }, noop, noop).links).toEqual([]);
    expect(analyzeEvidenceLocally({ text: POLICY, fileName: 'p.pdf', requirements: [] }, noop, noop).links).toEqual([]);
  });

  it('reports progress stages and stops when asked to', () => {
    const stages: string[] = [];
    analyzeEvidenceLocally({ text: POLICY, fileName: 'p.pdf', requirements: REQUIREMENTS }, (stage) => stages.push(stage), noop);
    expect(stages).toContain('Matching requirements');
    const stop = () => {
      throw new Error('stopped');
    };
    expect(() => analyzeEvidenceLocally({ text: POLICY, fileName: 'p.pdf', requirements: REQUIREMENTS }, noop, stop)).toThrow('stopped');
  });
});

describe('link confidence', () => {
  const confidence = (text: string, key: string) =>
    analyzeEvidenceLocally({ text, fileName: 'Remote Access Standard.docx', requirements: REQUIREMENTS }, noop, noop, 0).links.find((l) => l.requirement_key === key)?.confidence ?? 0;

  it('scores a passage that only mentions the requirement low, and one that states it high', () => {
    const shows = 'Remote access. Multi-factor authentication is required for all remote network access, through the VPN and the remote desktop gateway.';
    const mentions: Record<string, string> = {
      definition: '2 Definitions Multi-factor authentication (MFA): authentication using two or more factors, such as a password and a code, for remote network access.',
      exception: 'Remote access. Exceptions to multi-factor authentication for remote network access need the approval of the CISO and are recorded in the risk register.',
      plan: 'Remote access. The IT team will evaluate multi-factor authentication for remote network access in Q3 2025, subject to budget.',
      'not done': 'Remote access. Multi-factor authentication is not yet enabled for remote network access on the legacy VPN.',
    };
    expect(confidence(shows, 'IAM-07')).toBeGreaterThanOrEqual(LINK_THRESHOLD);
    for (const [kind, text] of Object.entries(mentions)) expect(confidence(text, 'IAM-07'), kind).toBeLessThan(LINK_THRESHOLD);
  });

  it('quotes the sentence that shares the requirement, not its neighbour under the same heading', () => {
    const standard = 'Remote access\n3.1 All remote access goes through the company VPN, and every VPN sign-in requires a Duo push as a second factor.\n3.2 VPN sessions are closed after 15 minutes without activity.\n\nWorkstations\n4.1 Laptops are encrypted with BitLocker.';
    const link = analyzeEvidenceLocally({ text: standard, fileName: 'Remote Access Standard.docx', requirements: REQUIREMENTS }, noop, noop, 0).links.find((l) => l.requirement_key === 'IAM-07');
    expect(link?.excerpt).toMatch(/Duo push as a second factor/);
  });

  it('quotes, of two passages scored nearly alike, the one whose own sentences state the requirement', () => {
    const requirements: RequirementCandidate[] = [
      { key: 'IAM-07', domain_number: 3, text: 'Require multi-factor authentication for all remote network access and for every externally exposed application.', keywords: ['multi-factor authentication', 'mfa', 'vpn mfa', 'remote access mfa'] },
      { key: 'IAM-14', domain_number: 3, text: 'Lock or end interactive sessions after no more than 15 minutes of inactivity.', keywords: ['session timeout', 'idle timeout'] },
    ];
    const standard = [
      '2 Definitions',
      'Multi-factor authentication (MFA): a sign-in that needs two or more different factors, such as a password and a code.',
      '',
      '3 Remote access',
      '3.1 All remote access goes through the GlobalProtect VPN, and every VPN sign-in requires a Duo push as a second factor.',
      '3.2 VPN sessions are closed after 15 minutes without activity.',
    ].join('\n');
    const links = analyzeEvidenceLocally({ text: standard, fileName: 'remote_access_standard.txt', requirements }, noop, noop, 0).links;
    expect(links.find((l) => l.requirement_key === 'IAM-07')?.excerpt).toMatch(/Duo push as a second factor/);
    expect(links.find((l) => l.requirement_key === 'IAM-14')?.excerpt).toMatch(/closed after 15 minutes/);
  });

  it('still scores a tested control high when the auditor noted no exceptions', () => {
    const report = 'CC6.1 Logical access\nControl: Multi-factor authentication is required for all remote network access. Test performed: Inspected the VPN configuration for a sample of 25 users. Result: No exceptions noted.';
    expect(confidence(report, 'IAM-07')).toBeGreaterThanOrEqual(LINK_THRESHOLD);
  });

  it('does not lower a passage for a requirement that is itself about exceptions', () => {
    const requirements: RequirementCandidate[] = [{ key: 'GOV-09', domain_number: 1, text: 'Record exceptions to security policies with an owner and an expiry date.' }];
    const text = 'Policy exceptions. Exceptions to security policies are recorded in the exceptions register with an owner and an expiry date of at most 12 months.';
    expect(analyzeEvidenceLocally({ text, fileName: 'Security Policy.docx', requirements }, noop, noop).links.map((l) => l.requirement_key)).toEqual(['GOV-09']);
  });
});
