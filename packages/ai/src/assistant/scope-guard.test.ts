import { describe, expect, it } from 'vitest';
import { SUGGESTED_QUESTIONS as SUGGESTIONS } from '@compliance/contracts/assistant';
import { checkScope, lastQuestion, refusalMessage, type ScopeContext } from './scope-guard';

const context: ScopeContext = { tenant_name: 'Acme Health', organization_name: 'Acme Group', other_tenants: ['Globex Retail'] };
const noOthers: ScopeContext = { ...context, other_tenants: [] };
const PLAIN = "I can only use data of Acme Health (Acme Group). I can't share or look up information about other tenants or organizations.";

const ORDINARY = [
  ...SUGGESTIONS,
  'How compliant are we overall?',
  'Count of N/A requirements?',
  'Give me our compliance score',
  'What are our weakest domains?',
  'Show NIST gaps',
  'What is missing for PCI DSS?',
  'What are our ISO 27001 gaps?',
  'List our evidence documents',
  'What should we focus on next?',
  'Show the 5 most urgent requirements',
  'and for PCI?',
  'what about HIPAA?',
  'What does the Access Control Policy cover?',
  'Do we have anything on encryption?',
  'show requirements about backups',
  'Show requirements about Zero Trust',
  'Who owns the most open items?',
  'How compliant are we with HIPAA?',
  'Is MFA enforced in Production?',
  'What is our compliance rate in Q3?',
  'Compare our HIPAA rate to our NIST rate',
  'What is the compliance rate for the Identity & Access Management domain?',
  'What are our contract obligations for Harbour Bank?',
  'Which obligations in the Northwind MSA are not covered?',
  'Hello',
  'Which requirements are owned by Jane Doe?',
  'What about the other customer contracts?',
  'Can you show data for the London office?',
  'What are the gaps of the Payments team?',
];

describe('scope guard: allowed questions', () => {
  it('answers a question naming a word of the current tenant only', () => {
    const sharedPrefix: ScopeContext = { tenant_name: 'Harborview Clinics', organization_name: 'Harborview Health', other_tenants: ['Harborview Labs'] };
    expect(checkScope('give me the headline compliance number for Clinics', sharedPrefix)).toEqual({ allowed: true });
    expect(checkScope('give me the headline compliance number for Labs', sharedPrefix).allowed).toBe(false);
  });

  it('answers a comparison with the other tenant the user may read, and refuses it to a user with none', () => {
    expect(checkScope('Compare it with our other tenant', context)).toEqual({ allowed: true });
    expect(checkScope('Compare it with our other tenant', noOthers)).toMatchObject({ allowed: false, reason: 'cross_tenant' });
  });

  it.each(ORDINARY)('answers "%s"', (question) => {
    expect(checkScope(question, context)).toEqual({ allowed: true });
  });

  it.each(['What is the compliance rate of Acme Health?', 'How is Acme Group doing on HIPAA?', 'Show the gaps for the Acme Health tenant', "What is Acme Health's compliance score?", 'How is Acme Health doing?'])(
    'answers a question naming the current tenant or organization: "%s"',
    (question) => {
      expect(checkScope(question, context)).toEqual({ allowed: true });
    },
  );
});

describe('scope guard: refusals', () => {
  it.each([
    'What are the compliance rates of all tenants?',
    'Show me the data of other tenants',
    'Show data for another organization',
    'How does another organisation handle this?',
    'What about another company?',
    'Do other customers have the same gaps?',
    'list every organization',
    'Which tenants can I see?',
    'Give me a cross-tenant report',
    'How do we compare to other companies?',
    'Compare us with our peers',
    'Compare us to the industry',
    'Benchmark our score against other organizations',
  ])('refuses the generic cross-tenant question "%s"', (question) => {
    const decision = checkScope(question, noOthers);
    expect(decision).toMatchObject({ allowed: false, reason: 'cross_tenant', message: PLAIN });
  });

  it.each([
    ['What is the compliance rate of Globex Retail?', 'Globex Retail'],
    ['Show me the gaps for the Acme Research tenant', 'Acme Research'],
    ['How is Initech doing on HIPAA?', 'Initech'],
    ['What about Initech?', 'Initech'],
    ['Initech compliance rate?', 'Initech'],
    ["What is Umbrella Corp's compliance score?", 'Umbrella Corp'],
    ['Is Initech compliant with HIPAA?', 'Initech'],
    ['Does Wayne Enterprises have evidence for MFA?', 'Wayne Enterprises'],
    ['Show the evidence of the tenant called Stark Industries', 'Stark Industries'],
    ['What is the status of the Hooli organization?', 'Hooli'],
    ['now add Initech Retail to the comparison', 'Initech Retail'],
    ['Now include Initech Retail too', 'Initech Retail'],
    ['and how does Initech Retail stack up?', 'Initech Retail'],
    ['and who owns vendor risk over at Initech Retail?', 'Initech Retail'],
  ])('refuses a data question about a named entity: "%s"', (question, entity) => {
    const decision = checkScope(question, noOthers);
    expect(decision).toMatchObject({ allowed: false, reason: 'named_entity', entity, message: PLAIN });
  });

  it('gives the same answer whether or not the named tenant exists', () => {
    const existing = checkScope('What is the compliance rate of Globex Retail?', noOthers);
    const invented = checkScope('What is the compliance rate of Zorblax Retail?', noOthers);
    expect(existing.allowed).toBe(false);
    expect(invented.allowed).toBe(false);
    if (!existing.allowed && !invented.allowed) expect(existing.message).toBe(invented.message);
  });

  it.each(['What is the compliance rate of Globex Retail?', 'how about globex retail', 'and for Globex?', "What is Globex's compliance score?", 'Compare us with Globex Retail'])(
    'tells the user to switch the tenant selector for a tenant they can access: "%s"',
    (question) => {
      const decision = checkScope(question, context);
      expect(decision).toMatchObject({ allowed: false, reason: 'accessible_tenant', entity: 'Globex Retail' });
      if (!decision.allowed) {
        expect(decision.message).toContain(PLAIN);
        expect(decision.message).toContain('switch the tenant selector to Globex Retail and ask again');
      }
    },
  );

  it('mentions the tenant selector for generic questions only when the user has other tenants', () => {
    const withOthers = checkScope('Show the data of all tenants', context);
    expect(withOthers.allowed).toBe(false);
    if (!withOthers.allowed) expect(withOthers.message).toContain('switch the tenant selector');
    const alone = checkScope('Show the data of all tenants', noOthers);
    if (!alone.allowed) expect(alone.message).toBe(PLAIN);
  });

  it('does not treat the current tenant as the start of another name', () => {
    const shared: ScopeContext = { tenant_name: 'Acme', organization_name: 'Acme Group', other_tenants: ['Acme Labs'] };
    expect(checkScope('What is the compliance rate of Acme?', shared)).toEqual({ allowed: true });
    expect(checkScope('What is the status of Acme Labs?', shared)).toMatchObject({ allowed: false, reason: 'accessible_tenant', entity: 'Acme Labs' });
    expect(checkScope('Show the gaps of Acme Research', shared)).toMatchObject({ allowed: false, reason: 'named_entity' });
  });

  it('compares readable tenants named by their own words, and nothing else by name', () => {
    const sisters: ScopeContext = { tenant_name: 'Harborview Clinics', organization_name: 'Harborview Health', other_tenants: ['Harborview Labs'] };
    expect(checkScope('compare Clinics and Labs', sisters)).toEqual({ allowed: true });
    expect(checkScope('compare Clinics and Globex', sisters)).toMatchObject({ allowed: false });
    expect(checkScope('compare Clinics and Labs', { ...sisters, other_tenants: [] })).toMatchObject({ allowed: false });
  });

  it('reads the initials of a role with a duty as part of the question, not another organization', () => {
    expect(checkScope('ransomware playbook: how soon does the IC have to call the exec sponsor on a SEV-1?', context)).toEqual({ allowed: true });
    expect(checkScope('Does Initech have good compliance?', context)).toMatchObject({ allowed: false, reason: 'named_entity' });
  });

  it('refuses another organization named before what it holds, without a possessive', () => {
    expect(checkScope('what are Globex Retail gaps', noOthers)).toMatchObject({ allowed: false, reason: 'named_entity', entity: 'Globex Retail' });
    expect(checkScope('list Initech Labs open requirements', noOthers)).toMatchObject({ allowed: false, reason: 'named_entity' });
    expect(checkScope('List HIPAA Security Rule requirements', noOthers)).toEqual({ allowed: true });
    expect(checkScope('Northwind Traders obligations', { ...noOthers, known_names: ['Northwind Traders'] })).toEqual({ allowed: true });
  });

  it('words the plain refusal with the tenant and organization', () => {
    expect(refusalMessage(context)).toBe(PLAIN);
  });
});

describe('lastQuestion', () => {
  it('reads the last user message of the conversation', () => {
    expect(
      lastQuestion([
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'answer' },
        { role: 'user', content: 'second' },
      ]),
    ).toBe('second');
    expect(lastQuestion([])).toBe('');
  });
});
