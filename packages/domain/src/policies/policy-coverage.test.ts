import { describe, expect, it } from 'vitest';
import type { PolicyTemplateDefinition } from '@compliance/catalog/policy-template';
import type { Requirement } from '@compliance/contracts/requirements';
import { coveredRequirements, frameworksCovered, recommendTemplates } from './policy-coverage';

let n = 0;
function requirement(over: Partial<Requirement>): Requirement {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    display_id: `1.${n}`,
    key: null,
    text: `Requirement ${n}`,
    domain_number: 1,
    domain_name: 'Governance & Risk Management',
    priority: 'Medium',
    source_type: 'framework',
    frameworks: [],
    control_ids: {},
    compliance_status: 'Not Started',
    contract_count: 0,
    contract_names: [],
    evidence_count: 0,
    owner_id: null,
    owner_name: null,
    due_date: null,
    overdue: false,
    user_response: null,
    suggested_response: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    updated_by_name: null,
    ...over,
  };
}

const template = (name: string, keys: string[], domains: number[]): PolicyTemplateDefinition => ({
  name,
  description: `${name} description`,
  purpose: 'p',
  scope: 's',
  roles: [],
  domains,
  requirement_keys: keys,
});

// A hand-made tenant: three catalog requirements in two domains, two contract requirements.
const iam1 = requirement({ key: 'IAM-01', domain_number: 3, frameworks: ['HIPAA', 'NIST 800-53 rev 5'], control_ids: { HIPAA: ['164.312(a)(1)'], 'NIST 800-53 rev 5': ['AC-2'] } });
const iam2 = requirement({ key: 'IAM-02', domain_number: 3, frameworks: ['NIST 800-53 rev 5'], control_ids: { 'NIST 800-53 rev 5': ['AC-3'] } });
const dpp1 = requirement({ key: 'DPP-01', domain_number: 4, frameworks: ['HIPAA'], control_ids: { HIPAA: ['164.312(a)(2)(iv)'] } });
const contractIam = requirement({ source_type: 'contract', domain_number: 3, contract_names: ['MSA'] });
const contractNet = requirement({ source_type: 'contract', domain_number: 6, contract_names: ['MSA'] });
const tenant = [iam1, iam2, dpp1, contractIam, contractNet];

const access = template('Access Control Policy', ['IAM-02', 'IAM-01', 'DPP-01'], [3]);
const crypto = template('Cryptography Policy', ['DPP-01'], [4]);
const physical = template('Physical Security Policy', ['PHY-01'], [15]);

describe('coveredRequirements', () => {
  it("takes the template's catalog requirements in its order and the contract requirements of its domains", () => {
    expect(coveredRequirements(access, tenant, true).map((r) => r.id)).toEqual([iam2.id, iam1.id, dpp1.id, contractIam.id]);
  });

  it('leaves contract requirements out when contracts are not included', () => {
    expect(coveredRequirements(access, tenant, false).map((r) => r.id)).toEqual([iam2.id, iam1.id, dpp1.id]);
  });

  it('ignores catalog requirements outside the chosen frameworks (no framework left on the row)', () => {
    const outside = { ...iam2, frameworks: [] };
    expect(coveredRequirements(access, [iam1, outside], false).map((r) => r.id)).toEqual([iam1.id]);
  });
});

describe('frameworksCovered', () => {
  it('lists the chosen frameworks with a mapped control, in canonical order', () => {
    expect(frameworksCovered([iam1, iam2], ['HIPAA', 'NIST 800-53 rev 5', 'ISO 27001'])).toEqual(['NIST 800-53 rev 5', 'HIPAA']);
    expect(frameworksCovered([iam1, iam2], ['HIPAA'])).toEqual(['HIPAA']);
    expect(frameworksCovered([contractIam], ['HIPAA'])).toEqual([]);
  });
});

describe('recommendTemplates', () => {
  it('counts each template on the fixture, most requirements first, and drops empty ones', () => {
    const list = recommendTemplates([crypto, physical, access], tenant, ['HIPAA', 'NIST 800-53 rev 5']);
    expect(list.map((t) => [t.name, t.requirement_count, t.frameworks_covered])).toEqual([
      ['Access Control Policy', 4, ['NIST 800-53 rev 5', 'HIPAA']],
      ['Cryptography Policy', 1, ['HIPAA']],
    ]);
    expect(list[0]!.domains).toEqual([{ domain_number: 3, domain_name: 'Identity & Access Management' }]);
  });

  it('counts only what the chosen frameworks keep (the tenant list is filtered before)', () => {
    const nistOnly = tenant.filter((r) => r.source_type === 'contract' || r.frameworks.includes('NIST 800-53 rev 5'));
    const list = recommendTemplates([crypto, access], nistOnly, ['NIST 800-53 rev 5']);
    expect(list.map((t) => [t.name, t.requirement_count, t.frameworks_covered])).toEqual([['Access Control Policy', 3, ['NIST 800-53 rev 5']]]);
  });
});
