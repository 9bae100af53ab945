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
    expect(guessDocumentType('workstations.csv', 'Setting\tValue\nTamper protection\tEnabled\nCloud detection\tAggressive\nScript monitoring\tEnabled\nUSB mass storage\tBlock')).toBe('Configuration');
    expect(guessDocumentType('sp-metadata.xml', '<?xml version="1.0"?>\n<md:EntityDescriptor entityID="https://sso.example/saml">\n  <md:SPSSODescriptor WantAssertionsSigned="true">\n  </md:SPSSODescriptor>\n</md:EntityDescriptor>')).toBe('Configuration');
    expect(guessDocumentType('fw.conf', 'config firewall policy\n    edit 10\n        set action accept\n    next\nend')).toBe('Configuration');
  });

  it.each([
    [
      'Policy',
      'Handling rules\nApproved by: Board | Effective 1 March 2025 | Next review March 2026\n1. Purpose\nThese rules say how we handle data.\n2. Rules\nRestricted data is encrypted when sent outside the company. Printed documents are shredded. Removable media is not permitted.',
    ],
    [
      'Procedure',
      'How we grant access to finance systems\nWho does what\nThe manager requests, the owner approves.\nFirst, the manager raises a ticket. Next, the owner checks the role. Then the service desk creates the account. Finally, the ticket is closed.',
    ],
    ['Policy', 'How long we keep records\nApproved by the Governing Body.\nRecord\tRetention period\tAction\nPayroll\t6 years\tDestroy\nCCTV\t30 days\tOverwrite'],
    [
      'Audit Report',
      'Dear Committee Members\nAs part of our audit of the financial statements we considered IT general controls. We noted a deficiency in leaver access.\nYours faithfully\nStatutory auditors',
    ],
    [
      'Penetration Test',
      'To whom it may concern\nWe performed security testing of the booking platform in March and retested the high risk issue in April; it is fixed.\nYours faithfully\nPrincipal Consultant',
    ],
    ['Report', 'SSO outage 22 May\nWhat happened\nLogins failed for 75 minutes.\nTimeline\n08:02 alert\n09:17 resolved\nRoot cause\nA certificate was rotated.\nFollow-up actions\n1. Add a check.'],
    [
      'Report',
      'Firewall rule review - H1 2025\nSummary\n412 rules were reviewed and 37 were removed (9%).\nResults by category\nUnused\t29\tRemoved\nToo broad\t8\tTightened',
    ],
    [
      'SOC 2 Report',
      'Independent service auditor report - Section IV\nControl 6.1: MFA is required.\nTest performed: inspected configuration.\nResults of tests: no exceptions noted.\nSummary\nAll 40 controls were tested; 1 exception was noted (2.5%).',
    ],
    ['Report', 'Data Protection Impact Assessment - HR system\nRisks identified\nUnauthorised access\tPossible\tMedium\nOutcome\nResidual risk is low; processing may go ahead.'],
    ['Report', 'Restore tests 2025\nDate\tSystem\tTime to restore\tResult\n14/01/2025\tFile share\t42 min\tPass\n11/02/2025\tCRM\t1 h\tPass\n08/04/2025\tERP\t3 h\tFail\n13/05/2025\tDomain controller\t55 min\tPass'],
    [
      'Certificate',
      'Greyhaven IT Recovery Ltd\nUnit 4, Trading Estate\nWolverhampton WV2 4RF\nISO 9001 | ISO 14001\nCERTIFICATE OF DATA DESTRUCTION\nAsset\tSerial\tResult\nLaptop\tSN1\tPass\nLaptop\tSN2\tPass\nDisk\tSN3\tPass',
    ],
    [
      'Procedure',
      'Visitors to the office\nBefore the visit\nThe host books the visitor in the system.\nOn arrival\nReception checks the photo ID and prints a badge. The host collects the visitor from reception.\nLeaving\nReception collects the badge and records the time out.',
    ],
    [
      'Audit Report',
      'PCI DSS Attestation of Compliance (excerpt)\nPart 1. Service Provider and Qualified Security Assessor Information\nQSA company: Veritas LLP | Lead QSA: M. Ruiz\nPart 3. Validation\nBased on the Report on Compliance, all requirements are In Place.\nSigned by the Lead QSA.',
    ],
    [
      'Screenshot',
      '[Page 1 of 2 - captured 2025-03-02 09:14 by it-admin]\nGoogle Workspace Admin console\nSecurity > Authentication > 2-step verification\nAllow users to turn on 2-step verification\nEnforcement\tOn\nNew user enrollment period\t1 week\nFrequency\tAllow the user to trust the device',
    ],
    [
      'Other',
      'SUPPLIER RISK ASSESSMENT RECORD\nSupplier: Northgate Payroll Ltd\nAssessment completed: 02/04/2025\nRisk rating: Medium\nEvidence received\nItem\tReceived\nISO 27001 certificate\tYes\nSOC 2 report\tYes\nResidual risk: approved by the Head of Risk.',
    ],
    [
      'Procedure',
      'Service outages - who we tell and when\nStaff\nThe service desk manager sends a banner to the intranet within the hour.\nCustomers\nThe account team contacts every affected customer by phone.',
    ],
    [
      'Procedure',
      'Data breaches\nThe DPO decides whether the breach is notifiable. The CISO informs the board the same day. The IT service desk records the ticket. The DPO notifies the regulator within 72 hours. The HR business partner contacts the staff member. The CISO closes the incident.',
    ],
    [
      'Policy',
      'Screen locking\nScreens lock automatically after 15 minutes of inactivity.\nYou must lock your screen when you leave your desk.\nYou must not write passwords down.\nYou must report a lost laptop the same day.\nThis standard applies to all staff and contractors.',
    ],
  ])('reads a %s from its structure, whatever the file is called', (expected, text) => {
    expect(guessDocumentType('upload.pdf', text)).toBe(expected);
  });

  it('calls an image with a little text a screenshot', () => {
    expect(guessDocumentType('okta-mfa.png', 'MFA required: Always\nStatus: Active')).toBe('Screenshot');
  });
});
