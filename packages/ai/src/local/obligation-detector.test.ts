import { describe, expect, it } from 'vitest';
import { detectObligations } from './obligation-detector';
import { boilerplateCategories, findModal, inflections } from './obligation-signals';
import { detectParties } from './parties';
import { segmentText } from './segmenter';

const PREAMBLE = 'This Agreement is made between Acme Cloud Ltd (the "Supplier") and Harbour Bank plc (the "Customer").\n\n';

function detect(body: string) {
  const text = PREAMBLE + body;
  return detectObligations(segmentText(text), detectParties(text));
}

function texts(body: string): string[] {
  return detect(body).map((o) => o.text);
}

describe('detectObligations: what is an obligation', () => {
  it('finds a supplier security duty and keeps its exact span and clause', () => {
    const found = detect('7.1 The Supplier shall encrypt all Customer Data at rest using AES-256.');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ clause: '7.1', role: 'provider', text: 'The Supplier shall encrypt all Customer Data at rest using AES-256.' });
  });

  it('reads other deontic phrasing: must, agrees to, undertakes to, is responsible for, passive duties', () => {
    expect(
      texts(
        [
          '1.1 The Supplier agrees to notify the Customer of any security incident within 24 hours.',
          '1.2 The Supplier undertakes to keep audit logs for twelve months.',
          '1.3 The Supplier is responsible for patching vulnerabilities in its hosting platform.',
          '1.4 Access to production systems must be protected by multi-factor authentication.',
        ].join('\n'),
      ),
    ).toHaveLength(4);
  });

  it('makes each item under a "shall … the following" lead-in its own obligation, with the lead-in as context', () => {
    const found = detect(
      ['7.2 The Supplier shall implement the following measures:', '(a) encryption of backups;', '(b) quarterly access reviews; and', '(c) annual penetration tests.'].join('\n'),
    );
    expect(found.map((o) => o.clause)).toEqual(['7.2(a)', '7.2(b)', '7.2(c)']);
    expect(found[0]?.text).toBe('encryption of backups;');
    expect(found[0]?.leadTerms).toContain('implement');
  });

  it('joins a lead sentence with its "This includes …" elaboration', () => {
    const found = detect(
      '4.1 The Supplier shall maintain a written information security program. This includes an annual risk assessment and a named security officer.',
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.text).toMatch(/program\. This includes .* officer\.$/);
  });

  it('keeps customer duties only when they are security duties', () => {
    const found = texts(
      [
        '4.1 The Customer shall keep its users’ passwords confidential and notify the Supplier of any unauthorised access to its accounts.',
        '4.2 The Customer shall provide the Supplier with all necessary co-operation in relation to this Agreement.',
      ].join('\n'),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/passwords confidential/);
  });
});

describe('detectObligations: what is rejected', () => {
  const rejected: Array<[string, string]> = [
    ['payment terms', '5.1 The Customer shall pay each invoice within thirty (30) days of the invoice date.'],
    ['supplier invoicing', '5.2 The Supplier shall invoice the Customer monthly in arrears.'],
    ['governing law', '17.1 This Agreement shall be governed by the laws of England and Wales.'],
    ['jurisdiction', '17.2 The courts of England shall have exclusive jurisdiction over any dispute.'],
    ['notices', '15.1 Any notice shall be in writing and delivered by hand to the registered office address of the receiving party.'],
    ['a definition', '1.1 "Security Incident" means any unauthorised access to Customer Data.'],
    ['term and renewal', '2.1 This Agreement shall commence on the Effective Date and will automatically renew for successive periods of twelve months.'],
    ['liability cap', '14.1 The Supplier’s total liability shall not exceed the fees paid in the preceding twelve months.'],
    ['a duty with no security content', '3.1 The Supplier shall provide the Services in accordance with the Statement of Work.'],
    ['a permission', '9.3 The Supplier may use subcontractors to perform the Services.'],
    ['a statement without a modal', '2.2 The Customer determines the purposes of the processing.'],
  ];
  it.each(rejected)('rejects %s', (_label, body) => {
    expect(texts(body)).toEqual([]);
  });
});

describe('helpers', () => {
  it('finds strong and weak modal verbs, ignoring boilerplate "will"', () => {
    expect(findModal('The Supplier shall encrypt data')).toMatchObject({ strength: 'strong' });
    expect(findModal('The Supplier will test backups')).toMatchObject({ strength: 'weak' });
    expect(findModal('Neither party will be liable for delays')).toBeNull();
    expect(findModal('The Supplier may audit')).toBeNull();
  });

  it('names commercial and legal categories', () => {
    expect(boilerplateCategories('The Customer shall pay the fees.')).toContain('payment');
    expect(boilerplateCategories('The payment page must be protected by a WAF.')).not.toContain('payment');
    expect(boilerplateCategories('"Services" means the services in Schedule 1.')).toContain('definition');
  });

  it('inflects vocabulary words without stemming them together with unrelated words', () => {
    expect(inflections('revoke')).toEqual(expect.arrayContaining(['revokes', 'revoked', 'revoking']));
    expect(inflections('continuity')).not.toContain('continue');
  });
});

describe('obligations from structure', () => {
  it('takes the measures of an annex written as statements and noun phrases, and every row of a control table', () => {
    const found = detect(
      [
        'ANNEX 2 – SECURITY MEASURES',
        'The Supplier shall implement and maintain at least the following measures:',
        '- Multi-factor authentication for all administrative access to production systems.',
        '- Logs of access to Customer Data are retained for twelve months.',
        '- Backups are encrypted and restoration is tested every quarter.',
        '',
        'ID\tRequirement',
        'C-1\tVulnerability scans of internet-facing systems every month.',
        'C-2\tSecurity awareness training for all staff on joining and every year.',
      ].join('\n'),
    );
    expect(found.map((o) => o.text)).toEqual([
      'Multi-factor authentication for all administrative access to production systems.',
      'Logs of access to Customer Data are retained for twelve months.',
      'Backups are encrypted and restoration is tested every quarter.',
      'Vulnerability scans of internet-facing systems every month.',
      'Security awareness training for all staff on joining and every year.',
    ]);
    expect(found.slice(3).map((o) => o.clause)).toEqual(['C-1', 'C-2']);
    expect(found.every((o) => o.role !== 'customer')).toBe(true);
  });

  it("keeps the customer's security duties with their party and leaves commercial duties out", () => {
    const found = detect('5.1 The Customer shall keep its users\' passwords confidential and enable multi-factor authentication.\n5.2 The Customer shall pay each invoice within 30 days.\n5.3 The Customer shall not resell the Services.\n');
    expect(found.map((o) => [o.clause, o.role])).toEqual([['5.1', 'customer']]);
  });
});
