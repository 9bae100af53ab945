import { describe, expect, it } from 'vitest';
import { writeResponse } from './response-writer';

describe('writeResponse', () => {
  it('says how the requirement is met, in our voice, each claim followed by its document and section', () => {
    const text = writeResponse({
      requirement: { text: 'Require multi-factor authentication for all remote access.' },
      evidence: [
        { name: 'Access Control Policy', excerpt: '4.2 Remote Access All remote access must use multi-factor authentication. The office has a kitchen.' },
        { name: 'okta_mfa_policy.png', excerpt: 'MFA required for remote access: Always. Factors: FIDO2 and Okta Verify.' },
      ],
    });
    expect(text).toMatch(/^We meet this requirement through our Access Control Policy/);
    expect(text).toContain('All remote access must use multi-factor authentication (Access Control Policy, section 4.2 (Remote Access)).');
    expect(text).not.toContain('kitchen');
    expect(text).not.toMatch(/okta_mfa_policy|\.png/);
    expect(text).not.toMatch(/not (?:yet )?covered/i);
  });

  it('says which part the evidence does not show, and then does not claim the requirement is met', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt data in transit with TLS 1.2 or higher and encrypt laptops with full-disk encryption.' },
      evidence: [{ name: 'Cryptography Standard', excerpt: 'Data in transit over public networks must be encrypted with TLS 1.2 or higher.' }],
    });
    expect(text).toMatch(/^Our Cryptography Standard covers part of this requirement\./);
    expect(text).toContain('Not yet covered by the linked evidence: encrypt laptops with full-disk encryption.');
    expect(text).not.toMatch(/we meet/i);
  });

  it('does not offer an exception clause or a sanction as the control', () => {
    const text = writeResponse({
      requirement: { text: 'Record identified risks in a risk register with an owner, treatment decision and target date.' },
      evidence: [{ name: 'Access Control Policy', excerpt: 'Exceptions to this policy must be approved by the CISO and recorded in the exceptions register. Violations may lead to disciplinary action.' }],
    });
    expect(text).not.toContain('exceptions register');
    expect(text).toMatch(/does not show how we record identified risks/);
  });

  it('does not offer a sentence reporting that something was not done as the control', () => {
    const text = writeResponse({
      requirement: { text: 'Retest every remediated high finding of the penetration test.' },
      evidence: [{ name: 'Penetration Test Summary', excerpt: 'Two high findings were remediated in April. A retest of the remediated findings was not in scope for this engagement.' }],
    });
    expect(text).not.toContain('A retest of the remediated findings was not in scope');
  });

  it('does not take a number that ends a setting for a section number', () => {
    const text = writeResponse({
      requirement: { text: 'Disable the accounts of leavers on or before their leaving date.' },
      evidence: [{ name: 'Leaver KPI Report', excerpt: 'Leavers in March: 38. Accounts disabled on or before leaving date: 38 (100%). Average notice period: 27 days.' }],
    });
    expect(text).toContain('Accounts disabled on or before leaving date: 38 (100%) (Leaver KPI Report).');
    expect(text).not.toMatch(/section 38/);
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

  it('drops a sentence cut off at either end', () => {
    const text = writeResponse({
      requirement: { text: 'Review user access rights every quarter.' },
      evidence: [{ name: 'Access Control Policy', excerpt: 'and approved by the line manager. System owners review all user accounts every quarter. Accounts are reviewed by' }],
    });
    expect(text).toContain('System owners review all user accounts every quarter (Access Control Policy).');
    expect(text).not.toMatch(/line manager|reviewed by/);
  });

  it('says what is missing instead of inventing an answer when there is no evidence', () => {
    const text = writeResponse({ requirement: { text: 'Test backups quarterly.' }, evidence: [] });
    expect(text).toMatch(/No evidence is linked/);
    expect(text).toContain('test backups quarterly');
  });

  it('cites the section each sentence sits in, not the first section of the passage', () => {
    const text = writeResponse({
      requirement: { text: 'Require multi-factor authentication for all remote network access.' },
      evidence: [{ name: 'Access Control Policy', excerpt: '', passage: '3. Least privilege. Access is granted by role. 4. Multi-factor authentication. Multi-factor authentication is required for all remote access.' }],
    });
    expect(text).toContain('Multi-factor authentication is required for all remote access (Access Control Policy, section 4 (Multi-factor authentication)).');
  });

  it('takes a section number inside a passage as the start of a section, and words a statement-form requirement with "that"', () => {
    const text = writeResponse({
      requirement: { text: 'Security logs are collected centrally in a SIEM.' },
      evidence: [{ name: 'Logging Standard', excerpt: '', passage: 'Alerts are kept. 4.1 Collection Authentication logs from all production systems are collected centrally in Microsoft Sentinel.' }],
    });
    expect(text).toContain('Authentication logs from all production systems are collected centrally in Microsoft Sentinel (Logging Standard, section 4.1 (Collection)).');
    const none = writeResponse({ requirement: { text: 'Security logs are collected centrally in a SIEM.' }, evidence: [{ name: 'Logging Standard', excerpt: '', passage: 'Exceptions to logging need CISO approval.' }] });
    expect(none).toContain('does not show that security logs are collected centrally in a SIEM.');
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

  it('keeps a term its abbreviation spells out as one part, and writes initialisms of file names in capitals', () => {
    const text = writeResponse({
      requirement: { text: 'Endpoint detection and response (EDR) software is installed on all servers, with tamper protection enabled.' },
      evidence: [{ name: 'edr_policy_export.txt', excerpt: 'Assigned host groups: All Servers\nSensor tamper protection: On\nSensor version: 7.14' }],
    });
    expect(text).toContain('(EDR Policy Export)');
    expect(text).not.toMatch(/Not yet covered[^.]*endpoint detection/i);
  });

  it('starts the sentence after a heading in sentence case, and does not take a heading word for its subject', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt customer data in transit over public networks with TLS 1.2 or higher.' },
      evidence: [{ name: 'Cryptography Standard', excerpt: '4.1 Data at rest Backups are encrypted with AES-256. 4.2 Data in transit Connections that carry customer data over public networks use TLS 1.2 or TLS 1.3.' }],
    });
    expect(text).toContain('Connections that carry customer data over public networks use TLS 1.2 or TLS 1.3 (Cryptography Standard, section 4.2 (Data in transit)).');
  });

  it('keeps a sentence whole across a domain name, a file name and an article number', () => {
    const text = writeResponse({
      requirement: { text: 'Authenticate outbound email with SPF and DKIM.' },
      evidence: [{ name: 'Email Security Standard', excerpt: '2.3 Domain authentication Both sending domains (example-energy.com and example-energy.co.uk) publish SPF and sign outbound mail with DKIM, as Art. 5 of the mail_standard.docx requires. Marketing mail uses a subdomain.' }],
    });
    expect(text).toContain('Both sending domains (example-energy.com and example-energy.co.uk) publish SPF and sign outbound mail with DKIM, as Art. 5 of the mail_standard.docx requires (Email Security Standard');
    expect(text).not.toMatch(/not (?:yet )?covered/i);
  });

  it('does not offer a plan for later, an allowance or who owns an area as the control', () => {
    const planned = writeResponse({
      requirement: { text: 'Enable access logging on every storage bucket.' },
      evidence: [{ name: 'Cloud Security Standard', excerpt: '7.1 Storage Access logging will be enabled on every storage bucket once the log archive account is live. Bucket names follow the naming convention.' }],
    });
    expect(planned).not.toContain('will be enabled');
    expect(planned).toMatch(/does not show how we enable access logging/);
    const allowance = writeResponse({
      requirement: { text: 'Record all entrances to the data centre on CCTV.' },
      evidence: [{ name: 'Physical Security Standard', excerpt: 'Small branch sites may use a monitored alarm on all entrances instead of CCTV recording.' }],
    });
    expect(allowance).not.toContain('monitored alarm');
    const owner = writeResponse({
      requirement: { text: 'Test the business continuity plan at least annually through an exercise.' },
      evidence: [{ name: 'Business Continuity Policy', excerpt: 'The COO is the executive owner of the business continuity plan and its exercise programme.' }],
    });
    expect(owner).not.toContain('executive owner');
    expect(owner).toMatch(/does not show how we test the business continuity plan/);
  });

  it('does not offer a permission, a review under way, a work item due later or a statement of importance as the control', () => {
    const requirement = { text: 'Complete background checks on all new employees before they are given access to company systems.' };
    for (const excerpt of [
      'The Bank may carry out pre-employment screening where permitted by local law.',
      'Screening for contractors and new employees is under review by HR.',
      'Background checks for all new employees: schedule to be completed by Q3.',
      'Security is everyone\'s responsibility, and checks on new employees help protect company systems.',
    ]) {
      const text = writeResponse({ requirement, evidence: [{ name: 'People Handbook', excerpt }] });
      expect(text, excerpt).toMatch(/does not show how we complete background checks/);
    }
  });

  it('reads products and abbreviations as the controls they are (an SBOM, a screening provider, a second approver)', () => {
    const text = writeResponse({
      requirement: { text: 'Produce a software bill of materials for every released build and keep it with the release.' },
      evidence: [{ name: 'Release Handbook', excerpt: 'Each release pipeline run generates a CycloneDX SBOM listing all components. The SBOM is uploaded alongside the release artefact and kept as long as the release is supported.' }],
    });
    expect(text).toMatch(/^We meet this requirement through our Release Handbook\./);
  });

  it('names a part as not covered when the evidence says it was switched off or is on hold, and does not offer that sentence', () => {
    const text = writeResponse({
      requirement: { text: 'Require multi-factor authentication for all vendor remote access, and record every vendor session.' },
      evidence: [{ name: 'Vendor Access Procedure', excerpt: '4.1 Each vendor user signs in with a named account and an Authenticator app prompt for multi-factor authentication. 4.2 Session recording was switched off in 2023 because of storage limits.' }],
    });
    expect(text).toMatch(/^Our Vendor Access Procedure covers part of this requirement\./);
    expect(text).toMatch(/Not yet covered by the linked evidence: record every vendor session\./);
    expect(text).not.toContain('switched off');
  });

  it('compares a number with the sentence most about its part (the recovery time objective, not the recovery point objective beside it)', () => {
    const text = writeResponse({
      requirement: { text: 'Maintain a disaster recovery plan with a recovery time objective of no more than 4 hours, and test it at least annually.' },
      evidence: [{ name: 'Disaster Recovery Plan', excerpt: '2.1 Recovery point objective: 15 minutes, met by point-in-time recovery. 2.2 Recovery time objective: 8 hours for full service restoration. 2.3 The plan is tested every year by failing over the staging environment.' }],
    });
    expect(text).toMatch(/Not yet covered by the linked evidence: [^.]*recovery time objective of no more than 4 hours/);
  });

  it('does not take a sentence that opens with its purpose for one run into a heading', () => {
    const text = writeResponse({
      requirement: { text: 'Keep retrievable exact copies of patient data and test restores monthly.' },
      evidence: [{ name: 'Backup Policy', excerpt: '4. Backups. To protect Ebbsfield Regional Hospital against the loss of patient data, exact copies are taken nightly and restores are tested monthly.' }],
    });
    expect(text).toContain('To protect Ebbsfield Regional Hospital against the loss of patient data');
  });

  it('cites an exhibit or a schedule by its own name, a numbered part as a section', () => {
    const text = writeResponse({
      requirement: { text: 'Have each vendor employee with access sign the security addendum before access is granted.' },
      evidence: [{ name: 'Master Services Agreement', section: 'Exhibit D', excerpt: 'Each employee of the Contractor with access shall sign the security addendum certification before access is granted.' }],
    });
    expect(text).toContain('before access is granted (Master Services Agreement, Exhibit D).');
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

  it('does not offer an action item from minutes as the control', () => {
    const text = writeResponse({
      requirement: { text: 'Run simulated phishing exercises for all staff at least quarterly.' },
      evidence: [{ name: 'IT Steering Minutes', excerpt: 'JT to propose a vendor for quarterly simulated phishing exercises for all staff.' }],
    });
    expect(text).toMatch(/does not show how we run simulated phishing exercises/);
  });

  it('does not take the opening words of a sentence for a heading run into it', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt the storage of all Windows laptops that access company data.' },
      evidence: [{ name: 'IT Projects Status Report', excerpt: 'Windows laptops in Production and Sales are encrypted with BitLocker through Intune, and all laptops that access company data report their encryption status daily.' }],
    });
    expect(text).toContain('Windows laptops in Production and Sales are encrypted with BitLocker');
  });

  it('reads a list of examples ending on "or" as examples, and an evaluation or a failed audit check as no control', () => {
    const examples = writeResponse({
      requirement: { text: 'Do not keep sensitive authentication data such as track data, card verification codes or PINs after authorisation.' },
      evidence: [{ name: 'Card Data Standard', excerpt: 'Sensitive authentication data is never kept after authorisation: the card verification code and track data go straight to the payment processor.' }],
    });
    expect(examples).toMatch(/^We meet this requirement through our Card Data Standard\./);
    const evaluating = writeResponse({
      requirement: { text: 'Scan all internal hosts for vulnerabilities at least quarterly.' },
      evidence: [{ name: 'Vulnerability Procedure', excerpt: 'The team is evaluating Tenable agents to scan all internal hosts for vulnerabilities each quarter from 2025.' }],
    });
    expect(evaluating).toMatch(/does not show how we scan all internal hosts/);
    const failed = writeResponse({
      requirement: { text: 'Document procedures to restore lost patient data from backups.' },
      evidence: [{ name: 'Internal Audit Report', excerpt: 'Finding 3: Infrastructure could not provide documented procedures to restore patient data from backups.' }],
    });
    expect(failed).toMatch(/does not show how we document procedures to restore lost patient data/);
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

  it('reads the lines of one configuration export together, so a setting its neighbours repeat still counts', () => {
    const text = writeResponse({
      requirement: { text: 'Block public access to all cloud storage buckets.' },
      evidence: [{ name: 'aws_s3_account_settings.txt', excerpt: 'BlockPublicAcls: true\nIgnorePublicAcls: true\nBlockPublicPolicy: true\nRestrictPublicBuckets: true' }],
    });
    expect(text).toMatch(/^We meet this requirement through our AWS S3 Account Settings\./);
    expect(text).toContain('BlockPublicAcls: true');
  });

  it('takes a part as shown by a sentence whose number meets it', () => {
    const text = writeResponse({
      requirement: { text: 'Verify the identity of the requester and respond to data subject access requests within one month of receipt.' },
      evidence: [{ name: 'DSAR Procedure', excerpt: '2 Handling The Privacy Desk verifies the identity of the requester against two data points before any search. The response pack is sent within 30 calendar days of receipt of the request.' }],
    });
    expect(text).toMatch(/^We meet this requirement/);
    expect(text).toContain('within 30 calendar days of receipt');
  });

  it('quotes the setting of a JSON export that shows the control', () => {
    const text = writeResponse({
      requirement: { text: 'Require an approving review of every change before it is merged into the main branch.' },
      evidence: [{ name: 'github_branch_protection_main.json', excerpt: '{"branch": "main", "required_pull_request_reviews": {"required_approving_review_count": 1, "dismiss_stale_reviews": true}, "allow_force_pushes": false}' }],
    });
    expect(text).toContain('"required_approving_review_count": 1');
    expect(text).not.toMatch(/not (?:yet )?covered/i);
  });

  it('takes a list of verbs as one part of the requirement', () => {
    const text = writeResponse({
      requirement: { text: 'Sign a business associate agreement before any vendor creates, receives, maintains or transmits PHI for us.' },
      evidence: [{ name: 'Vendor Onboarding Checklist', excerpt: 'If the vendor will handle PHI, Legal confirms the business associate agreement has been signed before any vendor access is granted.' }],
    });
    expect(text).not.toMatch(/Not yet covered by the linked evidence: receives/);
  });

  it('does not offer the items of a roadmap or a project charter as the control', () => {
    const text = writeResponse({
      requirement: { text: 'Enforce pod security standards that prevent privileged containers from running in production clusters.' },
      evidence: [
        { name: 'Platform Roadmap - Q3', excerpt: 'PLAT-118 Enforce pod security standards that prevent privileged containers in production clusters.' },
        { name: 'Cluster Notes', excerpt: 'Objective: enforce pod security standards for privileged containers in production clusters by March.' },
      ],
    });
    expect(text).toMatch(/touch on this topic but do not show/);
    expect(text).not.toContain('PLAT-118');
  });

  it('does not take a sentence\'s first word for a heading, and keeps a version number whole', () => {
    const text = writeResponse({
      requirement: { text: 'Classify all information into defined sensitivity levels based on the CIS Benchmark.' },
      evidence: [{ name: 'Information Classification Policy', excerpt: '3. Levels. All University information is assigned one of four sensitivity levels, derived from the CIS Benchmark v2.0.0, by its information owner.' }],
    });
    expect(text).toContain('All University information is assigned one of four sensitivity levels, derived from the CIS Benchmark v2.0.0, by its information owner');
    expect(text).not.toContain('section "All"');
  });

  it('names a part a JSON export shows switched off as not covered', () => {
    const text = writeResponse({
      requirement: { text: 'Windows laptops must have BitLocker encryption enabled and the firewall turned on.' },
      evidence: [{ name: 'intune_win10_compliance.json', excerpt: '{"displayName": "Win10 laptops", "bitLockerEnabled": true, "activeFirewallRequired": false}' }],
    });
    expect(text).toMatch(/Not yet covered by the linked evidence: [^.]*firewall/);
    expect(text).not.toMatch(/we meet/i);
  });

  it('does not offer a document\'s own review cycle, a charter\'s purpose, a slide of next steps or a vague request as the control', () => {
    const text = writeResponse({
      requirement: { text: 'Test the disaster recovery plan for the dispensing system at least annually and review the supplier assurance reports.' },
      evidence: [
        { name: 'IT Disaster Recovery Plan', excerpt: '1.2 Plan governance This disaster recovery plan is reviewed annually and after major changes by the plan owner.' },
        { name: 'Resilience Programme Charter', excerpt: 'This charter establishes the disaster recovery programme for the dispensing system and names its owner.' },
        { name: 'dr_testing_roadmap_2025.pptx', excerpt: 'Slide 4 - Next steps. Test the disaster recovery plan for the dispensing system at least annually from H2 2025.' },
        { name: 'Supplier Management Policy', excerpt: 'Critical suppliers may be asked to provide supplier assurance reports such as a SOC 2 report for review.' },
      ],
    });
    expect(text).toMatch(/touch on this topic but do not show/);
    for (const phrase of ['is reviewed annually', 'establishes', 'Next steps', 'may be asked']) expect(text).not.toContain(phrase);
  });

  it('does not take a frequency shown beside another control for a part, nor a placeholder or a statement of importance for the control', () => {
    const backup = writeResponse({
      requirement: { text: 'Back up production systems daily, encrypt the backups, and test restoration at least quarterly.' },
      evidence: [{ name: 'Backup Standard', excerpt: '4.1 Production databases are backed up every night by Veeam. 4.2 Backup data is encrypted with AES-256 before it leaves the site.' }],
    });
    expect(backup).toContain('Not yet covered by the linked evidence: test restoration at least quarterly.');
    const vague = writeResponse({
      requirement: { text: 'Deploy network intrusion detection at the internet perimeter and remove agents from devices no longer under contract.' },
      evidence: [
        { name: 'Network Security Policy', excerpt: 'Intrusion detection and prevention are key parts of a defence-in-depth strategy at the internet perimeter.' },
        { name: 'Client Offboarding Checklist', excerpt: 'Agent removal from devices no longer under contract: to be defined.' },
      ],
    });
    expect(vague).toMatch(/touch on this topic but do not show/);
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

  it('ends a sentence at a full stop after a word that only ends like an abbreviation', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt every laptop with full-disk encryption.' },
      evidence: [{ name: 'Endpoint Standard', excerpt: 'BitLocker full-disk encryption is enforced on every laptop. 12 exceptions were approved by the CISO this year.' }],
    });
    expect(text).toContain('BitLocker full-disk encryption is enforced on every laptop (Endpoint Standard).');
    expect(text).not.toContain('exceptions were approved');
  });

  it('keeps a sentence saying who is responsible for doing something, with or without an article', () => {
    const text = writeResponse({
      requirement: { text: 'Monitor security alerts and triage them within one hour.' },
      evidence: [{ name: 'SOC Procedure', excerpt: 'The SOC team is responsible for the monitoring of security alerts and triages each of them within one hour.' }],
    });
    expect(text).toMatch(/^We meet this requirement/);
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
