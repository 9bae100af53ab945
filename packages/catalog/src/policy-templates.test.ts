import { describe, expect, it } from 'vitest';
import { catalogRequirements, getCatalogRequirement } from './catalog';
import { DOMAINS } from './domains';
import { POLICY_TEMPLATES, getPolicyTemplate } from './policy-templates';

/** Lists the offenders in the failure message, with their count. */
function expectNone(label: string, offenders: string[]) {
  expect(offenders, `${label}: ${offenders.length} found: ${offenders.join(', ')}`).toEqual([]);
}

const REQUIRED_POLICIES = [
  'Information Security Policy',
  'Access Control Policy',
  'Acceptable Use Policy',
  'Asset Management Policy',
  'Data Classification and Protection Policy',
  'Cryptography Policy',
  'Vulnerability and Patch Management Policy',
  'Network Security Policy',
  'Endpoint Security Policy',
  'Secure Development Policy',
  'Logging and Monitoring Policy',
  'Incident Response Policy',
  'Vendor Risk Management Policy',
  'Security Awareness and Training Policy',
  'Business Continuity and Disaster Recovery Policy',
  'Physical Security Policy',
];

describe('policy templates', () => {
  it('has at least 15 templates with unique names, including every policy a compliance team needs', () => {
    expect(POLICY_TEMPLATES.length).toBeGreaterThanOrEqual(15);
    const names = POLICY_TEMPLATES.map((t) => t.name.toLowerCase());
    expectNone('duplicate names', names.filter((name, i) => names.indexOf(name) !== i));
    expectNone('missing policies', REQUIRED_POLICIES.filter((name) => !POLICY_TEMPLATES.some((t) => t.name === name)));
  });

  it('names each template as a policy title and fills every text', () => {
    for (const t of POLICY_TEMPLATES) {
      expect(t.name, t.name).toMatch(/^[A-Z][A-Za-z ]+ Policy$/);
      expect(t.description.length, `${t.name} description`).toBeGreaterThan(20);
      expect(t.purpose.split(/(?<=\.)\s/).length, `${t.name} purpose sentences`).toBeGreaterThanOrEqual(2);
      expect(t.scope.split(/(?<=\.)\s/).length, `${t.name} scope sentences`).toBeGreaterThanOrEqual(2);
      expect(t.roles.length, `${t.name} roles`).toBeGreaterThanOrEqual(3);
      expect(t.roles.length, `${t.name} roles`).toBeLessThanOrEqual(5);
      for (const r of t.roles) expect(r.role && r.responsibility, `${t.name} role`).toBeTruthy();
      expect(`${t.purpose} ${t.scope}`, t.name).not.toMatch(/\[[^\]]*\]|\{[^}]*\}/);
    }
  });

  it('uses only catalog keys, without duplicates within a template', () => {
    for (const t of POLICY_TEMPLATES) {
      expectNone(`${t.name}: unknown keys`, t.requirement_keys.filter((key) => !getCatalogRequirement(key)));
      expectNone(`${t.name}: duplicate keys`, t.requirement_keys.filter((key, i) => t.requirement_keys.indexOf(key) !== i));
      expect(t.requirement_keys.length, t.name).toBeGreaterThanOrEqual(5);
    }
  });

  it('covers every catalog requirement with at least one template', () => {
    const covered = new Set(POLICY_TEMPLATES.flatMap((t) => t.requirement_keys));
    expectNone('uncovered requirements', catalogRequirements.filter((r) => !covered.has(r.key)).map((r) => r.key));
  });

  it('lists valid, unique domains with the home domain first', () => {
    const numbers = new Set<number>(DOMAINS.map((d) => d.number));
    for (const t of POLICY_TEMPLATES) {
      expect(t.domains.length, t.name).toBeGreaterThan(0);
      expectNone(`${t.name}: invalid domains`, t.domains.filter((n) => !numbers.has(n)).map(String));
      expectNone(`${t.name}: duplicate domains`, t.domains.filter((n, i) => t.domains.indexOf(n) !== i).map(String));
      const home = t.domains[0];
      const inHome = t.requirement_keys.filter((key) => getCatalogRequirement(key)?.domain_number === home).length;
      expect(inHome, `${t.name} has requirements of its home domain ${home}`).toBeGreaterThan(0);
    }
  });

  it('gives each domain a template whose home it is', () => {
    const homes = new Set(POLICY_TEMPLATES.map((t) => t.domains[0]));
    expectNone('domains without a home template', DOMAINS.filter((d) => !homes.has(d.number)).map((d) => d.name));
  });

  it('finds a template by its exact name, ignoring case and surrounding spaces', () => {
    expect(getPolicyTemplate('Access Control Policy')?.name).toBe('Access Control Policy');
    expect(getPolicyTemplate('  access control POLICY ')?.name).toBe('Access Control Policy');
    expect(getPolicyTemplate('Access Control')).toBeUndefined();
    expect(getPolicyTemplate('')).toBeUndefined();
  });
});
