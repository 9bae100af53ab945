import { describe, expect, it } from 'vitest';
import { stemsOf } from './response-sentences';
import { writeResponse } from './response-writer';

/** How a requirement is parted and which parts the evidence shows: numbers, frequencies, other words, settings switched off. */
describe('writeResponse: the parts of a requirement', () => {
  it('says which part the evidence does not show, and then does not claim the requirement is met', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt data in transit with TLS 1.2 or higher and encrypt laptops with full-disk encryption.' },
      evidence: [{ name: 'Cryptography Standard', excerpt: 'Data in transit over public networks must be encrypted with TLS 1.2 or higher.' }],
    });
    expect(text).toMatch(/^Our Cryptography Standard covers part of this requirement\./);
    expect(text).toContain('Not yet covered by the linked evidence: encrypt laptops with full-disk encryption.');
    expect(text).not.toMatch(/we meet/i);
  });

  it('says a part is not covered when the evidence states a weaker number than required', () => {
    const text = writeResponse({
      requirement: { text: 'Review privileged user access at least quarterly.' },
      evidence: [{ name: 'Access Review Standard', excerpt: 'Privileged user access is reviewed by system owners every six months and the results are kept for audit.' }],
    });
    expect(text).toMatch(/^Our Access Review Standard covers part of this requirement\./);
    expect(text).toMatch(/Not yet covered by the linked evidence: review privileged user access at least quarterly\./);
  });

  it('says a part is not covered when the sentences about it name a less frequent run than required', () => {
    const text = writeResponse({
      requirement: { text: 'Back up production systems daily and test restoration at least quarterly.' },
      evidence: [{ name: 'Backup Standard', excerpt: 'Production servers are backed up every night by Veeam. A sample restore of one database is performed once a year and the result is recorded.' }],
    });
    expect(text).toMatch(/Not yet covered by the linked evidence: test restoration at least quarterly\./);
    expect(text).toContain('backed up every night by Veeam');
  });

  it('takes an example or what a part is for as showing it, and a leading condition as no part of its own', () => {
    const example = writeResponse({
      requirement: { text: 'Require phishing-resistant MFA, such as FIDO2 security keys, for all administrator accounts.' },
      evidence: [{ name: 'Admin Sign-in Policy', excerpt: 'All administrator accounts sign in with FIDO2 security keys; other factors are refused for these accounts.' }],
    });
    expect(example).toMatch(/^We meet this requirement through our Admin Sign-in Policy\./);
    const purpose = writeResponse({
      requirement: { text: 'Keep production backups immutable for 30 days, so that no administrator can delete or alter them.' },
      evidence: [{ name: 'Backup Standard', excerpt: 'Production backup buckets use Object Lock in compliance mode for 35 days. No administrator, including the root account, can delete or alter a locked backup.' }],
    });
    expect(purpose).not.toMatch(/not (?:yet )?covered/i);
    const condition = writeResponse({
      requirement: { text: 'Before new employees are given system access, complete background screening.' },
      evidence: [{ name: 'Joiner Procedure', excerpt: 'HR completes background screening for every new employee, and IT creates the account only after screening has cleared.' }],
    });
    expect(condition).toMatch(/^We meet this requirement through our Joiner Procedure\./);
  });

  it('names a part that asks for a block as not covered when the setting for that block is switched off', () => {
    const text = writeResponse({
      requirement: { text: 'Require a passcode on personal devices, and block access from jailbroken devices.' },
      evidence: [{ name: 'intune_byod_policy.json', excerpt: '{"displayName": "BYOD baseline", "passcodeRequired": true, "securityBlockJailbrokenDevices": false}' }],
    });
    expect(text).toMatch(/^Our Intune BYOD Policy covers part of this requirement\./i);
    expect(text).toMatch(/Not yet covered by the linked evidence: block access from jailbroken devices\./);
  });

  it('keeps a list of single things one part, so a list item said in other words is no gap of its own', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt laptops, phones and tablets.' },
      evidence: [{ name: 'Device Standard', excerpt: '2.1 Encryption All laptops and mobile devices are encrypted through Intune compliance policies before they can reach company data.' }],
    });
    expect(text).toContain('All laptops and mobile devices are encrypted through Intune');
    expect(text).not.toMatch(/not (?:yet )?covered/i);
  });

  it('keeps what a part applies to with it, and two describing words joined by "and" in one part', () => {
    const text = writeResponse({
      requirement: { text: 'Conduct an accurate and thorough assessment of risks to ePHI, at least annually.' },
      evidence: [{ name: 'Risk Procedure', excerpt: 'Every year the privacy office carries out a thorough risk analysis covering all ePHI and records each risk in the register.' }],
    });
    expect(text).toMatch(/^We meet this requirement through our Risk Procedure\./);
  });

  it('takes a long part as shown when the evidence shows what it asks done and what it is done to', () => {
    const text = writeResponse({
      requirement: { text: 'Revoke all system access of departing workers no later than their last working day.' },
      evidence: [{ name: 'Leaver Procedure', excerpt: 'On the leaving date the identity connector disables the account and revokes all access tokens.' }],
    });
    expect(text).toMatch(/^We meet this requirement through our Leaver Procedure\./);
    expect(text).not.toMatch(/not (?:yet )?covered/i);
  });

  it('picks a setting that opens a part nothing shows yet even when a weaker sentence shares more words', () => {
    const text = writeResponse({
      requirement: { text: 'Back up critical systems at least daily and encrypt the backups.' },
      evidence: [{ name: 'backup_job_config.txt', excerpt: 'Job name: PROD-FILES\nSchedule: Daily at 01:30\nBackup mode: Incremental\nStorage encryption: Enabled (AES-256)' }],
    });
    expect(text).toContain('Storage encryption: Enabled (AES-256)');
    expect(text).not.toMatch(/Not yet covered[^.]*encrypt/);
  });

  it('reads a control written in other words as meeting the requirement (credentialed scans, a weekly run for a monthly one)', () => {
    const text = writeResponse({
      requirement: { text: 'Scan internal systems for vulnerabilities at least monthly using authenticated scans.' },
      evidence: [{ name: 'vulnerability_management_procedure.docx', excerpt: '3.2 Scanning Tenable runs credentialed vulnerability scans of all internal server ranges every week.' }],
    });
    expect(text).toMatch(/^We meet this requirement through our Vulnerability Management Procedure\./);
    expect(text).toContain('Tenable runs credentialed vulnerability scans of all internal server ranges every week (Vulnerability Management Procedure, section 3.2 (Scanning)).');
    expect(text).not.toMatch(/not (?:yet )?covered/i);
  });

  it('reads a noun and its verb as the same word (a verification verifies), in either spelling', () => {
    const text = writeResponse({
      requirement: { text: 'Require identity verification of every caller before a password reset, and log each reset.' },
      evidence: [{ name: 'Service Desk Procedure', excerpt: 'Service desk agents verify the caller against two HR attributes before any reset. Every reset is logged in the ticket.' }],
    });
    expect(text).toMatch(/^We meet this requirement through our Service Desk Procedure\./);
    expect(text).not.toMatch(/not (?:yet )?covered/i);
    expect(stemsOf('authorized by the owner')).toEqual(stemsOf('authorisation by the owner'));
    expect(stemsOf('the maintenance of the generator')).toEqual(stemsOf('maintain the generator'));
    expect(stemsOf('size')).toEqual(['size']);
  });

  it('takes approval as something a part asks for, and quotes the sentence that says who approves', () => {
    const text = writeResponse({
      requirement: { text: 'Test firewall rule changes before release and have each change approved.' },
      evidence: [{ name: 'Firewall Standard', excerpt: 'Firewall rule changes are tested in the staging firewall before release. Each change ticket is approved by the network lead.' }],
    });
    expect(text).toContain('Each change ticket is approved by the network lead (Firewall Standard).');
  });

  it('takes the part a requirement leads with as shown by evidence of all its other parts, unless a sentence says it is not done', () => {
    const requirement = { text: 'Watch the plant network for unusual traffic with a listen-only sensor, and send its alerts to the security operations centre.' };
    const alerts = 'Its alerts are sent to Sentinel, where the security operations centre triages them.';
    const shown = writeResponse({ requirement, evidence: [{ name: 'OT Monitoring Note', excerpt: `A Guardian appliance listens on a SPAN port of the plant core switch and learns normal PLC conversations. ${alerts}` }] });
    expect(shown).toMatch(/^We meet this requirement through our OT Monitoring Note\./);
    expect(shown).toContain('listens on a SPAN port of the plant core switch');
    const undone = writeResponse({ requirement, evidence: [{ name: 'OT Monitoring Note', excerpt: `A sensor for the plant network has not been bought yet. ${alerts}` }] });
    expect(undone).toContain('Not yet covered by the linked evidence: watch the plant network for unusual traffic with a listen-only sensor.');
    expect(undone).not.toMatch(/we meet/i);
  });

  it('keeps two places joined by "and" in one part when what follows says where or for what', () => {
    const text = writeResponse({
      requirement: { text: 'Inspect the card terminals at the front desk and restaurant for tampering every week, and train staff to spot skimmers.' },
      evidence: [{ name: 'Retail Procedure', excerpt: 'Front desk and restaurant staff complete the skimmer awareness module in the LMS each year.' }],
    });
    expect(text).toContain('Not yet covered by the linked evidence: inspect the card terminals at the front desk and restaurant for tampering every week.');
  });

  it('keeps two describing words before one noun in one part ("standard, non-privileged accounts")', () => {
    const text = writeResponse({
      requirement: { text: 'Limit administrator rights on lab workstations to dedicated admin accounts, and make sure daily work is done with standard, non-privileged accounts.' },
      evidence: [{ name: 'Workstation Build', excerpt: 'The lab workstation build is joined to the domain and patched monthly.' }],
    });
    expect(text).toContain('make sure daily work is done with standard, non-privileged accounts');
  });

  it('reads patches deployed as patches installed, so a number the evidence meets shows a long part', () => {
    const text = writeResponse({
      requirement: { text: 'Protect all system components from known vulnerabilities by installing critical security patches within one month of their release.' },
      evidence: [{ name: 'Patch Standard', excerpt: '2.1 Critical: deployed within 14 days of release on workstations, servers and network appliances. High: within 30 days.' }],
    });
    expect(text).toMatch(/^We meet this requirement through our Patch Standard\./);
  });

  it('keeps a term its abbreviation spells out as one part, and writes initialisms of file names in capitals', () => {
    const text = writeResponse({
      requirement: { text: 'Endpoint detection and response (EDR) software is installed on all servers, with tamper protection enabled.' },
      evidence: [{ name: 'edr_policy_export.txt', excerpt: 'Assigned host groups: All Servers\nSensor tamper protection: On\nSensor version: 7.14' }],
    });
    expect(text).toContain('(EDR Policy Export)');
    expect(text).not.toMatch(/Not yet covered[^.]*endpoint detection/i);
  });

  it('reads products and abbreviations as the controls they are (an SBOM, a screening provider, a second approver)', () => {
    const text = writeResponse({
      requirement: { text: 'Produce a software bill of materials for every released build and keep it with the release.' },
      evidence: [{ name: 'Release Handbook', excerpt: 'Each release pipeline run generates a CycloneDX SBOM listing all components. The SBOM is uploaded alongside the release artefact and kept as long as the release is supported.' }],
    });
    expect(text).toMatch(/^We meet this requirement through our Release Handbook\./);
  });

  it('compares a number with the sentence most about its part (the recovery time objective, not the recovery point objective beside it)', () => {
    const text = writeResponse({
      requirement: { text: 'Maintain a disaster recovery plan with a recovery time objective of no more than 4 hours, and test it at least annually.' },
      evidence: [{ name: 'Disaster Recovery Plan', excerpt: '2.1 Recovery point objective: 15 minutes, met by point-in-time recovery. 2.2 Recovery time objective: 8 hours for full service restoration. 2.3 The plan is tested every year by failing over the staging environment.' }],
    });
    expect(text).toMatch(/Not yet covered by the linked evidence: [^.]*recovery time objective of no more than 4 hours/);
  });

  it('keeps a pair that names one thing in one part, and reads four months a year as quarterly', () => {
    const pair = writeResponse({
      requirement: { text: 'Record the user and the date and time of every access to criminal history records.' },
      evidence: [{ name: 'Audit Logging Standard', excerpt: 'Every access to criminal history records is logged with the user ID and a timestamp.' }],
    });
    expect(pair).not.toMatch(/Not yet covered by the linked evidence: [^.]*\btime\b/);
    const months = writeResponse({
      requirement: { text: 'Review user access to the dispensing system at least quarterly.' },
      evidence: [{ name: 'Access Review Procedure', excerpt: 'Managers review user access to the dispensing system in a certification campaign launched in January, April, July and October.' }],
    });
    expect(months).toMatch(/^We meet this requirement through our Access Review Procedure\./);
  });

  it('names a part a configuration shows switched off as not covered, unless the part asks for it off', () => {
    const off = writeResponse({
      requirement: { text: 'Back up critical systems daily and encrypt all backup data.' },
      evidence: [{ name: 'veeam_job_report.txt', excerpt: 'Job: PROD-SQL backup | Schedule: daily 23:00 | Last result: Success | Encryption: Disabled' }],
    });
    expect(off).toMatch(/^Our Veeam Job Report covers part of this requirement\./);
    expect(off).toContain('Not yet covered by the linked evidence: encrypt all backup data.');
    const asked = writeResponse({
      requirement: { text: 'Disable SMS as an authentication factor for administrators.' },
      evidence: [{ name: 'okta_admin_policy.txt', excerpt: 'policy_name: Admin sign-on\nassigned_groups: Administrators\nsms_factor_enabled: false\nfactor_required: true' }],
    });
    expect(asked).not.toMatch(/not (?:yet )?covered/i);
  });

  it('takes a part as shown by a sentence whose number meets it', () => {
    const text = writeResponse({
      requirement: { text: 'Verify the identity of the requester and respond to data subject access requests within one month of receipt.' },
      evidence: [{ name: 'DSAR Procedure', excerpt: '2 Handling The Privacy Desk verifies the identity of the requester against two data points before any search. The response pack is sent within 30 calendar days of receipt of the request.' }],
    });
    expect(text).toMatch(/^We meet this requirement/);
    expect(text).toContain('within 30 calendar days of receipt');
  });

  it('takes a list of verbs as one part of the requirement', () => {
    const text = writeResponse({
      requirement: { text: 'Sign a business associate agreement before any vendor creates, receives, maintains or transmits PHI for us.' },
      evidence: [{ name: 'Vendor Onboarding Checklist', excerpt: 'If the vendor will handle PHI, Legal confirms the business associate agreement has been signed before any vendor access is granted.' }],
    });
    expect(text).not.toMatch(/Not yet covered by the linked evidence: receives/);
  });

  it('names a part a JSON export shows switched off as not covered', () => {
    const text = writeResponse({
      requirement: { text: 'Windows laptops must have BitLocker encryption enabled and the firewall turned on.' },
      evidence: [{ name: 'intune_win10_compliance.json', excerpt: '{"displayName": "Win10 laptops", "bitLockerEnabled": true, "activeFirewallRequired": false}' }],
    });
    expect(text).toMatch(/Not yet covered by the linked evidence: [^.]*firewall/);
    expect(text).not.toMatch(/we meet/i);
  });

  it('keeps describing words before a comma with what they describe when it names a part not covered', () => {
    const text = writeResponse({
      requirement: { text: 'Assign a unique user ID to every person, and prohibit shared, group or generic accounts.' },
      evidence: [{ name: 'Identity Standard', excerpt: '3.1 Every person who signs in is issued a unique user ID by the Service Desk when they join.' }],
    });
    expect(text).toContain('Not yet covered by the linked evidence: prohibit shared, group or generic accounts.');
  });

  it('keeps a clause after a comma its own part when the word before the comma ends what is required', () => {
    const cases: Array<[string, string, string]> = [
      ['User accounts must be reviewed, inactive accounts removed after 90 days.', 'User accounts are reviewed by their owners every quarter.', 'inactive accounts removed after 90 days'],
      ['Audit logs must be protected, access restricted to administrators.', 'Audit logs are protected with write-once storage in the SIEM.', 'access restricted to administrators'],
      ['Backups must be encrypted, copies stored offsite.', 'Backups are encrypted with AES-256 before they leave the host.', 'copies stored offsite'],
    ];
    for (const [requirement, passage, missing] of cases) {
      const text = writeResponse({ requirement: { text: requirement }, evidence: [{ name: 'Standard', excerpt: passage }] });
      expect(text).toContain(`Not yet covered by the linked evidence: ${missing}.`);
    }
  });

  it('reads "backed up" as the backup a requirement to back up asks for', () => {
    const text = writeResponse({
      requirement: { text: 'Back up critical systems and data automatically at least weekly, and monitor every backup job for success.' },
      evidence: [{ name: 'Backup Standard', excerpt: '3.2 Production databases are backed up every night by Veeam to an immutable repository, and backup data is encrypted with AES-256.' }],
    });
    expect(text).not.toMatch(/Not yet covered by the linked evidence: back up critical systems/);
    expect(text).toMatch(/Not yet covered by the linked evidence: [^.]*monitor every backup job for success/);
  });
});
