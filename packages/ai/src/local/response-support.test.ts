import { describe, expect, it } from 'vitest';
import { writeResponse } from './response-writer';

/** Sentences never offered as showing the control: exceptions, plans, permissions, what is not done. */
describe('writeResponse: what is not offered as support', () => {
  it('does not offer an exception clause or a sanction as the control', () => {
    const text = writeResponse({
      requirement: { text: 'Record identified risks in a risk register with an owner, treatment decision and target date.' },
      evidence: [{ name: 'Access Control Policy', excerpt: 'Exceptions to this policy must be approved by the CISO and recorded in the exceptions register. Violations may lead to disciplinary action.' }],
    });
    expect(text).not.toContain('exceptions register');
    expect(text).toMatch(/does not show how we record identified risks/);
  });

  it('does not quote a sentence that names a file as stored, and says what is missing instead of a weaker number', () => {
    const text = writeResponse({
      requirement: { text: 'Run automated tests on every pull request and block merging when they fail.' },
      evidence: [{ name: 'Engineering Handbook', excerpt: '3.2 Pull requests Every pull request triggers the workflow ci.yml, which runs the unit tests. Merging is blocked until the required status checks pass on every pull request.' }],
    });
    expect(text).not.toMatch(/ci\.yml/);
    expect(text).toContain('Merging is blocked until the required status checks pass');
    const rpo = writeResponse({
      requirement: { text: 'Achieve a recovery point objective of no more than 1 hour for the payroll service, and test failover at least annually.' },
      evidence: [{ name: 'DR Plan', excerpt: 'Failover of the payroll service to the standby region is tested once a year. Payroll snapshots are taken every 4 hours, and the agreed recovery point objective for the payroll service is 4 hours.' }],
    });
    expect(rpo).toContain('Failover of the payroll service to the standby region is tested once a year');
    expect(rpo).not.toContain('is 4 hours');
    expect(rpo).toMatch(/Not yet covered by the linked evidence: achieve a recovery point objective/);
  });

  it('does not offer a sentence reporting that something was not done as the control', () => {
    const text = writeResponse({
      requirement: { text: 'Retest every remediated high finding of the penetration test.' },
      evidence: [{ name: 'Penetration Test Summary', excerpt: 'Two high findings were remediated in April. A retest of the remediated findings was not in scope for this engagement.' }],
    });
    expect(text).not.toContain('A retest of the remediated findings was not in scope');
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

  it('names a part as not covered when the evidence says it was switched off or is on hold, and does not offer that sentence', () => {
    const text = writeResponse({
      requirement: { text: 'Require multi-factor authentication for all vendor remote access, and record every vendor session.' },
      evidence: [{ name: 'Vendor Access Procedure', excerpt: '4.1 Each vendor user signs in with a named account and an Authenticator app prompt for multi-factor authentication. 4.2 Session recording was switched off in 2023 because of storage limits.' }],
    });
    expect(text).toMatch(/^Our Vendor Access Procedure covers part of this requirement\./);
    expect(text).toMatch(/Not yet covered by the linked evidence: record every vendor session\./);
    expect(text).not.toContain('switched off');
  });

  it('names a part as not covered when the evidence says it is not currently done or lacks the staff for it, even when the requirement asks for a removal', () => {
    const reminders = writeResponse({
      requirement: { text: 'Have staff sign a confidentiality agreement at hire, and remind them of it every year.' },
      evidence: [{ name: 'HR Email', excerpt: 'Staff sign the confidentiality clause in their employment contract at hire. We do not currently send any yearly reminder about it.' }],
    });
    expect(reminders).toMatch(/Not yet covered by the linked evidence: remind them of it every year\./);
    expect(reminders).not.toContain('We do not currently send');
    const leavers = writeResponse({
      requirement: { text: 'Review privileged accounts every quarter, and remove access when staff leave.' },
      evidence: [{ name: 'Access Procedure', excerpt: 'Privileged accounts are reviewed by the OT manager every quarter. Local accounts on the HMIs are not currently removed when staff leave.' }],
    });
    expect(leavers).toMatch(/Not yet covered by the linked evidence: remove access when staff leave\./);
    expect(leavers).not.toContain('not currently removed');
    const suppliers = writeResponse({
      requirement: { text: 'Put security terms in supplier contracts, and review each supplier every year.' },
      evidence: [{ name: 'Procurement Notes', excerpt: 'Every supplier contract carries our security schedule. Procurement lacks the staff to review suppliers this year.' }],
    });
    expect(suppliers).toMatch(/Not yet covered by the linked evidence: review each supplier every year\./);
  });

  it('does not offer a control that stopped, a purchase still in its box or that did not go ahead, a doubt, a suggestion, a purpose line, a definition, a proposal, a sanction, a discussion, a risk appetite or a statement of importance as the control, and names the part as not covered', () => {
    const cases: Array<[string, string, string]> = [
      ['Record every vendor session on the jump host.', 'Vendor sessions on the jump host are recorded by the RDP recorder plug-in. Jump host session recording stopped in March after the disk filled.', 'stopped in March'],
      ['Scan removable media at a dedicated kiosk before it is used on plant systems.', 'The removable media scanning kiosk for plant systems bought last year is still in its box; the install slipped again.', 'still in its box'],
      ['Turn off telnet and plain HTTP on the turnstile controllers.', 'Analyst note: telnet and plain HTTP are left on across all turnstile controllers because the vendor tool needs them.', 'are left on'],
      ['Remove the access flagged in each quarterly review.', 'IT has not confirmed that any of the flagged access from the quarterly review was removed.', 'has not confirmed'],
      ['Check the PCI DSS compliance status of each card service provider every year.', 'The yearly check of card service providers\' PCI DSS compliance status did not happen in 2023.', 'did not happen'],
      ['Change the factory admin PIN on every door controller before use.', 'Door controllers: we discussed whether installers change the factory admin PIN on the panels; nobody was sure.', 'nobody was sure'],
      ['Run a tabletop exercise of the incident plan every year.', 'J. Patel suggested holding a tabletop exercise of the incident plan at some point this year.', 'suggested holding'],
      ['Monitor the plant network for unauthorised devices and alert when one connects.', 'Purpose: to give visibility of the devices connected to the plant network and to alert on unauthorised ones early.', 'Purpose:'],
      ['Have a procedure to identify, respond to and document security incidents.', 'A security incident is an attempted or successful unauthorised access to our systems or data.', 'is an attempted'],
      ['Use DNS filtering on all laptops to block known malicious domains.', "A DNS filtering trial on laptops with a cloud filtering vendor didn't go ahead because of the per-seat cost.", 'go ahead'],
      ['Have agency staff sign a confidentiality agreement before they get access.', 'Agency staff get access on their first shift. HR to look at adding an NDA to the agency staff pack.', 'look at adding'],
      ['Give all staff security awareness training every year.', 'Staff who do not complete the yearly security awareness training may have their system access suspended.', 'suspended'],
      ['Keep audit records for at least three years.', 'Retention of audit records was discussed by the steering group. Proposal is 3 years, subject to budget.', 'discussed'],
      ['Penetration-test the mobile app before each major release.', 'The penetration test of the mobile app for release 5.0 was descoped because of the launch date.', 'descoped'],
      ['Tell leavers which confidentiality duties continue after they go.', 'Leavers who breach their continuing confidentiality duties may result in legal action.', 'legal action'],
      ['Assess information security risk of the platform every year.', 'The company has a low appetite for information security risk on the platform.', 'appetite'],
      ['Give seasonal staff security awareness training before they get access.', 'It is vital they understand their security responsibilities before they get access.', 'vital'],
      ['Document how helpline security incidents are handled and escalated.', 'Agreed: Head of Digital to write a helpline incident playbook on escalation during Q3.', 'to write'],
    ];
    for (const [requirement, excerpt, phrase] of cases) {
      const text = writeResponse({ requirement: { text: requirement }, evidence: [{ name: 'Operations Notes', excerpt }] });
      expect(text, requirement).not.toContain(phrase);
      expect(text, requirement).toMatch(/not (?:yet )?covered/i);
    }
  });

  it('does not offer an action item from minutes as the control', () => {
    const text = writeResponse({
      requirement: { text: 'Run simulated phishing exercises for all staff at least quarterly.' },
      evidence: [{ name: 'IT Steering Minutes', excerpt: 'JT to propose a vendor for quarterly simulated phishing exercises for all staff.' }],
    });
    expect(text).toMatch(/does not show how we run simulated phishing exercises/);
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

  it('keeps a sentence saying who is responsible for doing something, with or without an article', () => {
    const text = writeResponse({
      requirement: { text: 'Monitor security alerts and triage them within one hour.' },
      evidence: [{ name: 'SOC Procedure', excerpt: 'The SOC team is responsible for the monitoring of security alerts and triages each of them within one hour.' }],
    });
    expect(text).toMatch(/^We meet this requirement/);
  });
});
