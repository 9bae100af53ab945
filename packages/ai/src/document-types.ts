import { EVIDENCE_TYPES } from '@compliance/contracts/documents';

/**
 * The evidence document types the product offers (Evidence Library upload form), in display order.
 * Defined once, in @compliance/contracts (EVIDENCE_TYPES, which the API validates with); the AI engine
 * names it DOCUMENT_TYPES.
 */
export const DOCUMENT_TYPES = EVIDENCE_TYPES;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}
