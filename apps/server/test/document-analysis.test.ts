import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAiEngine } from '@compliance/ai/engine';
import type { DatabaseHandle } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import type { Actor } from '@compliance/domain/access/actor';
import { createProcessors } from '@compliance/domain/documents/processors';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { waitForJob } from '@compliance/domain/jobs/job-service';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { actorFor, createUser } from './helpers/factories';
import { narrowToEditor } from '@compliance/domain/access/scopes';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/documents/fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

let handle: DatabaseHandle;
let changes: JobChanges;
let queue: InProcessQueue;
let actor: Actor;
let viewer: Actor;
let tenantId: string;

const count = (table: 'documents' | 'document_files' | 'contract_obligations' | 'evidence_links' | 'tenant_requirements', documentId?: string) =>
  withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
    let q = tx.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (documentId) q = q.where(table === 'documents' ? 'id' : table === 'document_files' ? 'document_id' : 'document_id', '=', documentId) as typeof q;
    else q = q.where('tenant_id', '=', tenantId) as typeof q;
    return Number((await q.executeTakeFirstOrThrow()).n);
  });

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  changes = new JobChanges(handle.listen);
  queue = new InProcessQueue(handle.db, createProcessors(handle.db, createAiEngine({ provider: 'local' })), 2);
  const org = await createComplianceOrg(handle.db, [['ISO 27001', 'NIST 800-53 rev 5']]);
  tenantId = org.tenants[0]!.id;
  actor = await actorFor(handle.db, (await createUser(handle.db, { role: 'Editor', tenants: org.tenants })).id);
  viewer = await actorFor(handle.db, (await createUser(handle.db, { role: 'Viewer', tenants: org.tenants })).id);
});
afterAll(async () => {
  await queue.close();
  await handle.close();
});

describe('contract analysis', () => {
  it('extracts obligations from a PDF contract and links them to requirements; a re-run replaces, never duplicates', async () => {
    const { documentId, jobId } = await uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), { kind: 'contract', filename: 'msa.pdf', content: fixture('contract.pdf') });
    const state = await waitForJob(handle.db, changes, actor.caller, tenantId, jobId, 60_000);
    expect(state.status).toBe('completed');
    expect(state.provider).toBe('local');
    const obligations = await count('contract_obligations', documentId);
    expect(obligations).toBeGreaterThan(0);
    const first = await withScope(handle.db, SYSTEM_SCOPE, (tx) =>
      tx.selectFrom('contract_obligations').select(['text', 'tenant_requirement_id']).where('document_id', '=', documentId).orderBy('ordinal').execute(),
    );
    expect(first.every((o) => o.tenant_requirement_id)).toBe(true);

    const again = await withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
      const { createJob } = await import('@compliance/domain/jobs/job-service');
      return createJob(tx, { tenantId, organizationId: actor.caller.tenants.get(tenantId)!.organization_id, name: 'analyze-contract', payload: { documentId, tenantId }, createdBy: null });
    });
    await queue.enqueue('analyze-contract', again);
    expect((await waitForJob(handle.db, changes, actor.caller, tenantId, again, 60_000)).status).toBe('completed');
    expect(await count('contract_obligations', documentId)).toBe(obligations);
  });

  it('refuses a bad file with a clear 4xx error and stores nothing', async () => {
    const before = await count('documents');
    for (const [name, content, code] of [
      ['fake.pdf', fixture('contract.docx'), 'UNSUPPORTED_MEDIA_TYPE'],
      ['empty.docx', Buffer.alloc(0), 'BAD_REQUEST'],
      ['notes.txt', Buffer.from('hello'), 'UNSUPPORTED_MEDIA_TYPE'],
    ] as const) {
      await expect(uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), { kind: 'contract', filename: name, content })).rejects.toMatchObject({ code });
    }
    expect(await count('documents')).toBe(before);
  });

  it('fails the job of an unreadable file with a message a person can act on, and keeps nothing of it', async () => {
    for (const [file, message] of [['image-only.pdf', 'no extractable text'], ['encrypted.pdf', 'password']] as const) {
      const { jobId, documentId } = await uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), { kind: 'contract', filename: file, content: fixture(file) });
      const state = await waitForJob(handle.db, changes, actor.caller, tenantId, jobId, 30_000);
      expect(state.status).toBe('failed');
      expect(state.error?.toLowerCase()).toContain(message);
      expect(await count('documents', documentId)).toBe(0);
      expect(await count('document_files', documentId)).toBe(0);
    }
  });

  it('refuses an upload from a Viewer', async () => {
    await expect(async () => uploadDocument(handle.db, queue, narrowToEditor(viewer, tenantId), { kind: 'contract', filename: 'msa.pdf', content: fixture('contract.pdf') })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('evidence analysis', () => {
  it('suggests a document type and links requirements with excerpts from a 20-page policy', async () => {
    const { documentId, jobId } = await uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), {
      kind: 'evidence',
      filename: 'security-policy.pdf',
      content: fixture('policy-20-pages.pdf'),
      documentType: 'Policy',
    });
    const state = await waitForJob(handle.db, changes, actor.caller, tenantId, jobId, 60_000);
    expect(state.status).toBe('completed');
    const links = await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('evidence_links').select(['excerpt', 'confidence']).where('document_id', '=', documentId).execute());
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.excerpt.length > 0 && l.confidence > 0 && l.confidence <= 1)).toBe(true);
    const doc = await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('documents').select(['suggested_document_type', 'analysis_provider', 'sha256', 'size_bytes']).where('id', '=', documentId).executeTakeFirstOrThrow());
    expect(doc.suggested_document_type).toBeTruthy();
    expect(doc.analysis_provider).toBe('local');
    expect(doc.size_bytes).toBe(fixture('policy-20-pages.pdf').length);
  });
});
