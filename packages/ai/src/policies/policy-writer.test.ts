import { describe, expect, it } from 'vitest';
import type { GeneratePolicyInput, PolicyRequirement } from '../engine';
import { renderPolicy, writePolicy } from './policy-writer';
import { lowerFirstWord, shallStatement } from './policy-wording';

const NIST = 'NIST 800-53 rev 5';
const ISO = 'ISO 27001';

function requirement(overrides: Partial<PolicyRequirement> & Pick<PolicyRequirement, 'id' | 'text' | 'domain_number' | 'domain_name'>): PolicyRequirement {
  return { key: null, priority: 'High', source_type: 'framework', status: 'Not Started', control_ids: {}, contract_names: [], ...overrides };
}

const REQUIREMENTS: PolicyRequirement[] = [
  requirement({ id: '3.1', key: 'IAM-01', text: 'Assign a unique user ID to every person who accesses systems or data.', domain_number: 3, domain_name: 'Identity & Access Management', control_ids: { [NIST]: ['IA-2', 'AC-2'], [ISO]: ['A.5.16'] } }),
  requirement({ id: '3.7', key: 'IAM-07', text: 'Require MFA for all remote network access', domain_number: 3, domain_name: 'Identity & Access Management', control_ids: { [NIST]: ['IA-2(1)'], [ISO]: [] }, contract_names: ['Beta MSA'] }),
  requirement({ id: '6.8', key: 'NET-08', text: 'Provide remote access only through the organization’s managed VPN.', domain_number: 6, domain_name: 'Network Security & Infrastructure', control_ids: { [NIST]: ['AC-17|X'], [ISO]: ['A.8.20'] } }),
  requirement({ id: '3.22', text: 'The Supplier shall review privileged accounts every month.', domain_number: 3, domain_name: 'Identity & Access Management', source_type: 'contract', contract_names: ['Beta MSA', 'Gamma DPA'] }),
];

const INPUT: GeneratePolicyInput = {
  template: {
    name: 'Access Control Policy',
    description: 'Governs how accounts are created, reviewed and removed across the organization.',
    purpose: 'This policy ensures only authorized people reach the organization’s systems. It sets the account rules.',
    scope: 'This policy applies to every account the organization operates. It covers remote access.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy.' },
      { role: 'System Owners', responsibility: 'Approve access to their systems.' },
      { role: 'All Workforce Members', responsibility: 'Protect their credentials.' },
    ],
    domains: [3, 6],
  },
  organization_name: 'Acme Corp',
  tenant_name: 'Acme EU Payments',
  frameworks: [NIST, ISO],
  requirements: REQUIREMENTS,
  obligations: [
    { contract: 'Beta MSA', clause: '7.2', text: 'The Supplier shall review privileged accounts every month.', requirement_id: '3.22' },
    { contract: 'Gamma DPA', clause: null, text: 'Supplier must keep access logs\nfor a year.', requirement_id: null },
  ],
  effective_date: '2026-02-01',
};

/** The `## n. Title` sections of a policy, in order. */
function sections(markdown: string): Array<{ heading: string; body: string }> {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((chunk) => ({ heading: chunk.split('\n')[0] ?? '', body: chunk.slice(chunk.indexOf('\n') + 1) }));
}

function section(markdown: string, title: string): string {
  const found = sections(markdown).find((s) => s.heading.endsWith(`. ${title}`));
  if (!found) throw new Error(`No section ${title}`);
  return found.body;
}

/** Table rows of the mapping section (header and delimiter excluded), split on unescaped pipes. */
function tableRows(markdown: string): string[][] {
  return section(markdown, 'Control Mapping')
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => line.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim()));
}

describe('writePolicy', () => {
  const policy = writePolicy(INPUT);

  it('writes the sections in order, with the obligations section when there are obligations', () => {
    expect(policy.startsWith('# Access Control Policy\n')).toBe(true);
    expect(sections(policy).map((s) => s.heading)).toEqual([
      '1. Purpose',
      '2. Scope',
      '3. Roles and Responsibilities',
      '4. Policy Statements',
      '5. Customer Contract Obligations',
      '6. Exceptions',
      '7. Enforcement',
      '8. Review and Maintenance',
      '9. Control Mapping',
    ]);
  });

  it('leaves out the obligations section and renumbers when there are none', () => {
    const headings = sections(writePolicy({ ...INPUT, obligations: [] })).map((s) => s.heading);
    expect(headings).not.toContain('5. Customer Contract Obligations');
    expect(headings.slice(4)).toEqual(['5. Exceptions', '6. Enforcement', '7. Review and Maintenance', '8. Control Mapping']);
  });

  it('is the organization’s policy: names the organization, tenant, owner and frameworks, with no placeholders', () => {
    expect(policy).toContain('- **Organization:** Acme Corp');
    expect(policy).toContain('- **Tenant / business unit:** Acme EU Payments');
    expect(policy).toContain(`- **Frameworks:** ${NIST}, ${ISO}`);
    expect(policy).toContain('- **Owner:** Chief Information Security Officer');
    expect(policy).toContain('- **Effective date:** 2026-02-01');
    expect(policy).toContain('next review due by 2027-02-01');
    expect(section(policy, 'Purpose')).toContain('reach Acme Corp’s systems');
    expect(section(policy, 'Scope')).toContain('This policy is issued by Acme Corp for Acme EU Payments.');
    expect(policy).not.toMatch(/\bthe organi[sz]ation\b|\[Company\]|\{[a-z_]+\}/i);
  });

  it('writes one numbered shall statement per requirement, grouped by domain with the home domain first', () => {
    const statements = section(policy, 'Policy Statements');
    for (const r of REQUIREMENTS) expect(statements).toContain(`*(Requirement ${r.id}`);
    expect(statements.match(/^\*\*4\.\d+\.\d+\*\* /gm)).toHaveLength(REQUIREMENTS.length);
    expect(statements.indexOf('### 4.1 Identity & Access Management')).toBeLessThan(statements.indexOf('### 4.2 Network Security & Infrastructure'));
    expect(statements).toContain('**4.1.1** Acme Corp shall assign a unique user ID to every person who accesses systems or data. *(Requirement 3.1; NIST 800-53 rev 5: IA-2, AC-2; ISO 27001: A.5.16)*');
    expect(statements).toContain('**4.1.2** Acme Corp shall require MFA for all remote network access. *(Requirement 3.7; NIST 800-53 rev 5: IA-2(1); customer contract: Beta MSA)*');
    expect(statements).toContain('**4.1.3** Acme Corp shall review privileged accounts every month. *(Requirement 3.22; from customer contracts: Beta MSA, Gamma DPA)*');
    expect(statements).toContain('Acme Corp shall provide remote access only through its managed VPN.');
  });

  it('lists each obligation with its contract, clause, quoted text and requirement', () => {
    const obligations = section(policy, 'Customer Contract Obligations');
    expect(obligations).toContain('- **Beta MSA**, clause 7.2: “The Supplier shall review privileged accounts every month.” — Requirement 3.22 (statement 4.1.3)');
    expect(obligations).toContain('- **Gamma DPA**: “Supplier must keep access logs for a year.” — Not mapped to a requirement');
  });

  it('maps every statement in the control table, one row per requirement, with escaped pipes', () => {
    const table = section(policy, 'Control Mapping');
    expect(table).toContain(`| Statement | Requirement | ${NIST} | ${ISO} |`);
    const rows = tableRows(policy);
    expect(rows).toHaveLength(REQUIREMENTS.length);
    for (const row of rows) expect(row).toHaveLength(4);
    expect(rows.map((row) => row[1])).toEqual(['3.1', '3.7', '3.22', '6.8']);
    expect(rows[1]).toEqual(['4.1.2', '3.7', 'IA-2(1)', '—']);
    expect(rows[3]).toEqual(['4.2.1', '6.8', 'AC-17\\|X', 'A.8.20']);
  });

  it('describes the exception process, enforcement and review', () => {
    const exceptions = section(policy, 'Exceptions');
    for (const word of ['written exception request', 'assesses the risk', 'approves or rejects', '12 months', 'Compensating controls', 'exception register']) {
      expect(exceptions).toContain(word);
    }
    expect(section(policy, 'Enforcement')).toContain('disciplinary action');
    expect(section(policy, 'Review and Maintenance')).toMatch(/at least annually.*significant change/s);
  });

  it('is deterministic', () => {
    expect(writePolicy(structuredClone(INPUT))).toBe(policy);
  });

  it('still writes a valid policy when no requirement is mapped', () => {
    const empty = writePolicy({ ...INPUT, requirements: [], obligations: [] });
    expect(sections(empty).map((s) => s.heading)).toHaveLength(8);
    expect(section(empty, 'Policy Statements')).toContain('No requirements are mapped to this policy for the selected frameworks');
    expect(section(empty, 'Control Mapping')).toContain('No requirements are mapped');
    expect(empty).not.toContain('| Statement |');
  });
});

describe('renderPolicy with drafted prose', () => {
  it('uses the drafted texts, strips headings and placeholders, ignores unknown ids and falls back for the rest', () => {
    const policy = renderPolicy(INPUT, {
      purpose: '## Purpose\nThis policy protects [Company] accounts.',
      scope: '',
      statements: new Map([
        ['3.1', '### Unique IDs\nAcme Corp shall give every person\na unique account.'],
        ['6.8', '# Heading only'],
        ['9.9', 'Acme Corp shall do something unrelated.'],
      ]),
    });
    expect(section(policy, 'Purpose').trim()).toBe('This policy protects Acme Corp accounts.');
    expect(section(policy, 'Scope')).toContain('This policy applies to every account Acme Corp operates.');
    expect(policy).toContain('**4.1.1** Acme Corp shall give every person a unique account. *(Requirement 3.1;');
    expect(policy).toContain('**4.2.1** Acme Corp shall provide remote access only through');
    expect(policy).not.toContain('something unrelated');
    expect(policy).not.toMatch(/^#+ (Unique IDs|Heading only|Purpose)$/m);
    expect(tableRows(policy)).toHaveLength(REQUIREMENTS.length);
  });
});

describe('statement wording', () => {
  it('lower-cases the first verb but keeps acronyms', () => {
    expect(lowerFirstWord('Maintain an inventory')).toBe('maintain an inventory');
    expect(lowerFirstWord('Security-test applications')).toBe('security-test applications');
    expect(lowerFirstWord('MFA protects access')).toBe('MFA protects access');
    expect(lowerFirstWord('DMARC reject')).toBe('DMARC reject');
    expect(lowerFirstWord('Contain, eradicate and recover')).toBe('contain, eradicate and recover');
  });

  it('rewrites supplier obligations and quotes contract text it cannot rewrite', () => {
    expect(shallStatement({ text: 'The Vendor (as processor) must encrypt backups', source_type: 'contract' }, 'Acme')).toBe('Acme shall encrypt backups.');
    expect(shallStatement({ text: 'Backups are encrypted.', source_type: 'contract' }, 'Acme')).toBe('Acme shall meet this customer contract obligation: “Backups are encrypted”.');
  });

  it('names the organization once as the subject of a catalog statement', () => {
    expect(shallStatement({ text: 'Have the organization’s approach to security independently reviewed', source_type: 'framework' }, 'Acme')).toBe(
      'Acme shall have its approach to security independently reviewed.',
    );
    expect(shallStatement({ text: 'Identify the personal data the organization processes', source_type: 'framework' }, 'Acme')).toBe(
      'Acme shall identify the personal data Acme processes.',
    );
  });
});
