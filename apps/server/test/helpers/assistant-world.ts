import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Requirement } from '@compliance/contracts/requirements';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import type { Actor } from '@compliance/domain/access/actor';
import { buildMinimalDocx } from '@compliance/documents/testing/zip-writer';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import { waitForJob } from '@compliance/domain/jobs/job-service';
import { listRequirements, updateRequirementResponse } from '@compliance/domain/requirements/requirement-service';
import { createComplianceOrg } from './compliance-fixtures';
import { PASSWORD, actorFor, createUser } from './factories';
import { type Session, type TestApp, login } from './test-app';

/**
 * The assistant evaluation's tenant: real contracts and evidence analysed by the local engine, owners,
 * a spread of statuses set through the product (so the audit trail holds them), a sibling tenant the
 * manager may read, and another organization nobody here may read.
 */

const FIXTURES = join(__dirname, '../../../../packages/ai/evals/fixtures');

export const WORLD_CONTRACTS: Array<{ file: string; filename: string }> = [
  { file: '01-saas-msa.txt', filename: 'Harbour Mutual Master Subscription Agreement 2025.docx' },
  { file: '02-dpa.txt', filename: 'Fernleaf DPA.docx' },
  { file: '04-baa.txt', filename: 'Riverbend BAA.docx' },
  { file: '10-security-schedule.txt', filename: 'DfE Call-Off Schedule 6 Security.docx' },
  { file: '14-hipaa-baa.txt', filename: 'Bellhaven Family Medicine BAA.docx' },
  { file: '16-bank-supplier-schedule.txt', filename: 'Harrow & Lisle Bank Schedule 4 Information Security.docx' },
  { file: '23-it-outsourcing.txt', filename: 'Banksia Managed Services Agreement.docx' },
  { file: '09-security-addendum.txt', filename: 'Summit Ridge Security Addendum.docx' },
];

export const WORLD_EVIDENCE: Array<{ file: string; name: string; type: string }> = [
  { file: 'information-security-policy.txt', name: 'Information Security Policy v3.2', type: 'Policy' },
  { file: 'access-control-policy.txt', name: 'Access Control Policy', type: 'Policy' },
  { file: 'acceptable-use-policy.txt', name: 'Acceptable Use Policy 2025', type: 'Policy' },
  { file: 'incident-response-procedure.txt', name: 'SOP-SEC-010 Incident Response', type: 'Procedure' },
  { file: 'backup-restore-procedure.txt', name: 'Backup and Restore Procedure', type: 'Procedure' },
  { file: 'joiner-mover-leaver-procedure.txt', name: 'Joiner Mover Leaver Process', type: 'Procedure' },
  { file: 'patch-management-standard.txt', name: 'Patch Management Standard v3.0', type: 'Policy' },
  { file: 'penetration-test-summary.txt', name: 'External Penetration Test 2025 Executive Summary', type: 'Penetration Test' },
  { file: 'iso27001-certificate.txt', name: 'ISO 27001 Certificate 2025', type: 'Certificate' },
  { file: 'firewall-config-export.txt', name: 'Edge Firewall Configuration Export', type: 'Configuration' },
  { file: 'mfa-enforcement-screenshot.txt', name: 'Okta MFA Policy Screenshot', type: 'Screenshot' },
  { file: 'internal-audit-report.txt', name: 'Internal Audit IA-2025-03 Access and Supplier Controls', type: 'Audit Report' },
  { file: 'training-completion-report.txt', name: 'Security Training Completion Q2', type: 'Report' },
  { file: 'vulnerability-scan-report.txt', name: 'Nessus Internal Scan June 2025', type: 'Report' },
  { file: 'cryptography-standard.txt', name: 'Cryptography Standard', type: 'Policy' },
  { file: 'physical-security-procedure.txt', name: 'Physical Security Procedure', type: 'Procedure' },
  { file: 'vendor-management-policy.txt', name: 'Third-Party Security Management Policy', type: 'Policy' },
  { file: 'dr-test-report.txt', name: 'Disaster Recovery Test Report 2025', type: 'Report' },
  { file: 'secure-development-procedure.txt', name: 'Secure Development Procedure', type: 'Procedure' },
  { file: 'edr-console-screenshot.txt', name: 'EDR Console Hosts Screenshot', type: 'Screenshot' },
  { file: 'ransomware-response-playbook.txt', name: 'Ransomware Response Playbook', type: 'Procedure' },
  { file: 'orders-db-outage-postmortem.txt', name: 'Orders Database Outage Postmortem', type: 'Report' },
  { file: 'phishing-simulation-results.txt', name: 'Phishing Simulation Campaign Report', type: 'Report' },
  { file: 'infosec-risk-register-export.txt', name: 'ISMS Risk Register Export', type: 'Other' },
];

export const WORLD_OWNERS = ['Priya Shah', 'Marcus Chen', 'Elena Rossi', 'Tom Becker'] as const;

const NA_REASONS = [
  'Not applicable: we operate no physical data centres; all hosting is with our cloud provider.',
  'Not applicable: no cardholder data is stored, processed or transmitted by this business unit.',
  'Not applicable: wireless networks are not used in the production environment.',
];

export type AssistantWorld = {
  tenant: { id: string; name: string; organization_id: string };
  sibling: { id: string; name: string };
  foreign: { id: string; name: string };
  /** Priya Shah, an Editor of the tenant: the person asking. */
  analyst: Session;
  analystActor: Actor;
  /** A manager of the organization, who may read both of its tenants. */
  manager: Session;
};

async function setFullName(t: TestApp, userId: string, name: string) {
  await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('users').set({ full_name: name }).where('id', '=', userId).execute());
}

/** Status, owner and reason of the i-th requirement: fixed, so the figures are the same each run. */
function planFor(i: number, owners: string[]): { status?: Requirement['compliance_status']; owner?: string; response?: string } {
  const status = (['Compliant', 'Compliant', 'Compliant', 'In Progress', 'In Progress', undefined, undefined, undefined, undefined, 'Not Applicable'] as const)[i % 10];
  const owner = i % 5 === 4 ? undefined : owners[i % 4];
  const response = status === 'Not Applicable' && i % 20 === 9 ? NA_REASONS[(i / 20) % NA_REASONS.length | 0] : undefined;
  return { ...(status ? { status } : {}), ...(owner ? { owner } : {}), ...(response ? { response } : {}) };
}

export async function seedAssistantWorld(t: TestApp, options: { evidence?: number; contracts?: number } = {}): Promise<AssistantWorld> {
  const db = t.handle.db;
  const org = await createComplianceOrg(db, [['HIPAA', 'NIST 800-53 rev 5'], ['ISO 27001']]);
  const other = await createComplianceOrg(db, [['PCI DSS 4.0']]);
  const names = { tenant: 'Harborview Clinics', sibling: 'Harborview Labs', foreign: 'Globex Retail' };
  await withScope(db, SYSTEM_SCOPE, async (tx) => {
    await tx.updateTable('organizations').set({ name: 'Harborview Health' }).where('id', '=', org.id).execute();
    await tx.updateTable('tenants').set({ name: names.tenant }).where('id', '=', org.tenants[0]!.id).execute();
    await tx.updateTable('tenants').set({ name: names.sibling }).where('id', '=', org.tenants[1]!.id).execute();
    await tx.updateTable('tenants').set({ name: names.foreign }).where('id', '=', other.tenants[0]!.id).execute();
  });
  const tenant = { ...org.tenants[0]!, name: names.tenant };
  const users: Record<string, string> = {};
  for (const name of WORLD_OWNERS) {
    const user = await createUser(db, { role: 'Editor', memberOf: [org.id], tenants: [tenant] });
    await setFullName(t, user.id, name);
    users[name] = user.id;
    if (name === 'Priya Shah') users.analystUsername = user.username;
  }
  const managerUser = await createUser(db, { role: 'Editor', manages: [org.id] });
  await setFullName(t, managerUser.id, 'Omar Haddad');
  const foreignUser = await createUser(db, { role: 'Editor', memberOf: [other.id], tenants: other.tenants });
  await setFullName(t, foreignUser.id, 'Zoe Foreign');
  const analystActor = await actorFor(db, users['Priya Shah']!);

  const jobs: Array<Promise<unknown>> = [];
  const upload = async (kind: 'contract' | 'evidence', filename: string, content: Buffer, extra: { name?: string; documentType?: string } = {}) => {
    const { jobId } = await uploadDocument(db, t.queue, analystActor, tenant.id, { kind, filename, content, ...extra });
    jobs.push(waitForJob(db, analystActor.caller, tenant.id, jobId, 120_000));
  };
  const docx = (folder: string, file: string) => buildMinimalDocx(readFileSync(join(FIXTURES, folder, file), 'utf8').split(/\n/));
  for (const c of WORLD_CONTRACTS.slice(0, options.contracts ?? WORLD_CONTRACTS.length)) await upload('contract', c.filename, docx('contracts', c.file));
  for (const e of WORLD_EVIDENCE.slice(0, options.evidence ?? WORLD_EVIDENCE.length)) {
    await upload('evidence', `${e.name}.docx`, docx('evidence', e.file), { name: e.name, documentType: e.type });
  }
  await Promise.all(jobs);

  const requirements = await listRequirements(db, analystActor, tenant.id, { domains: undefined, frameworks: undefined });
  const ownerIds = WORLD_OWNERS.map((n) => users[n]!);
  for (const [i, r] of requirements.entries()) {
    const plan = planFor(i, ownerIds);
    if (!plan.status && !plan.owner) continue;
    await updateRequirementResponse(db, analystActor, tenant.id, {
      id: r.id,
      tenant_id: tenant.id,
      ...(plan.status ? { compliance_status: plan.status } : {}),
      ...(plan.owner ? { owner_id: plan.owner } : {}),
      ...(plan.response ? { user_response: plan.response } : {}),
    });
  }
  const analyst = await login(t.app, users.analystUsername!, PASSWORD);
  const manager = await login(t.app, managerUser.username, PASSWORD);
  return { tenant, sibling: { id: org.tenants[1]!.id, name: names.sibling }, foreign: { id: other.tenants[0]!.id, name: names.foreign }, analyst, analystActor, manager };
}
