import { FRAMEWORKS, type Framework } from '@compliance/contracts/frameworks';
import hipaaCitations from '../data/hipaa-security-rule.json' with { type: 'json' };
import { catalogRequirements, frameworkIds, type CatalogRequirement } from './catalog';

/** How much of one reference set the catalog reaches. */
export type CoverageFigure = {
  framework: Framework;
  /** What is counted, e.g. 'Annex A controls'. */
  scope: string;
  covered: number;
  total: number;
  /** Reference items that no requirement maps to. */
  missing: string[];
};

export type CatalogCoverage = {
  requirements: number;
  perDomain: Record<number, number>;
  /** Requirements that belong to each framework (at least one mapped identifier). */
  requirementsPerFramework: Record<Framework, number>;
  /** Distinct identifiers used per framework. */
  distinctIdsPerFramework: Record<Framework, number>;
  isoAnnexA: CoverageFigure;
  isoClauses: CoverageFigure;
  hipaaStandards: CoverageFigure;
  hipaaImplementationSpecifications: CoverageFigure;
  pciPrincipalRequirements: CoverageFigure;
  /** Requirement-level PCI DSS items (x.y.z and x.y.z.n, including appendices A1-A3). */
  pciRequirements: CoverageFigure;
  cisSafeguards: CoverageFigure;
  /** Identifiers used that are not in the framework's reference list (must be empty). */
  unknownIds: Record<Framework, string[]>;
};

const PCI_PRINCIPAL_REQUIREMENTS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];

function usedIds(requirements: readonly CatalogRequirement[], framework: Framework): Set<string> {
  return new Set(requirements.flatMap((requirement) => requirement.mappings[framework]));
}

function figure(framework: Framework, scope: string, reference: readonly string[], isCovered: (id: string) => boolean): CoverageFigure {
  const missing = reference.filter((id) => !isCovered(id));
  return { framework, scope, covered: reference.length - missing.length, total: reference.length, missing };
}

/** The principal requirement (1..12, A1..A3) that a PCI DSS identifier sits under. */
export function pciPrincipalOf(id: string): string {
  return id.split('.')[0] ?? id;
}

/** Coverage and integrity figures for a list of requirements (the released catalog by default). */
export function computeCatalogCoverage(requirements: readonly CatalogRequirement[] = catalogRequirements): CatalogCoverage {
  const used = Object.fromEntries(FRAMEWORKS.map((framework) => [framework, usedIds(requirements, framework)])) as Record<
    Framework,
    Set<string>
  >;
  const count = <T>(make: (framework: Framework) => T) =>
    Object.fromEntries(FRAMEWORKS.map((framework) => [framework, make(framework)])) as Record<Framework, T>;

  const perDomain: Record<number, number> = {};
  for (const requirement of requirements) perDomain[requirement.domain_number] = (perDomain[requirement.domain_number] ?? 0) + 1;

  const isoIds = [...frameworkIds('ISO 27001')];
  const cisIds = [...frameworkIds('CIS Controls v8.1')];
  const hipaaStandards = hipaaCitations.filter((row) => row.kind === 'standard').map((row) => row.citation);
  const hipaaSpecifications = hipaaCitations.filter((row) => row.kind !== 'standard').map((row) => row.citation);
  const pciRequirementIds = [...frameworkIds('PCI DSS 4.0')].filter((id) => id.split('.').length >= 3);
  const pciPrincipalsUsed = new Set([...used['PCI DSS 4.0']].map(pciPrincipalOf));

  return {
    requirements: requirements.length,
    perDomain,
    requirementsPerFramework: count((framework) => requirements.filter((r) => r.mappings[framework].length > 0).length),
    distinctIdsPerFramework: count((framework) => used[framework].size),
    isoAnnexA: figure('ISO 27001', 'Annex A controls', isoIds.filter((id) => id.startsWith('A.')), (id) => used['ISO 27001'].has(id)),
    isoClauses: figure('ISO 27001', 'clauses 4-10', isoIds.filter((id) => !id.startsWith('A.')), (id) => used['ISO 27001'].has(id)),
    hipaaStandards: figure('HIPAA', 'Security Rule standards', hipaaStandards, (id) => used.HIPAA.has(id)),
    hipaaImplementationSpecifications: figure('HIPAA', 'implementation specifications', hipaaSpecifications, (id) =>
      used.HIPAA.has(id),
    ),
    pciPrincipalRequirements: figure('PCI DSS 4.0', 'principal requirements 1-12', PCI_PRINCIPAL_REQUIREMENTS, (id) =>
      pciPrincipalsUsed.has(id),
    ),
    pciRequirements: figure('PCI DSS 4.0', 'requirements and sub-requirements', pciRequirementIds, (id) => used['PCI DSS 4.0'].has(id)),
    cisSafeguards: figure('CIS Controls v8.1', 'safeguards', cisIds, (id) => used['CIS Controls v8.1'].has(id)),
    unknownIds: count((framework) => [...used[framework]].filter((id) => !frameworkIds(framework).has(id))),
  };
}
