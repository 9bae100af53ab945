import { z } from 'zod';

/** The five frameworks, by their canonical names (the ones the dashboard badges and tenant forms use). */
export const FRAMEWORKS = ['CIS Controls v8.1', 'NIST 800-53 rev 5', 'ISO 27001', 'PCI DSS 4.0', 'HIPAA'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** Other spellings of the same frameworks (the filter and policy screens use the short ones). */
const ALIASES: Record<string, Framework> = {
  'cis controls v8': 'CIS Controls v8.1',
  'cis controls v8.1': 'CIS Controls v8.1',
  cis: 'CIS Controls v8.1',
  'nist 800-53': 'NIST 800-53 rev 5',
  'nist 800-53 rev 5': 'NIST 800-53 rev 5',
  'nist sp 800-53 rev 5': 'NIST 800-53 rev 5',
  'iso 27001': 'ISO 27001',
  'iso/iec 27001': 'ISO 27001',
  'iso 27001:2022': 'ISO 27001',
  'pci dss 4.0': 'PCI DSS 4.0',
  'pci dss': 'PCI DSS 4.0',
  hipaa: 'HIPAA',
};

/** The canonical name for any accepted spelling, or null. */
export function canonicalFramework(name: string): Framework | null {
  return ALIASES[name.trim().replace(/\s+/g, ' ').toLowerCase()] ?? null;
}

/** A framework name in either spelling, read as its canonical name. */
export const frameworkName = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const canonical = canonicalFramework(value);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: `Unknown framework "${value}". Use one of: ${FRAMEWORKS.join(', ')}` });
      return z.NEVER;
    }
    return canonical;
  });

/**
 * Whether a framework reference of a requirement ('AC-2(1)', '164.308(a)(1)(i)') is the control or
 * citation asked for ('ac-2', '164.308(a)(1)'): the same reference, or one of its enhancements or
 * sub-paragraphs (what follows it opens with a parenthesis).
 */
export function referenceMatches(reference: string, asked: string): boolean {
  const squash = (s: string) => s.toUpperCase().replace(/\s+/g, '');
  const ref = squash(reference);
  const want = squash(asked);
  return ref === want || (ref.startsWith(want) && ref[want.length] === '(');
}
