import { describe, expect, it } from 'vitest';
import { FIXTURE_VOCABULARY, conversation } from '../fixture-toolset';
import { planConversation } from './follow-up';
import { parseQuestion } from './parse';

const NOW = new Date('2026-11-25T10:00:00Z');
const plan = (q: string) => parseQuestion(q, FIXTURE_VOCABULARY, NOW);
const follow = (...questions: string[]) => planConversation(conversation(...questions), FIXTURE_VOCABULARY, NOW);

describe('the question parser', () => {
  it('keeps every filter a requirement question states', () => {
    expect(plan('Who owns the Identity & Access Management requirements that are still in progress?')).toMatchObject({ subject: 'owners', filters: { domain: 3, status: ['In Progress'] } });
    expect(plan('Which Physical Security requirements are marked not applicable, and why?')).toMatchObject({ subject: 'requirements', filters: { domain: 15, status: ['Not Applicable'] } });
    expect(plan('List the high priority IAM items with no owner')).toMatchObject({ subject: 'requirements', filters: { domain: 3, priority: 'High', owner: 'unassigned' } });
    expect(plan('Which PCI requirements have no evidence?')).toMatchObject({ subject: 'requirements', filters: { has_evidence: false, framework: { canonical: 'PCI DSS 4.0' } } });
  });

  it('links the tenant’s own names: contracts by counterparty, evidence by name, owners and "me"', () => {
    expect(plan('Summarize the security obligations in the Northwind master services agreement')).toMatchObject({ ask: 'summarise', subject: 'contracts', filters: { contract: 'Northwind MSA.pdf' } });
    expect(plan('What does the Access Control Policy cover?')).toMatchObject({ subject: 'evidence_coverage', filters: { evidence: 'Access Control Policy' } });
    expect(plan('What is Sam Patel working on?').filters.owner).toBe('Sam Patel');
    expect(plan('Show my open requirements')).toMatchObject({ subject: 'requirements', filters: { owner: 'me', status: ['Not Started', 'In Progress'] } });
    expect(plan('Which obligations in the Globex DPA are uncovered?')).toMatchObject({ subject: 'contracts', filters: { unknown_contract: 'globex' } });
  });

  it('tells a topic word from a domain: a search looks for the word, an evidence question keeps the domain', () => {
    expect(plan('Do we have anything on encryption?')).toMatchObject({ subject: 'requirements', filters: { query: 'encrypt' } });
    expect(plan('Do we have anything on encryption?').filters.domain).toBeUndefined();
    expect(plan('What evidence do we have for incident response?')).toMatchObject({ subject: 'evidence', filters: { domain: 10 } });
  });

  it('reads what is asked: counts, yes/no, drafts, comparisons, periods and deadlines', () => {
    expect(plan('How many obligations did we extract from the Northwind MSA?')).toMatchObject({ ask: 'count', subject: 'contracts' });
    expect(plan('Do we have a SOC 2 report?')).toMatchObject({ ask: 'check', subject: 'evidence', filters: { evidence_type: 'SOC 2 Report' } });
    expect(plan('Draft a response for requirement 3.1')).toMatchObject({ subject: 'draft', filters: { requirement_ids: ['3.1'] } });
    expect(plan('Compare our tenants').subject).toBe('tenants');
    expect(plan('What changed this week?')).toMatchObject({ subject: 'activity', filters: { period: { since: '2026-11-23T00:00:00.000Z', label: 'this week' } } });
    expect(plan('Which contracts require us to report an incident within 24 hours?')).toMatchObject({ subject: 'contracts', filters: { deadline_hours: 24 } });
    expect(plan('Status of requirement 3.4?')).toMatchObject({ subject: 'requirement', filters: { requirement_ids: ['3.4'] } });
  });

  it('says what the product does not keep instead of answering another question', () => {
    expect(plan('Are any requirements assigned to me overdue?')).toMatchObject({ subject: 'due_dates', filters: { owner: 'me' } });
    expect(plan('Which evidence expires in the next 30 days?').subject).toBe('expiry');
    expect(plan('How has our score changed in the last 30 days?').subject).toBe('trend');
    expect(plan('When was our last disaster recovery test, and did we meet our RTO?').subject).toBe('passages');
  });

  it('keeps the six suggested questions on their answers', () => {
    expect(plan('What is our overall compliance rate?').subject).toBe('summary');
    expect(plan('Which domains need the most attention?').subject).toBe('domains');
    expect(plan('What are the gaps in NIST 800-53 rev 5?')).toMatchObject({ subject: 'gaps', filters: { framework: { canonical: 'NIST 800-53 rev 5' } } });
    expect(plan('What types of evidence do we have?').subject).toBe('evidence');
    expect(plan('How can I improve our compliance score?').subject).toBe('improve');
    expect(plan('What are our top priority requirements?').subject).toBe('top_priority');
  });
});

describe('follow-up questions', () => {
  it('narrow the previous result set', () => {
    expect(follow('Which IAM requirements have no evidence?', 'and how many of those are in progress?')).toMatchObject({ ask: 'count', subject: 'requirements', filters: { domain: 3, has_evidence: false, status: ['In Progress'] } });
    expect(follow('List the obligations in the Northwind MSA', 'which of those are not covered?')).toMatchObject({ subject: 'contracts', filters: { contract: 'Northwind MSA.pdf', has_evidence: false } });
    expect(follow('Show the Data Protection requirements', 'what about the ones not started?')).toMatchObject({ subject: 'requirements', filters: { domain: 4, status: ['Not Started'] } });
    expect(follow('What are the gaps in NIST?', 'and for PCI?')).toMatchObject({ subject: 'gaps', filters: { framework: { canonical: 'PCI DSS 4.0' } } });
    expect(follow('Which IAM requirements are in progress?', 'who owns them?')).toMatchObject({ subject: 'owners', filters: { domain: 3, status: ['In Progress'] } });
  });

  it('leave a new standalone question alone', () => {
    expect(follow('Which IAM requirements have no evidence?', 'What is our overall compliance rate?')).toMatchObject({ subject: 'summary' });
  });
});
