import { DOMAINS } from '@compliance/catalog/domains';
import { FRAMEWORKS, type Framework } from '@compliance/contracts/frameworks';
import { DOCUMENT_TYPES } from '../document-types';

/**
 * The product's vocabulary for reading questions: framework and domain mentions in free text, the words
 * that are never a company name (for the scope guard), and a light stemmer for requirement searches.
 */

/** A framework named in a question: `canonical` is null for a framework the product does not track (GDPR, SOC 2). */
export type FrameworkMention = { name: string; canonical: Framework | null };

type FrameworkPattern = { pattern: RegExp; name: string; canonical: Framework | null };

/** Most specific first: 'NIST CSF' is not NIST 800-53, 'ISO 27701' is not ISO 27001. */
const FRAMEWORK_PATTERNS: FrameworkPattern[] = [
  { pattern: /\bnist\s*(?:sp\s*)?800[-\s]?171\b/i, name: 'NIST 800-171', canonical: null },
  { pattern: /\bnist\s+csf\b|\bcybersecurity framework\b/i, name: 'NIST CSF', canonical: null },
  { pattern: /\b(?:nist(?:\s*(?:sp\s*)?800[-\s]?53)?|(?:sp\s*)?800[-\s]?53)(?:\s*(?:rev(?:ision)?\.?\s*5|r5))?\b/i, name: 'NIST 800-53 rev 5', canonical: 'NIST 800-53 rev 5' },
  { pattern: /\bpci(?:[\s-]*dss)?(?:\s*v?4(?:\.0)?)?\b/i, name: 'PCI DSS 4.0', canonical: 'PCI DSS 4.0' },
  { pattern: /\bhipaa\b/i, name: 'HIPAA', canonical: 'HIPAA' },
  { pattern: /\biso(?:\/iec)?\s*(27701|42001|9001|27017|27018|22301)\b/i, name: 'ISO', canonical: null },
  { pattern: /\b(?:iso(?:\/iec)?\s*)?27001(?::20\d\d)?\b|\biso\b/i, name: 'ISO 27001', canonical: 'ISO 27001' },
  { pattern: /\bcis(?:\s+controls?)?(?:\s*v?8(?:\.1)?)?\b/i, name: 'CIS Controls v8.1', canonical: 'CIS Controls v8.1' },
  { pattern: /\bsoc\s*2\b|\bsoc2\b/i, name: 'SOC 2', canonical: null },
  { pattern: /\bgdpr\b/i, name: 'GDPR', canonical: null },
  { pattern: /\bfedramp\b/i, name: 'FedRAMP', canonical: null },
  { pattern: /\bcmmc\b/i, name: 'CMMC', canonical: null },
  { pattern: /\bhitrust\b/i, name: 'HITRUST', canonical: null },
  { pattern: /\bccpa\b/i, name: 'CCPA', canonical: null },
  { pattern: /\bsox\b|\bsarbanes[-\s]oxley\b/i, name: 'SOX', canonical: null },
  { pattern: /\bdora\b/i, name: 'DORA', canonical: null },
  { pattern: /\bnis\s?2\b/i, name: 'NIS2', canonical: null },
];

/** Every framework named in the text, in order of appearance, each once. */
export function findFrameworks(text: string): FrameworkMention[] {
  const found: Array<FrameworkMention & { at: number; end: number }> = [];
  for (const { pattern, name, canonical } of FRAMEWORK_PATTERNS) {
    const global = new RegExp(pattern.source, 'gi');
    for (const match of text.matchAll(global)) {
      const at = match.index;
      const end = at + match[0].length;
      if (found.some((f) => at < f.end && end > f.at)) continue;
      const label = canonical ?? (name === 'ISO' ? `ISO ${match[1] ?? ''}`.trim() : name);
      found.push({ name: label, canonical, at, end });
    }
  }
  const ordered = found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  return ordered.filter((f) => !seen.has(f.name) && seen.add(f.name)).map(({ name, canonical }) => ({ name, canonical }));
}

/** The text with framework names removed (so 'encryption in PCI DSS' searches for 'encryption'). */
export function withoutFrameworks(text: string): string {
  return FRAMEWORK_PATTERNS.reduce((rest, { pattern }) => rest.replace(new RegExp(pattern.source, 'gi'), ' '), text);
}

const DOMAIN_SHORT_NAMES: Array<[RegExp, number]> = DOMAINS.flatMap((domain) => {
  const full = domain.name.toLowerCase().replace(/&/g, '(?:&|and)').replace(/\s+/g, '\\s+');
  const parts = domain.name
    .split(' & ')
    .map((part) => part.toLowerCase())
    .filter((part) => part !== 'compliance' && part !== 'recovery' && part !== 'governance');
  return [[new RegExp(`\\b${full}\\b`, 'i'), domain.number] as [RegExp, number], ...parts.map((part) => [new RegExp(`\\b${part}\\s+domain\\b`, 'i'), domain.number] as [RegExp, number])];
});

/** The domain a question names: its full name ('Physical Security'), or part of it followed by 'domain'. */
export function findDomain(text: string): number | null {
  return DOMAIN_SHORT_NAMES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

const MONTHS = 'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec';
const DAYS = 'monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday';
const FUNCTION_WORDS = `
  i ai we us our ours me my mine you your yours it its they them their this that these those there here
  the a an and or nor but if then so also just now not no yes ok okay please of for to in on at by with about from into
  over under within inside across between per via than as & vs what which who whom whose how why when where
  is are was were be been being do does did have has had can could would should will shall may might must let lets
  show list give tell find search get display summarize summarise explain describe compare help hi hello hey thanks thank
  any some all every each most least more less many much few top bottom best worst overall current latest new open closed
  total average next last first second third main key critical important urgent quick wins win
`;

const PRODUCT_WORDS = `
  compliance compliant requirement requirements evidence domain domains framework frameworks gap gaps contract contracts
  obligation obligations owner owners status priority high medium low not started progress applicable n/a dashboard report
  reports policy policies procedure procedures standard standards plan plans program programme control controls library
  analyzer generator assistant tenant organization organisation selector settings audit trail
  access identity authentication authorization mfa multi-factor sso password passwords account accounts privileged admin
  encryption encrypt key keys cryptography tls ssl vpn certificate certificates data protection privacy retention classification
  backup backups recovery restore disaster business continuity incident incidents response breach notification
  vulnerability vulnerabilities patch patching scanning penetration pen test testing assessment risk risks register
  vendor vendors third-party supplier suppliers management governance asset assets inventory hardware software
  network firewall firewalls segmentation wireless wi-fi cloud endpoint endpoints device devices mobile laptop laptops
  antivirus malware edr siem dlp logging logs monitoring alerting application applications secure development sdlc code
  change changes configuration baseline baselines hardening security awareness training phishing physical facility
  facilities visitor visitors cardholder phi pii ephi hr it legal finance engineering operations devops ciso cto ceo cio dpo
  team board committee production staging email remote acceptable use screenshot other soc isms sp rev csf dss
  aws azure gcp google microsoft okta sharepoint confluence jira github gitlab slack teams office windows linux macos
  summary overview executive scope master services agreement msa dpa sla nda schedule annex appendix exhibit clause section
  version draft final q1 q2 q3 q4 fy iam pam cspm casb ids ips waf ddos xdr mdr soar bcp drp bia rto rpo kms hsm pki sast
  dast sca sbom api apis owasp cve cvss kpi kpis rbac abac byod mdm vdi ztna zero trust saas iaas paas iot ot ics scada
  least privilege segregation duties supply chain loss prevention insider threat threats secrets session sessions
  workstation workstations server servers database databases storage media disposal destruction
  bc dr ir bcdr bc/dr grc appsec vuln vulns req reqs pen pentest pentests baa sow hrs iso27001 tprm
  quarter quarters year years month months week weeks period baseline target targets goal plan
`;

const VOCABULARY = new Set<string>([
  ...`${FUNCTION_WORDS} ${PRODUCT_WORDS} ${MONTHS} ${DAYS}`.split(/\s+/).filter(Boolean),
  ...DOMAINS.flatMap((d) => d.name.toLowerCase().split(/[\s&]+/)),
  ...FRAMEWORKS.flatMap((f) => f.toLowerCase().split(/\s+/)),
  ...DOCUMENT_TYPES.flatMap((t) => t.toLowerCase().split(/\s+/)),
]);

/** Whether a word is product vocabulary (a framework, a domain word, a month, a control id like 'AC-2' or '3.4'), never a name. */
export function isVocabularyWord(word: string): boolean {
  const lower = word.toLowerCase().replace(/['’]s$/, '').replace(/[.,;:!?)]+$/, '');
  if (!lower || VOCABULARY.has(lower)) return true;
  if (lower.includes('/')) return lower.split('/').every((part) => isVocabularyWord(part));
  if (/^[\d.:/()-]+$/.test(lower)) return true;
  if (/^[a-z]{1,3}-\d+(?:\(\d+\))?$/.test(lower)) return true;
  if (/^(?:v?\d+(?:\.\d+)*|r\d+|20\d\d)$/.test(lower)) return true;
  return findFrameworks(lower).length > 0 && withoutFrameworks(lower).trim() === '';
}

/**
 * A search form of a word for the tools' substring matching: plurals and common endings trimmed, so
 * 'backups' finds 'backup' and 'encryption' finds 'encrypt', 'encrypted' and 'encryption'.
 */
export function searchStem(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length <= 4) return lower;
  const rules: Array<[RegExp, string]> = [
    [/ies$/, ''],
    [/sses$/, 'ss'],
    [/(ch|sh|x)es$/, '$1'],
    // Before the plural: 'sessions' and 'session' (as 'notifications' and 'notification') stem alike.
    [/([st])ions?$/, '$1'],
    [/([^su])s$/, '$1'],
    [/([a-z]{3})ing$/, '$1'],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(lower)) {
      const stemmed = lower.replace(pattern, replacement);
      return stemmed.length >= 4 ? stemmed.replace(/([bdglmnprt])\1$/, '$1') : lower;
    }
  }
  return lower;
}
