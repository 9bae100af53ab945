import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAiEngine } from '@compliance/ai/engine';
import type { DatabaseHandle } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import type { Actor } from '@compliance/domain/access/actor';
import { listContractObligations, listContracts, setContractSide } from '@compliance/domain/documents/document-service';
import { createProcessors } from '@compliance/domain/documents/processors';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { waitForJob } from '@compliance/domain/jobs/job-service';
import { buildTextPdf } from '@compliance/documents/minimal-pdf';
import { buildMinimalDocx } from '@compliance/documents/testing/zip-writer';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { actorFor, createUser } from './helpers/factories';
import { narrowToEditor } from '@compliance/domain/access/scopes';

/**
 * Parties, the tenant's side, the other side's duties, and the same contract uploaded twice. The PDF has a
 * running header and a page number on each page, and clause 1.2 continues from page 1 onto page 2.
 */
const HEADER = 'Cobaltix / Harbourline Master Services Agreement';
const PAGE_1 = [
  'MASTER SERVICES AGREEMENT',
  'This Agreement is made between Harbourline Logistics Ltd ("Harbourline" or the "Customer") and Cobaltix Cloud Services Limited ("Cobaltix" or the "Provider").',
  '1. Security',
  '1.1 The Provider shall encrypt all Customer Data at rest using AES-256 and in transit using TLS 1.2 or higher.',
  '1.2 The Provider shall enforce multi-factor authentication for all',
];
const PAGE_2 = [
  'administrative access to production systems and shall review that access every quarter.',
  '1.3 The Provider shall notify the Customer of any security incident affecting Customer Data within 24 hours of becoming aware of it.',
  '2. Customer responsibilities',
  '2.1 The Customer shall keep the passwords of its users confidential and shall enforce multi-factor authentication for its user accounts.',
  '2.2 The Customer is responsible for promptly revoking the access credentials of its users who leave its organisation.',
  '3. Fees',
  '3.1 The Customer shall pay all invoices within thirty days of receipt.',
];
const CONTRACT_PDF = buildTextPdf([
  [HEADER, ...PAGE_1, 'Page 1 of 2'],
  [HEADER, ...PAGE_2, 'Page 2 of 2'],
]);
const CLAUSE_1_2 = 'The Provider shall enforce multi-factor authentication for all administrative access to production systems and shall review that access every quarter.';

let handle: DatabaseHandle;
let changes: JobChanges;
let queue: InProcessQueue;
let editor: Actor;
let viewer: Actor;
let tenantId: string;

const contractRequirements = () =>
  withScope(handle.db, SYSTEM_SCOPE, (tx) =>
    tx.selectFrom('tenant_requirements').select('id').where('tenant_id', '=', tenantId).where('source_type', '=', 'contract').execute(),
  ).then((rows) => rows.length);

async function upload(filename: string, content: Buffer) {
  const { documentId, jobId } = await uploadDocument(handle.db, queue, narrowToEditor(editor, tenantId), { kind: 'contract', filename, content });
  expect((await waitForJob(handle.db, changes, editor.caller, tenantId, jobId, 60_000)).status).toBe('completed');
  return documentId;
}

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  changes = new JobChanges(handle.listen);
  queue = new InProcessQueue(handle.db, createProcessors(handle.db, createAiEngine({ provider: 'local' })), 2);
  const org = await createComplianceOrg(handle.db, [['ISO 27001']]);
  tenantId = org.tenants[0]!.id;
  editor = await actorFor(handle.db, (await createUser(handle.db, { role: 'Editor', tenants: org.tenants })).id);
  viewer = await actorFor(handle.db, (await createUser(handle.db, { role: 'Viewer', tenants: org.tenants })).id);
});
afterAll(async () => {
  await queue.close();
  await handle.close();
});

describe('contract parties and duplicates', () => {
  let contractId: string;

  it("names the counterparty and turns only the tenant's side's duties into requirements", async () => {
    contractId = await upload('cobaltix-msa.pdf', CONTRACT_PDF);
    const contract = (await listContracts(handle.db, editor, tenantId)).find((c) => c.id === contractId)!;
    expect(contract).toMatchObject({ side: 'provider', counterparty: 'Harbourline Logistics Ltd', provider_name: 'Cobaltix Cloud Services Limited', duplicate_of: null });

    const obligations = await listContractObligations(handle.db, editor, tenantId, contractId);
    const byClause = new Map(obligations.map((o) => [o.clause, o]));
    for (const clause of ['1.1', '1.2', '1.3']) expect(byClause.get(clause)).toMatchObject({ party: 'provider', theirs: false, requirement_id: expect.any(String) });
    for (const clause of ['2.1', '2.2']) expect(byClause.get(clause)).toMatchObject({ party: 'customer', theirs: true, requirement_id: null });
    // The clause that crosses the page break is one obligation with its own reference, without the page furniture.
    expect(byClause.get('1.2')?.text).toBe(CLAUSE_1_2);
    expect(obligations.filter((o) => o.text.includes('Page 1 of 2') || o.text.includes(HEADER))).toEqual([]);
    expect(byClause.has('3.1')).toBe(false);
    expect(contract.requirement_count).toBe(new Set(obligations.filter((o) => !o.theirs).map((o) => o.requirement_id)).size);
  });

  it('re-analyses the contract when the tenant says it is the customer', async () => {
    await expect(async () => setContractSide(handle.db, queue, narrowToEditor(viewer, tenantId), contractId, 'customer')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const { jobId } = await setContractSide(handle.db, queue, narrowToEditor(editor, tenantId), contractId, 'customer');
    expect(jobId).toEqual(expect.any(String));
    expect((await waitForJob(handle.db, changes, editor.caller, tenantId, jobId!, 60_000)).status).toBe('completed');
    const contract = (await listContracts(handle.db, editor, tenantId)).find((c) => c.id === contractId)!;
    expect(contract).toMatchObject({ side: 'customer', counterparty: 'Cobaltix Cloud Services Limited' });
    const obligations = await listContractObligations(handle.db, editor, tenantId, contractId);
    expect(obligations.filter((o) => !o.theirs).map((o) => o.clause).sort()).toEqual(['2.1', '2.2']);
    expect(obligations.filter((o) => o.theirs).every((o) => o.requirement_id === null && o.party === 'provider')).toBe(true);

    expect((await setContractSide(handle.db, queue, narrowToEditor(editor, tenantId), contractId, 'customer')).jobId).toBeNull();
    const { jobId: back } = await setContractSide(handle.db, queue, narrowToEditor(editor, tenantId), contractId, 'provider');
    expect((await waitForJob(handle.db, changes, editor.caller, tenantId, back!, 60_000)).status).toBe('completed');
  });

  it('refuses the same file a second time with a 409 naming the stored document, and stores nothing', async () => {
    const before = await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('documents').select('id').where('tenant_id', '=', tenantId).execute());
    await expect(
      uploadDocument(handle.db, queue, narrowToEditor(editor, tenantId), { kind: 'contract', filename: 'copy.pdf', content: CONTRACT_PDF, name: 'Copy' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('"cobaltix-msa"') });
    const after = await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('documents').select('id').where('tenant_id', '=', tenantId).execute());
    expect(after.length).toBe(before.length);
    // The same bytes may still be filed as evidence (a signed agreement can evidence a control).
    const asEvidence = await uploadDocument(handle.db, queue, narrowToEditor(editor, tenantId), { kind: 'evidence', filename: 'signed-msa.pdf', content: CONTRACT_PDF, documentType: 'Other' });
    expect((await waitForJob(handle.db, changes, editor.caller, tenantId, asEvidence.jobId, 60_000)).status).toBe('completed');
  });

  it('flags a near-identical contract (another file of the same agreement) and does not count its requirements twice', async () => {
    const requirementsBefore = await contractRequirements();
    const countBefore = (await listContracts(handle.db, editor, tenantId)).find((c) => c.id === contractId)!.requirement_count;
    const paragraphs = [...PAGE_1.slice(0, -1), `1.2 ${CLAUSE_1_2}`, ...PAGE_2.slice(1), 'Signed for and on behalf of both parties.'];
    const copyId = await upload('cobaltix-msa.docx', buildMinimalDocx(paragraphs));
    const copy = (await listContracts(handle.db, editor, tenantId)).find((c) => c.id === copyId)!;
    expect(copy.duplicate_of).toEqual({ id: contractId, name: 'cobaltix-msa' });
    expect(await contractRequirements()).toBe(requirementsBefore);
    expect(copy.requirement_count).toBe(countBefore);

    const different = [
      ...PAGE_1.slice(0, 3),
      '1.1 The Provider shall retain audit logs of all access to Customer Data for at least twelve months.',
      ...PAGE_2.slice(2),
    ];
    const otherId = await upload('other-agreement.docx', buildMinimalDocx(different));
    expect((await listContracts(handle.db, editor, tenantId)).find((c) => c.id === otherId)!.duplicate_of).toBeNull();
  });
});
