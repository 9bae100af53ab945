import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Requirement } from '@compliance/contracts/requirements';
import type { Database } from '@compliance/db/schema';
import type { Actor } from '@compliance/domain/access/actor';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import type { JobChanges } from '@compliance/domain/jobs/job-changes';
import type { JobQueue } from '@compliance/domain/jobs/job-queue';
import { waitForJob } from '@compliance/domain/jobs/job-service';
import { listRequirements, updateRequirementResponse } from '@compliance/domain/requirements/requirement-service';
import { buildMinimalDocx } from '@compliance/documents/testing/zip-writer';
import { narrowToEditor } from '@compliance/domain/access/scopes';

/**
 * The assistant evaluation's and benchmark's data: which labelled contracts and evidence a tenant holds
 * (uploaded as Word files and analysed by the real jobs), and a fixed spread of statuses, owners and
 * not-applicable reasons set through the product, so the audit trail holds them.
 */

const FIXTURES = join(import.meta.dirname, '../../../../packages/ai/evals/fixtures');

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


const DAY = 86_400_000;

/** Due dates relative to the day the world is seeded: long past, the end of this month, and next Wednesday. */
function dueDates(now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weekday = (new Date(today).getUTCDay() + 6) % 7;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [day(today - 40 * DAY), day(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)), day(today + (7 - weekday + 2) * DAY)];
}

/** Status, owner, due date and reason of the i-th requirement: fixed, so the figures are the same each run (dates relative to today). */
function planFor(i: number, owners: string[], due: string[]): { status?: Requirement['compliance_status']; owner?: string; response?: string; due_date?: string } {
  const status = (['Compliant', 'Compliant', 'Compliant', 'In Progress', 'In Progress', undefined, undefined, undefined, undefined, 'Not Applicable'] as const)[i % 10];
  const owner = i % 5 === 4 ? undefined : owners[i % 4];
  const response = status === 'Not Applicable' && i % 20 === 9 ? NA_REASONS[(i / 20) % NA_REASONS.length | 0] : undefined;
  const dueDate = i % 7 === 1 ? due[0] : i % 7 === 3 ? due[1] : i % 7 === 5 ? due[2] : undefined;
  return { ...(status ? { status } : {}), ...(owner ? { owner } : {}), ...(response ? { response } : {}), ...(dueDate ? { due_date: dueDate } : {}) };
}

/** A fixture document as a Word file, one paragraph per line. */
export function fixtureDocx(folder: 'contracts' | 'evidence', file: string): Buffer {
  return buildMinimalDocx(readFileSync(join(FIXTURES, folder, file), 'utf8').split(/\n/));
}

export type SeedUpload = { kind: 'contract' | 'evidence'; filename: string; content: Buffer; name?: string; documentType?: string };

/** Uploads every file and waits for all their analyses. */
export async function uploadAndAnalyse(db: Kysely<Database>, queue: JobQueue, changes: JobChanges, actor: Actor, tenantId: string, uploads: SeedUpload[]): Promise<void> {
  const jobs: Array<Promise<unknown>> = [];
  for (const u of uploads) {
    const { jobId } = await uploadDocument(db, queue, narrowToEditor(actor, tenantId), u);
    jobs.push(waitForJob(db, changes, actor.caller, tenantId, jobId, 300_000));
  }
  await Promise.all(jobs);
}

/** Sets the fixed spread of statuses, owners, due dates and reasons on the tenant's requirements. */
export async function assignWork(db: Kysely<Database>, actor: Actor, tenantId: string, ownerIds: string[]): Promise<void> {
  const requirements = await listRequirements(db, actor, tenantId, { domains: undefined, frameworks: undefined });
  const due = dueDates();
  for (const [i, r] of requirements.entries()) {
    const plan = planFor(i, ownerIds, due);
    if (!plan.status && !plan.owner && !plan.due_date) continue;
    await updateRequirementResponse(db, narrowToEditor(actor, tenantId), {
      id: r.id,
      tenant_id: tenantId,
      ...(plan.status ? { compliance_status: plan.status } : {}),
      ...(plan.owner ? { owner_id: plan.owner } : {}),
      ...(plan.response ? { user_response: plan.response } : {}),
      ...(plan.due_date ? { due_date: plan.due_date } : {}),
    });
  }
}
