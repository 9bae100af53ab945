import { describe, expect, it } from 'vitest';
import { FIXTURE_VOCABULARY, conversation } from '../fixture-toolset';
import { planConversation } from './follow-up';
import { parseQuestion } from './parse';

const NOW = new Date('2026-11-25T10:00:00Z');
const plan = (q: string) => parseQuestion(q, FIXTURE_VOCABULARY, NOW);
const follow = (...questions: string[]) => planConversation(conversation(...questions), FIXTURE_VOCABULARY, NOW);

describe('the question parser', () => {
  it('reads a framework control id or citation as the requirements mapped to it', () => {
    expect(plan("What's the status of AC-2?")).toMatchObject({ subject: 'requirement', filters: { control: 'AC-2' } });
    expect(plan('who owns ia-2(1)')).toMatchObject({ subject: 'requirement', filters: { control: 'IA-2(1)' } });
    expect(plan('Is § 164.308(a)(1)(ii) met?').filters.control).toBe('164.308(a)(1)(ii)');
    expect(plan('help me write up SI-2')).toMatchObject({ subject: 'draft', filters: { control: 'SI-2' } });
    expect(plan('write the implementation narrative for IA-2')).toMatchObject({ subject: 'draft', filters: { control: 'IA-2' } });
    expect(plan('Which requirements map to SC-28?')).toMatchObject({ subject: 'requirements', filters: { control: 'SC-28' } });
    expect(plan('Meet at 2 pm about the backups').filters.control).toBeUndefined();
    expect(follow('List the Identity & Access Management requirements that are open', 'how many are unassigned?')).toMatchObject({ ask: 'count', filters: { domain: 3, status: ['Not Started', 'In Progress'], owner: 'unassigned' } });
    expect(follow('Who owns SI-2?', 'can you draft the response for it?')).toMatchObject({ subject: 'draft', filters: { control: 'SI-2' } });
    expect(follow("What's the status of IA-2?", 'what evidence supports it?')).toMatchObject({ subject: 'evidence', filters: { control: 'IA-2' } });
    expect(follow('What evidence supports requirement 13.7?', "What's its status and owner?")).toMatchObject({ subject: 'requirement', filters: { requirement_ids: ['13.7'] } });
    expect(follow("What's the HIPAA compliance rate?", 'How many open gaps does it have?')).toMatchObject({ subject: 'gaps', ask: 'count', filters: { framework: { canonical: 'HIPAA' } } });
  });

  it('reads "my" and "nobody owns" around other filters', () => {
    expect(plan('Which of my NIST requirements are still open?').filters).toMatchObject({ owner: 'me', framework: { canonical: 'NIST 800-53 rev 5' } });
    expect(plan('How many of my high-priority items are still not started?').filters).toMatchObject({ owner: 'me', priority: 'High', status: ['Not Started'] });
    expect(plan('How many not-started requirements does nobody own?').filters).toMatchObject({ owner: 'unassigned', status: ['Not Started'] });
  });

  it('asks what a named document is evidence for', () => {
    expect(plan('What is the Backup Procedure evidence for?')).toMatchObject({ subject: 'evidence_coverage', filters: { evidence: 'Backup Procedure' } });
    expect(plan('Which requirements are backed by the Incident Response Plan?')).toMatchObject({ subject: 'evidence_coverage', filters: { evidence: 'Incident Response Plan' } });
  });

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

  it('reads the shorthand analysts write: areas, owners, sources, time limits and types', () => {
    expect(plan('which app sec items are already compliant?')).toMatchObject({ subject: 'requirements', filters: { domain: 8, status: ['Compliant'] } });
    expect(plan('how many network security reqs did we mark N/A?')).toMatchObject({ ask: 'count', filters: { domain: 6, status: ['Not Applicable'] } });
    expect(plan('network security reqs that already have evidence linked').filters).toEqual({ domain: 6, has_evidence: true });
    expect(plan("sam's stuff not started")).toMatchObject({ filters: { owner: 'Sam Patel', status: ['Not Started'] } });
    expect(plan('how many framework requirements are not started')).toMatchObject({ ask: 'count', filters: { source: 'framework', status: ['Not Started'] } });
    expect(plan('are any network security requirements compliant yet?').filters.status).toEqual(['Compliant']);
    expect(plan('how many IAM requirements have not even been started?').filters.status).toEqual(['Not Started']);
    expect(plan('how many obligations have to be done within a day or less?').filters.deadline_hours).toBe(24);
    expect(plan('which obligations must be met within 2 weeks?').filters.deadline_hours).toBe(336);
    expect(plan('have we uploaded a certificate of destruction for the disposed drives?').filters.evidence_type).toBeUndefined();
    expect(plan('which people have open Northwind MSA items?')).toMatchObject({ subject: 'owners', filters: { contract: 'Northwind MSA.pdf' } });
    expect(plan("How many of the obligations in Northwind's MSA aren't covered yet?").filters).not.toHaveProperty('exact');
    expect(plan("which physical sec requirements don't have an owner yet?").filters).toEqual({ domain: 15, owner: 'unassigned' });
    expect(plan('show me everything assigned to nobody in logging').filters).toEqual({ domain: 9, owner: 'unassigned' });
    expect(plan("what HIPAA requirements haven't been touched?").filters.status).toEqual(['Not Started']);
    expect(plan('how many requirements are we compliant on?')).toMatchObject({ ask: 'count', filters: { status: ['Compliant'] } });
    expect(plan('requirements about encryption in transit').filters.domain).toBeUndefined();
    expect(plan('who has open IAM requirements?')).toMatchObject({ subject: 'owners', filters: { domain: 3 } });
    expect(plan('what was our score in January?').subject).toBe('trend');
    expect(plan('which requirements did contracts add?').filters).toEqual({ source: 'contract' });
    expect(plan('do we have a network diagram?')).toMatchObject({ ask: 'check', subject: 'evidence', filters: { topic: 'network diagram' } });
    expect(plan('do we have any requirements about encryption?').subject).toBe('requirements');
    expect(plan('which reqs r not started in IAM?').filters).toEqual({ domain: 3, status: ['Not Started'] });
    expect(plan('does the risk register list R-027?').filters.query).toMatch(/(?:^| )r-027$/);
  });

  it('tells what a document covers from what it says', () => {
    expect(plan('which reqs does the backup procedure help with')).toMatchObject({ subject: 'evidence_coverage', filters: { evidence: 'Backup Procedure' } });
    expect(plan('the access control policy - what requirements does it count toward?')).toMatchObject({ subject: 'evidence_coverage', filters: { evidence: 'Access Control Policy' } });
    expect(plan('What does the access control policy give us coverage for?').subject).toBe('evidence_coverage');
    expect(plan('how fast do we have to patch critical systems under the information security policy?')).toMatchObject({ subject: 'passages', filters: { evidence: 'Information Security Policy' } });
    expect(plan("what's the retention lock on the immutable backup copy?").subject).toBe('passages');
  });

  it('keeps either of two words together as one topic', () => {
    expect(plan('which contracts say sessions or devices must lock after inactivity?').filters.query).toMatch(/sess\|device|device\|sess/);
  });

  it('says what the product does not keep instead of answering another question', () => {
    expect(plan('were we more compliant last quarter than we are now?').subject).toBe('trend');
    expect(plan('what do I need to get done before the end of the month?').subject).toBe('due_dates');
    expect(plan('I am prepping for the Northwind renewal - which requirements tied to their MSA are still open?')).toMatchObject({ subject: 'requirements', filters: { contract: 'Northwind MSA.pdf' } });
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

  it('switch, keep or narrow what the question before asked', () => {
    expect(follow('Show me IR requirements that are not started', 'flip it to in progress')).toMatchObject({ subject: 'requirements', filters: { domain: 10, status: ['In Progress'] } });
    expect(follow('How many asset management requirements are N/A?', 'and compliant?')).toMatchObject({ ask: 'count', filters: { domain: 2, status: ['Compliant'] } });
    expect(follow('How many asset management requirements are N/A?', 'which are they?')).toMatchObject({ ask: 'list', filters: { domain: 2, status: ['Not Applicable'] } });
    expect(follow('Which TPRM requirements are unassigned?', 'just the high ones')).toMatchObject({ subject: 'requirements', filters: { domain: 11, owner: 'unassigned', priority: 'High' } });
    expect(follow('Which contracts need breach notice within 48 hours?', 'and within 24?')).toMatchObject({ subject: 'contracts', filters: { deadline_hours: 24, topic: 'breach notice' } });
    expect(follow('Which contracts need us to patch within 14 days?', 'and within 7?').filters.deadline_hours).toBe(168);
    expect(follow('Which contracts require MFA?', 'how many such obligations are in the Northwind MSA?')).toMatchObject({ ask: 'count', subject: 'contracts', filters: { contract: 'Northwind MSA.pdf', query: 'mfa' } });
    expect(follow('Do we have the backup procedure?', 'how often do we test restores under that procedure?')).toMatchObject({ subject: 'passages', filters: { evidence: 'Backup Procedure' } });
    expect(follow('Who owns the open vendor risk requirements?', 'what about business continuity & DR?')).toMatchObject({ subject: 'owners', filters: { domain: 13 } });
    expect(follow('Who owns the open vendor risk requirements?', 'what about business continuity & DR?').filters.query).toBeUndefined();
  });

  it('let go of a filter, take another area or ask of the same requirement', () => {
    expect(follow('open endpoint requirements', 'drop the status filter').filters).toEqual({ domain: 7 });
    expect(follow('open IAM requirements owned by Sam', 'any owner').filters).toEqual({ domain: 3, status: ['Not Started', 'In Progress'] });
    expect(follow('Which requirements have no evidence?', 'which of those have any evidence?').filters.has_evidence).toBe(true);
    expect(follow('What evidence do we have for IAM?', 'and for logging?')).toMatchObject({ subject: 'evidence', filters: { domain: 9 } });
    expect(follow('open IAM requirements', 'and for logging?')).toMatchObject({ subject: 'requirements', filters: { domain: 9, status: ['Not Started', 'In Progress'] } });
    expect(follow('Who owns 3.4?', "what's its status?")).toMatchObject({ subject: 'requirement', filters: { requirement_ids: ['3.4'] } });
  });

  it('point back in other words: same question, only those, the other ones, they', () => {
    expect(follow('Which IAM requirements are in progress?', 'same question for data protection').filters).toEqual({ domain: 4, status: ['In Progress'] });
    expect(follow('Which IAM requirements are in progress?', 'show only those owned by Sam')).toMatchObject({ filters: { domain: 3, status: ['In Progress'], owner: 'Sam Patel' } });
    expect(follow("show me Sam's not started items", 'now the in progress ones').filters).toEqual({ owner: 'Sam Patel', status: ['In Progress'] });
    expect(follow('list N/A requirements in physical security', 'why were they excluded?')).toMatchObject({ filters: { domain: 15, status: ['Not Applicable'] } });
  });

  it('add a topic with "also", take another one for contracts, and keep the document of the question before', () => {
    expect(follow('Which contracts require encryption?', 'which of them also require MFA?')).toMatchObject({ subject: 'contracts', filters: { query: 'encrypt mfa' } });
    expect(follow('Which contracts require encryption?', 'and the ones about MFA?')).toMatchObject({ subject: 'contracts', filters: { query: 'mfa' } });
    expect(follow('What does the access control policy support?', 'who owns those requirements?')).toMatchObject({ subject: 'owners', filters: { evidence: 'Access Control Policy' } });
    expect(follow('What evidence do we have of type policy?', 'and procedures?').filters).toEqual({ evidence_type: 'Procedure' });
    expect(plan('what evidence is filed under the Other type?').filters).toEqual({ evidence_type: 'Other' });
  });

  it('leave a new standalone question alone', () => {
    expect(follow('Which IAM requirements have no evidence?', 'What is our overall compliance rate?')).toMatchObject({ subject: 'summary' });
    expect(follow("What's our weakest domain?", "and what's the overall rate?")).toMatchObject({ subject: 'summary' });
    expect(follow('What are our top priority gaps?', 'and how many open gaps in HIPAA?')).toMatchObject({ subject: 'gaps', filters: { framework: { canonical: 'HIPAA' } } });
  });

  it('ask for the history of a rate the question before gave', () => {
    expect(follow('How compliant are we with HIPAA?', 'how has that changed over the last six months?')).toMatchObject({ subject: 'trend' });
  });
});

describe('follow-ups about one document', () => {
  const vocabulary = {
    ...FIXTURE_VOCABULARY,
    contracts: [
      { name: 'Northwind BAA.pdf', provider_name: null, customer_name: 'Northwind Clinic' },
      { name: 'Riverside BAA.pdf', provider_name: null, customer_name: 'Riverside Hospital' },
      { name: 'Contoso DPA.docx', provider_name: null, customer_name: 'Contoso GmbH' },
    ],
  };
  const talk = (...turns: string[]) =>
    planConversation(
      turns.map((content, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content })),
      vocabulary,
      NOW,
    );

  it('asks a fact of the document the answer before quoted, unless the question names another kind of document', () => {
    const quoted = 'From Acme Health\'s documents, the passages that best answer "when was the restore test?":\n\n**[Backup Procedure](/evidence?search=Backup%20Procedure)**:\n> …';
    expect(talk('when was the restore test?', quoted, 'how long did it take?')).toMatchObject({ subject: 'passages', filters: { evidence: 'Backup Procedure' }, kept_document: true });
    expect(talk('when was the restore test?', quoted, 'what does the incident response plan say about escalation?').filters.evidence).toBe('Incident Response Plan');
    expect(talk('when was the restore test?', quoted, 'how many requirements are not started?')).toMatchObject({ subject: 'requirements' });
    // A name the tenant does not hold is not taken from an answer.
    expect(talk('when was the restore test?', quoted.replace(/Backup%20Procedure/, 'Other%20Tenant%20Report'), 'how long did it take?').filters.evidence).toBeUndefined();
  });

  it("reads a document's dates from its text after a question about it", () => {
    expect(follow('What does the Backup Procedure cover?', 'when does it expire?')).toMatchObject({ subject: 'passages', filters: { evidence: 'Backup Procedure' } });
    expect(follow('Which evidence expires soon?', 'when does it expire?').subject).toBe('expiry');
  });

  it('takes "the other BAA" and "the backup one" from what was asked before', () => {
    expect(talk('How many obligations does the Northwind BAA have?', 'OK.', 'And the other BAA?')).toMatchObject({ subject: 'contracts', filters: { contract: 'Riverside BAA.pdf' } });
    expect(talk('How many obligations does the Contoso DPA have?', 'OK.', 'And the other BAA?').filters.contract).toBeUndefined();
    expect(follow('What procedures do we have?', 'what does the backup one say about restores?')).toMatchObject({ subject: 'passages', filters: { evidence: 'Backup Procedure' } });
  });

  it('reads dates and verdicts of the document in view from its text, and a control after a requirement', () => {
    expect(follow('What does the Backup Procedure say?', 'when is the next version due?')).toMatchObject({ subject: 'passages', filters: { evidence: 'Backup Procedure' } });
    expect(follow('Summarise the Backup Procedure', 'what was the overall rating?')).toMatchObject({ subject: 'passages', filters: { evidence: 'Backup Procedure' } });
    expect(follow('Summarise the Backup Procedure', "what's our overall compliance rate?").subject).toBe('summary');
    expect(follow("What's the status of 3.4?", 'who owns it?')).toMatchObject({ subject: 'requirement', filters: { requirement_ids: ['3.4'] } });
    expect(follow('Who owns 3.4?', 'what about IA-5?').filters).toEqual({ control: 'IA-5' });
    expect(follow('Which contracts require MFA?', 'how many obligations is that in the Northwind MSA?')).toMatchObject({ ask: 'count', filters: { contract: 'Northwind MSA.pdf', query: 'mfa' } });
  });

  it('reads "owned by nobody", "on the hook for" and "not-applicable"', () => {
    expect(plan('Which requirements are owned by nobody?').filters.owner).toBe('unassigned');
    expect(parseQuestion('how does Labs compare?', FIXTURE_VOCABULARY, NOW, ['Harborview Clinics', 'Harborview Labs']).subject).toBe('tenants');
    expect(parseQuestion('how does Clinics compare?', FIXTURE_VOCABULARY, NOW, ['Harborview Clinics', 'Harborview Labs']).subject).not.toBe('tenants');
    expect(plan('What am I on the hook for that is high priority and not started?').filters).toMatchObject({ owner: 'me', priority: 'High', status: ['Not Started'] });
    expect(plan('list the not-applicable requirements in physical security').filters).toMatchObject({ domain: 15, status: ['Not Applicable'] });
    expect(plan('Write something I can send the auditor for SC-12')).toMatchObject({ subject: 'draft', filters: { control: 'SC-12' } });
    expect(plan('Show me the evidence linked to vulnerability & patch management.')).toMatchObject({ subject: 'evidence', filters: { domain: 5 } });
  });

  it('drafts, and asks after a draft about its requirement', () => {
    expect(follow('Which requirements map to AC-2?', 'draft a response for those')).toMatchObject({ subject: 'draft', filters: { control: 'AC-2' } });
    expect(follow('Draft a response for 3.4', "what's its current status?")).toMatchObject({ subject: 'requirement', filters: { requirement_ids: ['3.4'] } });
    expect(follow('Draft a response for 3.4', 'what evidence do we have for it?')).toMatchObject({ subject: 'evidence', filters: { requirement_ids: ['3.4'] } });
    expect(follow('Draft a response for 3.4', 'now one for SI-2')).toMatchObject({ subject: 'draft', filters: { control: 'SI-2' } });
  });

  it('keeps the document in view for its coverage, and lets go of one contract for all', () => {
    expect(follow('When was the Backup Procedure last tested?', 'which requirements does that procedure support?')).toMatchObject({ subject: 'evidence_coverage', filters: { evidence: 'Backup Procedure' } });
    expect(follow('How many obligations does the Northwind MSA have?', 'which of the contracts have obligations due within 10 days?').filters.contract).toBeUndefined();
    expect(follow("What's our compliance rate?", 'how has it moved since last quarter?').subject).toBe('trend');
    expect(plan('How many compliant HIPAA requirements do we have?').filters).toMatchObject({ status: ['Compliant'], framework: { canonical: 'HIPAA' } });
  });

  it('switches the source and the topic a follow-up names', () => {
    expect(follow('How many contract requirements are not started?', 'How about framework ones?')).toMatchObject({ subject: 'requirements', filters: { source: 'framework', status: ['Not Started'] } });
    expect(follow('Which contracts mention encryption?', 'and which mention penetration testing?')).toMatchObject({ subject: 'contracts', filters: { topic: 'penetration testing' } });
    expect(plan('Which contracts have obligations due within 24 hours?').filters).toEqual({ deadline_hours: 24 });
  });
});

