import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AiEngine, createAiEngine } from '@compliance/ai/engine';
import type { DatabaseHandle } from '@compliance/db/connect';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import type { Actor } from '@compliance/domain/access/actor';
import { createAssistantToolset } from '@compliance/domain/assistant/assistant-tools';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { backfillPassages } from '@compliance/domain/documents/passage-backfill';
import { createProcessors } from '@compliance/domain/documents/processors';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { waitForJob } from '@compliance/domain/jobs/job-service';
import { buildMinimalDocx } from '@compliance/documents/testing/zip-writer';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { actorFor, createUser } from './helpers/factories';
import { narrowToEditor } from '@compliance/domain/access/scopes';

/**
 * The assistant's tools over real data: each reads the caller's tenant only. The same question asked
 * from another tenant never returns this tenant's passages, contracts, activity or names, and the
 * comparison covers only the tenants the caller may read.
 */

const FIXTURES = join(__dirname, '../../../packages/ai/evals/fixtures');
const docx = (folder: string, file: string) => buildMinimalDocx(readFileSync(join(FIXTURES, folder, file), 'utf8').split('\n'));

let handle: DatabaseHandle;
let changes: JobChanges;
let queue: InProcessQueue;
let engine: AiEngine;
let a: { id: string; organization_id: string };
let a2: { id: string; organization_id: string };
let b: { id: string; organization_id: string; name: string };
let editorA: Actor;
let viewerA: Actor;
let managerA: Actor;
let editorB: Actor;

async function upload(actor: Actor, tenantId: string, kind: 'contract' | 'evidence', filename: string, content: Buffer) {
  const { jobId } = await uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), { kind, filename, content, ...(kind === 'evidence' ? { documentType: 'Report' } : {}) });
  expect((await waitForJob(handle.db, changes, actor.caller, tenantId, jobId, 60_000)).status).toBe('completed');
}

const tools = (actor: Actor, tenantId: string) => createAssistantToolset(handle.db, engine, actor, tenantId);

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  changes = new JobChanges(handle.listen);
  engine = createAiEngine({ provider: 'local' });
  queue = new InProcessQueue(handle.db, createProcessors(handle.db, engine), 2);
  const orgA = await createComplianceOrg(handle.db, [['HIPAA'], ['ISO 27001']]);
  const orgB = await createComplianceOrg(handle.db, [['HIPAA']]);
  [a, a2, b] = [orgA.tenants[0]!, orgA.tenants[1]!, orgB.tenants[0]!];
  editorA = await actorFor(handle.db, (await createUser(handle.db, { role: 'Editor', tenants: [a] })).id);
  viewerA = await actorFor(handle.db, (await createUser(handle.db, { role: 'Viewer', tenants: [a] })).id);
  managerA = await actorFor(handle.db, (await createUser(handle.db, { role: 'Editor', manages: [orgA.id] })).id);
  editorB = await actorFor(handle.db, (await createUser(handle.db, { role: 'Editor', tenants: [b] })).id);
  await upload(editorA, a.id, 'evidence', 'DR test 2025.docx', docx('evidence', 'dr-test-report.txt'));
  await upload(editorA, a.id, 'contract', 'Riverbend BAA.docx', docx('contracts', '04-baa.txt'));
  await upload(editorB, b.id, 'evidence', 'Phishing results.docx', docx('evidence', 'phishing-simulation-results.txt'));
}, 120_000);
afterAll(async () => {
  await queue.close();
  await handle.close();
});

describe('passages', () => {
  it('quotes the tenant’s own document, ranked, and never another tenant’s', async () => {
    const own = await tools(editorA, a.id).search_passages({ query: 'when was the disaster recovery test and did we meet the recovery time objective', limit: 3 });
    expect(own.passages[0]?.document).toBe('DR test 2025');
    expect(own.passages.map((p) => p.text).join(' ')).toMatch(/14 September 2025|2 hours 42 minutes/);
    const other = await tools(editorB, b.id).search_passages({ query: 'disaster recovery test recovery time objective', limit: 3 });
    expect(other.passages.every((p) => p.document !== 'DR test 2025')).toBe(true);
    const phishing = await tools(editorA, a.id).search_passages({ query: 'phishing simulation click rate', limit: 3 });
    expect(phishing.passages.every((p) => p.document !== 'Phishing results')).toBe(true);
  });
});

describe('passages of documents analysed before they were kept', () => {
  it('are written by the backfill, in the document’s own tenant', async () => {
    await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.deleteFrom('document_passages').where('tenant_id', '=', a.id).execute());
    expect((await tools(editorA, a.id).search_passages({ query: 'disaster recovery test' })).passages).toEqual([]);
    expect(await backfillPassages(handle.db, { tenantId: a.id })).toBe(2);
    const rows = await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('document_passages').select(['tenant_id']).where('tenant_id', 'in', [a.id, b.id]).execute());
    expect(rows.filter((r) => r.tenant_id === a.id).length).toBeGreaterThan(2);
    expect((await tools(editorA, a.id).search_passages({ query: 'disaster recovery test' })).passages[0]?.document).toBe('DR test 2025');
    expect(await backfillPassages(handle.db, { tenantId: a.id })).toBe(0);
  });
});

describe('contracts, vocabulary and activity', () => {
  it('reads one contract by its customer’s name, with deadlines; another tenant finds no such contract', async () => {
    const own = await tools(editorA, a.id).list_contract_obligations({ contract: 'Riverbend', with_deadline: true });
    expect(own.contracts.map((c) => c.name)).toEqual(['Riverbend BAA']);
    expect(own.obligations.length).toBeGreaterThan(0);
    expect(own.obligations.every((o) => typeof o.deadline_hours === 'number')).toBe(true);
    const other = await tools(editorB, b.id).list_contract_obligations({ contract: 'Riverbend' });
    expect(other).toEqual({ contracts: [], obligations: [], unmatched_contract: 'Riverbend' });
  });

  it('gives each tenant its own names and its own history only', async () => {
    const vocabularyA = await tools(editorA, a.id).get_vocabulary({});
    const vocabularyB = await tools(editorB, b.id).get_vocabulary({});
    expect(vocabularyA.evidence.map((e) => e.name)).toEqual(['DR test 2025']);
    expect(vocabularyB.evidence.map((e) => e.name)).toEqual(['Phishing results']);
    expect(vocabularyB.contracts).toEqual([]);
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const activityA = await tools(editorA, a.id).list_activity({ since });
    const activityB = await tools(editorB, b.id).list_activity({ since });
    expect(activityA.entries.map((e) => e.message).join(' ')).toMatch(/DR test 2025|Riverbend/);
    expect(activityB.entries.map((e) => e.message).join(' ')).not.toMatch(/DR test 2025|Riverbend/);
  });

  it("reads the trend of the caller's tenant, today's point the same as its summary", async () => {
    const trend = await tools(editorA, a.id).get_compliance_trend({ days: 7 });
    const summary = await tools(editorA, a.id).get_compliance_summary({});
    expect(trend.days).toBe(7);
    expect(trend.last).toMatchObject({ date: new Date().toISOString().slice(0, 10), compliance_rate: summary.compliance_rate, compliant: summary.compliant, in_progress: summary.in_progress });
  });
});

describe('requirements, comparisons and drafts', () => {
  it('filters by "me" as the person asking', async () => {
    const requirement = (await tools(editorA, a.id).search_requirements({ limit: 1 })).requirements[0]!;
    const mine = await tools(editorA, a.id).search_requirements({ owner: 'me' });
    expect(mine.total).toBe(0);
    const all = await tools(editorA, a.id).search_requirements({ ids: [requirement.id] });
    expect(all.requirements.map((r) => r.id)).toEqual([requirement.id]);
  });

  it('compares only the tenants the caller may read, within the organization', async () => {
    const editor = await tools(editorA, a.id).compare_tenants({});
    expect(editor.tenants.map((t) => t.current)).toEqual([true]);
    const manager = await tools(managerA, a.id).compare_tenants({});
    expect(manager.tenants.length).toBe(2);
    expect(manager.tenants.map((t) => t.name)).not.toContain(b.name);
  });

  it('drafts through the editor’s call: refused for a viewer, and for a requirement without evidence', async () => {
    const { requirements } = await tools(editorA, a.id).search_requirements({ has_evidence: false, limit: 1 });
    const noEvidence = await tools(editorA, a.id).draft_response({ requirement_id: requirements[0]!.id });
    expect(noEvidence).toMatchObject({ text: null, problem: 'Upload evidence that supports this requirement first' });
    const { requirements: linked } = await tools(editorA, a.id).search_requirements({ has_evidence: true, limit: 1 });
    await expect(tools(viewerA, a.id).draft_response({ requirement_id: linked[0]!.id })).resolves.toMatchObject({ text: null });
    const draft = await tools(editorA, a.id).draft_response({ requirement_id: linked[0]!.id });
    expect(draft.text).toMatch(/DR test 2025|Riverbend/);
    expect(await tools(editorA, a.id).draft_response({ requirement_id: '99.99' })).toMatchObject({ text: null, problem: 'There is no requirement 99.99.' });
  });
});
