import { FRAMEWORKS } from '@compliance/contracts/frameworks';
import { describe, expect, it } from 'vitest';
import frameworkIdLists from '../data/framework-ids.json' with { type: 'json' };
import nistTitles from '../data/nist-800-53r5-titles.json' with { type: 'json' };
import {
  CATALOG_VERSION,
  RETIRED_KEYS,
  catalogRequirements,
  displayId,
  frameworkIds,
  frameworksOf,
  getCatalogRequirement,
  listRequirementsForFrameworks,
} from './catalog';
import { computeCatalogCoverage } from './coverage';
import { DOMAINS, domainName } from './domains';

const coverage = computeCatalogCoverage();

/** Lists the offenders in the failure message, with their count. */
function expectNone(label: string, offenders: string[]) {
  expect(offenders, `${label}: ${offenders.length} found: ${offenders.join(', ')}`).toEqual([]);
}

describe('catalog size and shape', () => {
  it('has at least 180 requirements', () => {
    expect(catalogRequirements.length, `catalog has ${catalogRequirements.length} requirements`).toBeGreaterThanOrEqual(180);
  });

  it('has at least 6 requirements in each of the 15 domains', () => {
    expect(DOMAINS.map((d) => d.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const thin = DOMAINS.filter((d) => (coverage.perDomain[d.number] ?? 0) < 6).map(
      (d) => `${d.number} ${d.name} (${coverage.perDomain[d.number] ?? 0})`,
    );
    expectNone('domains with fewer than 6 requirements', thin);
  });

  it('names the domains exactly as the spec does', () => {
    expect(domainName(1)).toBe('Governance & Risk Management');
    expect(domainName(11)).toBe('Third-Party & Vendor Risk Management');
    expect(domainName(15)).toBe('Physical Security');
  });

  it('has unique keys, unique texts and keys that carry the domain prefix and index', () => {
    const keys = catalogRequirements.map((r) => r.key);
    expectNone('duplicate keys', keys.filter((key, i) => keys.indexOf(key) !== i));
    const texts = catalogRequirements.map((r) => r.text.trim().toLowerCase());
    expectNone('duplicate texts', texts.filter((text, i) => texts.indexOf(text) !== i));
    const misfiled = catalogRequirements.filter((r) => {
      const domain = DOMAINS.find((d) => d.number === r.domain_number);
      return r.key !== `${domain?.key_prefix}-${String(r.index).padStart(2, '0')}`;
    });
    expectNone('keys not matching domain prefix and index', misfiled.map((r) => r.key));
    expectNone('retired keys reused', keys.filter((key) => RETIRED_KEYS.includes(key)));
  });

  it('is ordered by domain then index, with indexes 1..n in each domain', () => {
    const gaps: string[] = [];
    for (const domain of DOMAINS) {
      const indexes = catalogRequirements.filter((r) => r.domain_number === domain.number).map((r) => r.index);
      if (indexes.some((index, i) => index !== i + 1)) gaps.push(`${domain.number}: ${indexes.join(',')}`);
    }
    expectNone('domains whose indexes are not 1..n in order', gaps);
    const sorted = [...catalogRequirements].sort((a, b) => a.domain_number - b.domain_number || a.index - b.index);
    expect(catalogRequirements.map((r) => r.key)).toEqual(sorted.map((r) => r.key));
  });

  it('writes each requirement as one sentence-length obligation with a priority', () => {
    const bad = catalogRequirements.filter(
      (r) => r.text.length < 40 || r.text.length > 400 || !/^[A-Z]/.test(r.text) || !r.text.endsWith('.') || r.text !== r.text.trim(),
    );
    expectNone('texts that are too short, too long or not a capitalised sentence', bad.map((r) => r.key));
    expectNone(
      'invalid priorities',
      catalogRequirements.filter((r) => !['High', 'Medium', 'Low'].includes(r.priority)).map((r) => r.key),
    );
  });

  it('gives every requirement 5-12 unique lowercase keywords', () => {
    const bad = catalogRequirements.filter(
      (r) =>
        r.keywords.length < 5 ||
        r.keywords.length > 12 ||
        new Set(r.keywords).size !== r.keywords.length ||
        r.keywords.some((k) => k !== k.toLowerCase() || k.trim() !== k || k.length < 2),
    );
    expectNone('requirements with bad keywords', bad.map((r) => `${r.key} (${r.keywords.length})`));
  });

  it('exports a year.month.release version', () => {
    expect(CATALOG_VERSION).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
  });
});

describe('mappings', () => {
  it('maps every requirement to at least one framework', () => {
    expectNone('requirements that map to nothing', catalogRequirements.filter((r) => frameworksOf(r).length === 0).map((r) => r.key));
  });

  it('uses only identifiers that exist in each framework list (NIST: active controls only)', () => {
    for (const framework of FRAMEWORKS) expectNone(`unknown ${framework} identifiers`, coverage.unknownIds[framework]);
  });

  it('lists no identifier twice within a requirement', () => {
    const dupes = catalogRequirements.flatMap((r) =>
      FRAMEWORKS.filter((f) => new Set(r.mappings[f]).size !== r.mappings[f].length).map((f) => `${r.key} ${f}`),
    );
    expectNone('duplicate identifiers', dupes);
  });

  it('covers all 93 ISO 27001:2022 Annex A controls', () => {
    const { covered, total, missing } = coverage.isoAnnexA;
    expect(total).toBe(93);
    expectNone(`ISO Annex A controls not mapped (${covered}/${total} covered)`, missing);
  });

  it('covers every HIPAA Security Rule standard', () => {
    const { covered, total, missing } = coverage.hipaaStandards;
    expect(total).toBe(22);
    expectNone(`HIPAA standards not mapped (${covered}/${total} covered)`, missing);
  });

  it('covers each of the 12 PCI DSS principal requirements', () => {
    const { covered, total, missing } = coverage.pciPrincipalRequirements;
    expect(total).toBe(12);
    expectNone(`PCI DSS principal requirements with no mapped id (${covered}/${total} covered)`, missing);
  });

  it('covers at least 140 of the 153 CIS safeguards', () => {
    const { covered, total, missing } = coverage.cisSafeguards;
    expect(total).toBe(153);
    expect(covered, `CIS safeguards covered: ${covered}/${total}; missing: ${missing.join(', ')}`).toBeGreaterThanOrEqual(140);
  });
});

describe('packaged identifier lists', () => {
  it('holds the expected number of identifiers per framework', () => {
    expect(frameworkIds('CIS Controls v8.1').size).toBe(153);
    expect(frameworkIds('NIST 800-53 rev 5').size).toBe(1009);
    expect(frameworkIds('ISO 27001').size).toBe(93 + 41);
    expect(frameworkIds('PCI DSS 4.0').size).toBe(366);
    expect(frameworkIds('HIPAA').size).toBe(65);
    expect(Object.keys(nistTitles)).toHaveLength(1009);
  });

  it('stores identifiers only, never titles or text (CIS, ISO and PCI wording is copyrighted)', () => {
    const patterns: Record<string, RegExp> = {
      'CIS Controls v8.1': /^\d{1,2}\.\d{1,2}$/,
      'NIST 800-53 rev 5': /^[A-Z]{2}-\d{1,2}(\(\d{1,2}\))?$/,
      'ISO 27001': /^(A\.[5-8]\.\d{1,2}|\d{1,2}(\.\d){0,2})$/,
      'PCI DSS 4.0': /^A?\d{1,2}(\.\d{1,2}){0,4}$/,
      HIPAA: /^164\.3\d{2}(\([a-zA-Z0-9]+\))+$/,
    };
    for (const [framework, ids] of Object.entries(frameworkIdLists)) {
      const pattern = patterns[framework];
      expect(pattern, `unexpected framework key ${framework}`).toBeDefined();
      expectNone(`${framework} entries that are not bare identifiers`, ids.filter((id) => !pattern?.test(id)));
    }
  });
});

describe('helpers', () => {
  it('derives frameworks, display ids and look-ups', () => {
    const mfa = catalogRequirements.find((r) => r.mappings['NIST 800-53 rev 5'].includes('IA-2(1)'));
    expect(mfa).toBeDefined();
    if (!mfa) return;
    expect(frameworksOf(mfa)).toContain('NIST 800-53 rev 5');
    expect(displayId(mfa)).toBe(`${mfa.domain_number}.${mfa.index}`);
    expect(getCatalogRequirement(mfa.key)).toBe(mfa);
    expect(getCatalogRequirement('NOPE-01')).toBeUndefined();
  });

  it('selects the requirements of assigned frameworks', () => {
    const hipaa = listRequirementsForFrameworks(['HIPAA']);
    expect(hipaa.length).toBe(coverage.requirementsPerFramework.HIPAA);
    expect(hipaa.every((r) => r.mappings.HIPAA.length > 0)).toBe(true);
    expect(listRequirementsForFrameworks([...FRAMEWORKS])).toHaveLength(catalogRequirements.length);
    expect(listRequirementsForFrameworks([])).toEqual([]);
  });

  it('fails coverage when a mapping is removed', () => {
    const [first, ...rest] = catalogRequirements;
    if (!first) throw new Error('empty catalog');
    const stripped = { ...first, mappings: { ...first.mappings, 'ISO 27001': [] } };
    const broken = computeCatalogCoverage([stripped, ...rest.map((r) => ({ ...r, mappings: { ...r.mappings, 'ISO 27001': [] } }))]);
    expect(broken.isoAnnexA.covered).toBe(0);
    expect(broken.isoAnnexA.missing).toHaveLength(93);
  });
});
