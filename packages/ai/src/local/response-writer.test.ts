import { describe, expect, it } from 'vitest';
import { writeResponse } from './response-writer';

/** The response as written: our voice, whole sentences, each cited by its document and section. */
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

  it('does not take a number that ends a setting for a section number', () => {
    const text = writeResponse({
      requirement: { text: 'Disable the accounts of leavers on or before their leaving date.' },
      evidence: [{ name: 'Leaver KPI Report', excerpt: 'Leavers in March: 38. Accounts disabled on or before leaving date: 38 (100%). Average notice period: 27 days.' }],
    });
    expect(text).toContain('Accounts disabled on or before leaving date: 38 (100%) (Leaver KPI Report).');
    expect(text).not.toMatch(/section 38/);
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

  it('starts the sentence after a heading in sentence case, and does not take a heading word for its subject', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt customer data in transit over public networks with TLS 1.2 or higher.' },
      evidence: [{ name: 'Cryptography Standard', excerpt: '4.1 Data at rest Backups are encrypted with AES-256. 4.2 Data in transit Connections that carry customer data over public networks use TLS 1.2 or TLS 1.3.' }],
    });
    expect(text).toContain('Connections that carry customer data over public networks use TLS 1.2 or TLS 1.3 (Cryptography Standard, section 4.2 (Data in transit)).');
  });

  it('keeps a sentence whole across a domain name and an article number', () => {
    const text = writeResponse({
      requirement: { text: 'Authenticate outbound email with SPF and DKIM.' },
      evidence: [{ name: 'Email Security Standard', excerpt: '2.3 Domain authentication Both sending domains (example-energy.com and example-energy.co.uk) publish SPF and sign outbound mail with DKIM, as Art. 5 of the Mail Standard requires. Marketing mail uses a subdomain.' }],
    });
    expect(text).toContain('Both sending domains (example-energy.com and example-energy.co.uk) publish SPF and sign outbound mail with DKIM, as Art. 5 of the Mail Standard requires (Email Security Standard');
    expect(text).not.toMatch(/not (?:yet )?covered/i);
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

  it('does not take the opening words of a sentence for a heading run into it', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt the storage of all Windows laptops that access company data.' },
      evidence: [{ name: 'IT Projects Status Report', excerpt: 'Windows laptops in Production and Sales are encrypted with BitLocker through Intune, and all laptops that access company data report their encryption status daily.' }],
    });
    expect(text).toContain('Windows laptops in Production and Sales are encrypted with BitLocker');
  });

  it('reads the lines of one configuration export together, so a setting its neighbours repeat still counts', () => {
    const text = writeResponse({
      requirement: { text: 'Block public access to all cloud storage buckets.' },
      evidence: [{ name: 'aws_s3_account_settings.txt', excerpt: 'BlockPublicAcls: true\nIgnorePublicAcls: true\nBlockPublicPolicy: true\nRestrictPublicBuckets: true' }],
    });
    expect(text).toMatch(/^We meet this requirement through our AWS S3 Account Settings\./);
    expect(text).toContain('BlockPublicAcls: true');
  });

  it('quotes the setting of a JSON export that shows the control', () => {
    const text = writeResponse({
      requirement: { text: 'Require an approving review of every change before it is merged into the main branch.' },
      evidence: [{ name: 'github_branch_protection_main.json', excerpt: '{"branch": "main", "required_pull_request_reviews": {"required_approving_review_count": 1, "dismiss_stale_reviews": true}, "allow_force_pushes": false}' }],
    });
    expect(text).toContain('"required_approving_review_count": 1');
    expect(text).not.toMatch(/not (?:yet )?covered/i);
  });

  it('does not take a sentence\'s first word for a heading, and keeps a version number whole', () => {
    const text = writeResponse({
      requirement: { text: 'Classify all information into defined sensitivity levels based on the CIS Benchmark.' },
      evidence: [{ name: 'Information Classification Policy', excerpt: '3. Levels. All University information is assigned one of four sensitivity levels, derived from the CIS Benchmark v2.0.0, by its information owner.' }],
    });
    expect(text).toContain('All University information is assigned one of four sensitivity levels, derived from the CIS Benchmark v2.0.0, by its information owner');
    expect(text).not.toContain('section "All"');
  });

  it('ends a sentence at a full stop after a word that only ends like an abbreviation', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt every laptop with full-disk encryption.' },
      evidence: [{ name: 'Endpoint Standard', excerpt: 'BitLocker full-disk encryption is enforced on every laptop. 12 exceptions were approved by the CISO this year.' }],
    });
    expect(text).toContain('BitLocker full-disk encryption is enforced on every laptop (Endpoint Standard).');
    expect(text).not.toContain('exceptions were approved');
  });
});
