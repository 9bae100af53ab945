import { FRAMEWORKS, type Framework } from '@compliance/contracts/frameworks';
import frameworkIdLists from '../data/framework-ids.json' with { type: 'json' };
import { DOMAINS } from './domains';
import { applicationSecurity } from './requirements/application-security';
import { assetManagement } from './requirements/asset-management';
import { businessContinuityDisasterRecovery } from './requirements/business-continuity-disaster-recovery';
import { complianceAudit } from './requirements/compliance-audit';
import { dataProtectionPrivacy } from './requirements/data-protection-privacy';
import { endpointDeviceSecurity } from './requirements/endpoint-device-security';
import { governanceRiskManagement } from './requirements/governance-risk-management';
import { identityAccessManagement } from './requirements/identity-access-management';
import { incidentResponseRecovery } from './requirements/incident-response-recovery';
import { networkSecurityInfrastructure } from './requirements/network-security-infrastructure';
import { physicalSecurity } from './requirements/physical-security';
import type { Priority, RequirementEntry } from './requirements/requirement-entry';
import { securityAwarenessTraining } from './requirements/security-awareness-training';
import { securityMonitoringLogging } from './requirements/security-monitoring-logging';
import { thirdPartyVendorRisk } from './requirements/third-party-vendor-risk';
import { vulnerabilityPatchManagement } from './requirements/vulnerability-patch-management';

export type { Priority } from './requirements/requirement-entry';

/**
 * Release of the unified catalog (year.month.release). Bump it whenever requirements, texts or
 * mappings change; the seed compares it with the stored version to apply an update.
 */
export const CATALOG_VERSION = '2026.11.1';

/**
 * Keys that were used by earlier releases and have been withdrawn. A key is never reused for a
 * different obligation, so a retired key must not reappear in the catalog.
 */
export const RETIRED_KEYS: readonly string[] = [];

/** Control identifiers per framework (identifiers only; no CIS, ISO or PCI wording). */
export type FrameworkMappings = Readonly<Record<Framework, readonly string[]>>;

export type CatalogRequirement = {
  /** Permanent key, e.g. 'IAM-07'. Tenants' responses are attached to it. */
  readonly key: string;
  readonly domain_number: number;
  /** 1-based position within the domain; the display id is `${domain_number}.${index}`. */
  readonly index: number;
  readonly text: string;
  readonly priority: Priority;
  /** Lowercase terms and phrases for matching contract and evidence text. */
  readonly keywords: readonly string[];
  readonly mappings: FrameworkMappings;
};

/** Authored requirement lists, one per domain, in domain order. */
const DOMAIN_REQUIREMENTS: ReadonlyArray<readonly [number, readonly RequirementEntry[]]> = [
  [1, governanceRiskManagement],
  [2, assetManagement],
  [3, identityAccessManagement],
  [4, dataProtectionPrivacy],
  [5, vulnerabilityPatchManagement],
  [6, networkSecurityInfrastructure],
  [7, endpointDeviceSecurity],
  [8, applicationSecurity],
  [9, securityMonitoringLogging],
  [10, incidentResponseRecovery],
  [11, thirdPartyVendorRisk],
  [12, securityAwarenessTraining],
  [13, businessContinuityDisasterRecovery],
  [14, complianceAudit],
  [15, physicalSecurity],
];

function toCatalogRequirement(domainNumber: number, entry: RequirementEntry): CatalogRequirement {
  const match = /^([A-Z]{3})-(\d{2,3})$/.exec(entry.key);
  const domain = DOMAINS.find((d) => d.number === domainNumber);
  if (!match || !domain || match[1] !== domain.key_prefix) {
    throw new Error(`Catalog key ${entry.key} does not belong to domain ${domainNumber}`);
  }
  const mappings: Record<Framework, readonly string[]> = {
    'CIS Controls v8.1': Object.freeze([...entry.cis]),
    'NIST 800-53 rev 5': Object.freeze([...entry.nist]),
    'ISO 27001': Object.freeze([...entry.iso]),
    'PCI DSS 4.0': Object.freeze([...entry.pci]),
    HIPAA: Object.freeze([...entry.hipaa]),
  };
  return Object.freeze({
    key: entry.key,
    domain_number: domainNumber,
    index: Number(match[2]),
    text: entry.text,
    priority: entry.priority,
    keywords: Object.freeze([...entry.keywords]),
    mappings: Object.freeze(mappings),
  });
}

/** Every requirement of the catalog, ordered by domain number, then index. */
export const catalogRequirements: readonly CatalogRequirement[] = Object.freeze(
  DOMAIN_REQUIREMENTS.flatMap(([domainNumber, entries]) => entries.map((entry) => toCatalogRequirement(domainNumber, entry))).sort(
    (a, b) => a.domain_number - b.domain_number || a.index - b.index,
  ),
);

const byKey = new Map(catalogRequirements.map((requirement) => [requirement.key, requirement]));

/** The requirement with this key, or undefined. */
export function getCatalogRequirement(key: string): CatalogRequirement | undefined {
  return byKey.get(key);
}

/** The display id shown on cards: 'domain.index', e.g. '3.7'. */
export function displayId(requirement: Pick<CatalogRequirement, 'domain_number' | 'index'>): string {
  return `${requirement.domain_number}.${requirement.index}`;
}

/** The frameworks a requirement belongs to: those with at least one mapped identifier, in canonical order. */
export function frameworksOf(requirement: Pick<CatalogRequirement, 'mappings'>): Framework[] {
  return FRAMEWORKS.filter((framework) => requirement.mappings[framework].length > 0);
}

/** Requirements that belong to at least one of the given frameworks (a tenant's assigned frameworks). */
export function listRequirementsForFrameworks(frameworks: readonly Framework[]): CatalogRequirement[] {
  const wanted = new Set(frameworks);
  return catalogRequirements.filter((requirement) => frameworksOf(requirement).some((framework) => wanted.has(framework)));
}

const idSets = new Map<Framework, ReadonlySet<string>>(
  FRAMEWORKS.map((framework) => [framework, new Set<string>(frameworkIdLists[framework])]),
);

/**
 * The valid identifiers of a framework, from the packaged reference list: the 153 CIS safeguards,
 * the active (not withdrawn) NIST SP 800-53 r5 controls and enhancements, ISO/IEC 27001:2022
 * clauses and Annex A controls, every numbered PCI DSS v4.0.1 item, and HIPAA Security Rule citations.
 */
export function frameworkIds(framework: Framework): ReadonlySet<string> {
  const ids = idSets.get(framework);
  if (!ids) throw new Error(`Unknown framework ${framework}`);
  return ids;
}
