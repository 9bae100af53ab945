/** Gap priority, as spec section 4 names it. */
export type Priority = 'High' | 'Medium' | 'Low';

/**
 * One unified requirement as authored in a domain file. Mapping arrays hold IDENTIFIERS ONLY:
 * CIS safeguard numbers, NIST SP 800-53 r5 control ids, ISO/IEC 27001:2022 Annex A controls or
 * clause numbers, PCI DSS v4 requirement numbers and HIPAA Security Rule citations.
 * The key is permanent: it is never reused for a different obligation. Its number is the
 * requirement's index within the domain (the display id is 'domain.index').
 */
export type RequirementEntry = {
  key: string;
  text: string;
  priority: Priority;
  keywords: string[];
  cis: string[];
  nist: string[];
  iso: string[];
  pci: string[];
  hipaa: string[];
};
