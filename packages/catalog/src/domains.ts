/** The 15 security domains of the unified catalog, numbered and named exactly as the product spec (section 9). */
export const DOMAINS = [
  { number: 1, name: 'Governance & Risk Management', key_prefix: 'GOV' },
  { number: 2, name: 'Asset Management', key_prefix: 'AST' },
  { number: 3, name: 'Identity & Access Management', key_prefix: 'IAM' },
  { number: 4, name: 'Data Protection & Privacy', key_prefix: 'DPP' },
  { number: 5, name: 'Vulnerability & Patch Management', key_prefix: 'VUL' },
  { number: 6, name: 'Network Security & Infrastructure', key_prefix: 'NET' },
  { number: 7, name: 'Endpoint & Device Security', key_prefix: 'END' },
  { number: 8, name: 'Application Security', key_prefix: 'APP' },
  { number: 9, name: 'Security Monitoring & Logging', key_prefix: 'MON' },
  { number: 10, name: 'Incident Response & Recovery', key_prefix: 'INC' },
  { number: 11, name: 'Third-Party & Vendor Risk Management', key_prefix: 'TPR' },
  { number: 12, name: 'Security Awareness & Training', key_prefix: 'SAT' },
  { number: 13, name: 'Business Continuity & Disaster Recovery', key_prefix: 'BCD' },
  { number: 14, name: 'Compliance & Audit', key_prefix: 'CMP' },
  { number: 15, name: 'Physical Security', key_prefix: 'PHY' },
] as const;

export type Domain = (typeof DOMAINS)[number];
export type DomainNumber = Domain['number'];

/** The domain with this number, or undefined. */
export function getDomain(number: number): Domain | undefined {
  return DOMAINS.find((domain) => domain.number === number);
}

/** The domain's name; throws for a number outside 1..15 (a programming error, not user input). */
export function domainName(number: number): string {
  const domain = getDomain(number);
  if (!domain) throw new Error(`Unknown domain number ${number}`);
  return domain.name;
}
