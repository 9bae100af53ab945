/** The 15 security domains (product spec section 9), by number. */
export const DOMAINS = [
  { number: 1, name: 'Governance & Risk Management' },
  { number: 2, name: 'Asset Management' },
  { number: 3, name: 'Identity & Access Management' },
  { number: 4, name: 'Data Protection & Privacy' },
  { number: 5, name: 'Vulnerability & Patch Management' },
  { number: 6, name: 'Network Security & Infrastructure' },
  { number: 7, name: 'Endpoint & Device Security' },
  { number: 8, name: 'Application Security' },
  { number: 9, name: 'Security Monitoring & Logging' },
  { number: 10, name: 'Incident Response & Recovery' },
  { number: 11, name: 'Third-Party & Vendor Risk Management' },
  { number: 12, name: 'Security Awareness & Training' },
  { number: 13, name: 'Business Continuity & Disaster Recovery' },
  { number: 14, name: 'Compliance & Audit' },
  { number: 15, name: 'Physical Security' },
] as const;

export function domainName(number: number): string {
  return DOMAINS.find((d) => d.number === number)?.name ?? `Domain ${number}`;
}
