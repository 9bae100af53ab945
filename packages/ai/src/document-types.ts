/** The evidence document types the product offers (Evidence Library upload form), in display order. */
export const DOCUMENT_TYPES = [
  'Policy',
  'Procedure',
  'Configuration',
  'Screenshot',
  'Report',
  'Certificate',
  'Audit Report',
  'SOC 2 Report',
  'Penetration Test',
  'Other',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}
