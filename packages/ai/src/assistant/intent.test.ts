import { describe, expect, it } from 'vitest';
import { conversation } from './fixture-toolset';
import { detectIntent, topicOf } from './intent';
import { findDomain, findFrameworks, searchStem } from './vocabulary';

const intentOf = (...questions: string[]) => detectIntent(conversation(...questions));
const NIST = { name: 'NIST 800-53 rev 5', canonical: 'NIST 800-53 rev 5' };
const PCI = { name: 'PCI DSS 4.0', canonical: 'PCI DSS 4.0' };
const HIPAA = { name: 'HIPAA', canonical: 'HIPAA' };

describe('intent of the six suggested questions and their variations', () => {
  it.each([
    ['What is our overall compliance rate?', { kind: 'summary' }],
    ['How compliant are we overall?', { kind: 'summary' }],
    ["What's our current compliance status?", { kind: 'summary' }],
    ['Which domains need the most attention?', { kind: 'domains' }],
    ['What are our weakest domains?', { kind: 'domains' }],
    ['Which areas are lagging behind?', { kind: 'domains' }],
    ['What are the gaps in NIST 800-53 rev 5?', { kind: 'gaps', framework: NIST, limit: 10 }],
    ['Show NIST gaps', { kind: 'gaps', framework: NIST, limit: 10 }],
    ['What is missing for PCI DSS?', { kind: 'gaps', framework: PCI, limit: 10 }],
    ['Show the top 3 gaps in HIPAA', { kind: 'gaps', framework: HIPAA, limit: 3 }],
    ['What types of evidence do we have?', { kind: 'evidence' }],
    ['List our evidence documents', { kind: 'evidence' }],
    ['What evidence have we uploaded?', { kind: 'evidence' }],
    ['How can I improve our compliance score?', { kind: 'improve' }],
    ['What should we focus on next?', { kind: 'improve' }],
    ['How do we raise our compliance rate?', { kind: 'improve' }],
    ['What are our top priority requirements?', { kind: 'top_priority', limit: 10 }],
    ['Show the 5 most urgent requirements', { kind: 'top_priority', limit: 5 }],
    ['Which requirements should we prioritize?', { kind: 'top_priority', limit: 10 }],
  ])('"%s"', (question, expected) => {
    expect(intentOf(question)).toEqual(expected);
  });
});

describe('intent of other questions', () => {
  it.each([
    ['How compliant are we with HIPAA?', { kind: 'framework_compliance', framework: HIPAA }],
    ['How compliant are we per framework?', { kind: 'framework_compliance', framework: null }],
    ['What are our contract obligations?', { kind: 'contracts', uncovered_only: false }],
    ['Which contract obligations are not covered by evidence?', { kind: 'contracts', uncovered_only: true }],
    ['What does the Access Control Policy cover?', { kind: 'evidence_coverage', name: 'Access Control Policy' }],
    ['Which requirements does the Incident Response Plan support?', { kind: 'evidence_coverage', name: 'Incident Response Plan' }],
    ['Who owns the most open items?', { kind: 'owners' }],
    ['How is the Physical Security domain doing?', { kind: 'domain_detail', domain_number: 15 }],
    ['Do we have anything on encryption?', { kind: 'search', filters: { query: 'encrypt', topic: 'encryption' } }],
    ['show requirements about backups', { kind: 'search', filters: { query: 'backup', topic: 'backups' } }],
    ['Which requirements are not started?', { kind: 'search', filters: { status: 'Not Started' } }],
    ['List requirements without evidence', { kind: 'search', filters: { has_evidence: false } }],
    ['Hello', { kind: 'help', greeting: true }],
    ['What can you do?', { kind: 'help', greeting: false }],
    ['Tell me a joke', { kind: 'unknown' }],
  ])('"%s"', (question, expected) => {
    expect(intentOf(question)).toEqual(expected);
  });
});

describe('follow-up questions', () => {
  it('applies a framework to the previous gaps question', () => {
    expect(intentOf('What are the gaps in NIST 800-53 rev 5?', 'and for PCI?')).toEqual({ kind: 'gaps', framework: PCI, limit: 10 });
  });

  it('turns an overall question into a framework question', () => {
    expect(intentOf('What is our overall compliance rate?', 'what about HIPAA?')).toEqual({ kind: 'framework_compliance', framework: HIPAA });
  });

  it('keeps a search and changes its topic', () => {
    expect(intentOf('Do we have anything on backups?', 'What about encryption?')).toEqual({ kind: 'search', filters: { query: 'encrypt', topic: 'encryption' } });
  });

  it('reads a framework alone as a framework question when there is nothing to follow', () => {
    expect(intentOf('and for PCI?')).toEqual({ kind: 'framework_compliance', framework: PCI });
  });

  it('answers a new full question on its own', () => {
    expect(intentOf('What are the gaps in NIST 800-53 rev 5?', 'What types of evidence do we have?')).toEqual({ kind: 'evidence' });
  });
});

describe('vocabulary', () => {
  it('finds frameworks by any common name, and frameworks the product does not track', () => {
    expect(findFrameworks('gaps in NIST, PCI and ISO 27001 vs CIS').map((f) => f.canonical)).toEqual(['NIST 800-53 rev 5', 'PCI DSS 4.0', 'ISO 27001', 'CIS Controls v8.1']);
    expect(findFrameworks('NIST CSF and SOC 2')).toEqual([
      { name: 'NIST CSF', canonical: null },
      { name: 'SOC 2', canonical: null },
    ]);
  });

  it('finds domains by full name or by part of the name followed by "domain"', () => {
    expect(findDomain('the Business Continuity and Disaster Recovery requirements')).toBe(13);
    expect(findDomain('How is the incident response domain?')).toBe(10);
    expect(findDomain('the Access Control Policy')).toBeNull();
  });

  it('stems search words so the tools\' substring match finds their other forms', () => {
    expect(['backups', 'encryption', 'policies', 'logging', 'passwords', 'access', 'processes'].map(searchStem)).toEqual(['backup', 'encrypt', 'polic', 'log', 'password', 'access', 'process']);
    expect(topicOf('requirements about the backups in PCI')).toEqual({ query: 'backup', topic: 'backups' });
  });
});
