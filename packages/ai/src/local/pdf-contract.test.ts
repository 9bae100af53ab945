import { catalogRequirements } from '@compliance/catalog/catalog';
import { extractText } from '@compliance/documents/extract-text';
import { buildTextPdf } from '@compliance/documents/minimal-pdf';
import { describe, expect, it } from 'vitest';
import { createAiEngine, type RequirementCandidate } from '../engine';

const CATALOG: RequirementCandidate[] = catalogRequirements.map((r) => ({ key: r.key, text: r.text, keywords: r.keywords, domain_number: r.domain_number }));

/**
 * Contracts as a PDF gives them: a control table whose cells sit at columns, and numbered clauses whose
 * first line wraps so that it alone would read as a heading.
 */
const PDF = buildTextPdf([
  [
    'SUPPLIER SECURITY SCHEDULE',
    'This Schedule is agreed between Northwind Payments plc (the "Bank") and Tallis Hosting Ltd (the "Supplier").',
    'C.1 Controls',
    'The Supplier shall implement the controls in the table below.',
    'Ref\tControl\tEvidence',
    'SR-1\tMulti-factor authentication for all remote access\tConfiguration export',
    'SR-2\tSecurity event logs retained for twelve months\tSIEM report',
    'C.2 Personnel',
    'C.2.1 Pre-employment screening of all subcontracted Supplier Personnel with administrative privileges on Bank Systems, covering identity, right to work and criminal records.',
    'C.2.2 The Supplier shall pay its staff on time.',
  ],
]);

describe('a contract read from a PDF', () => {
  it('yields one obligation per control-table row with its reference, and a wrapped numbered clause as a clause', async () => {
    const { text } = await extractText(PDF, 'pdf');
    expect(text).toContain('SR-1\tMulti-factor authentication for all remote access\tConfiguration export');
    const result = await createAiEngine().extractObligations({ text, requirements: CATALOG }, { signal: new AbortController().signal });
    const byClause = new Map(result.obligations.map((o) => [o.clause, o.text]));
    expect(byClause.get('SR-1')).toContain('Multi-factor authentication for all remote access');
    expect(byClause.get('SR-2')).toContain('Security event logs retained for twelve months');
    expect(byClause.get('C.2.1')).toMatch(/^Pre-employment screening .* criminal records\.$/);
    expect(result.obligations.some((o) => /pay its staff/.test(o.text))).toBe(false);
  });
});
