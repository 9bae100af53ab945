import { describe, expect, it } from 'vitest';
import { guessDocumentType } from './document-type';

describe('guessDocumentType', () => {
  it.each([
    ['SOC2 Type II 2024.pdf', 'Independent service auditor report. Trust services criteria. No exceptions noted.', 'SOC 2 Report'],
    ['pentest-2025.pdf', 'Executive summary of findings. Retest confirmed fixes.', 'Penetration Test'],
    ['cert.pdf', 'CERTIFICATE OF REGISTRATION\nThis is to certify that the management system conforms to ISO/IEC 27001.', 'Certificate'],
    ['IA-2025-03.pdf', 'INTERNAL AUDIT REPORT\nFinding 1 (minor nonconformity). Corrective action due.', 'Audit Report'],
    ['Backup SOP.docx', 'Backup Procedure\nStep 1 raise a change. Step 2 restore.', 'Procedure'],
    ['Access Control Policy.docx', 'ACCESS CONTROL POLICY\nUsers must use multi-factor authentication.', 'Policy'],
    ['scan-results.pdf', 'Vulnerability Scan Report\nSummary by severity: Critical 2, High 11.', 'Report'],
    ['minutes.docx', 'Minutes of the steering committee. Attendees: CEO, CISO.', 'Other'],
  ])('%s → %s', (fileName, text, expected) => {
    expect(guessDocumentType(fileName, text)).toBe(expected);
  });

  it('recognises configuration exports by their lines, whatever the name', () => {
    expect(guessDocumentType('export.txt', '{\n  "MinimumPasswordLength": 14,\n  "RequireSymbols": true,\n  "MaxAge": 90\n}')).toBe('Configuration');
    expect(guessDocumentType('fw.conf', 'config firewall policy\n    edit 10\n        set action accept\n    next\nend')).toBe('Configuration');
  });

  it('calls an image with a little text a screenshot', () => {
    expect(guessDocumentType('okta-mfa.png', 'MFA required: Always\nStatus: Active')).toBe('Screenshot');
  });
});
