import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAiEngine } from '@compliance/ai/engine';
import type { DatabaseHandle } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import { closeParserPool, configureParserPool } from '@compliance/documents/parse-sandbox';
import type { Actor } from '@compliance/domain/access/actor';
import { createProcessors } from '@compliance/domain/documents/processors';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import type { JobQueue } from '@compliance/domain/jobs/job-queue';
import { getJobRow } from '@compliance/domain/jobs/job-repo';
import { waitForJob } from '@compliance/domain/jobs/job-service';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { actorFor, createUser } from './helpers/factories';
import { narrowToEditor } from '@compliance/domain/access/scopes';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/documents/fixtures');
const contract = readFileSync(path.join(fixtures, 'contract.docx'));

let handle: DatabaseHandle;
let changes: JobChanges;
let queue: InProcessQueue;
let actor: Actor;
let tenantId: string;

const jobRow = async (jobId: string) => (await withScope(handle.db, SYSTEM_SCOPE, (tx) => getJobRow(tx, jobId)))!;
const documentExists = async (documentId: string) =>
  (await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('documents').select('id').where('id', '=', documentId).executeTakeFirst())) !== undefined;

beforeAll(async () => {
  handle = await openTestDatabase(inject('databaseUrl'));
  changes = new JobChanges(handle.listen);
  queue = new InProcessQueue(handle.db, createProcessors(handle.db, createAiEngine({ provider: 'local' })), 2);
  const org = await createComplianceOrg(handle.db, [['ISO 27001']]);
  tenantId = org.tenants[0]!.id;
  actor = await actorFor(handle.db, (await createUser(handle.db, { role: 'Editor', tenants: org.tenants })).id);
});
afterAll(async () => {
  await queue.close();
  await closeParserPool();
  await handle.close();
});

describe('a file that crashes its parser', () => {
  it('is retried once after a crash of the parser thread, and fails for good at the second, with a message for the uploader', async () => {
    // A 1 ms time limit: every parse overruns, and its thread is ended exactly as a hostile file's would be.
    configureParserPool({ timeLimitMs: 1 });
    const { jobId, documentId } = await uploadDocument(handle.db, queue, narrowToEditor(actor, tenantId), { kind: 'evidence', filename: 'policy.docx', content: contract, documentType: 'Policy' });
    const state = await waitForJob(handle.db, changes, actor.caller, tenantId, jobId, 60_000);
    expect(state.status).toBe('failed');
    expect(state.error).toMatch(/^This file is too large or complex to read safely: reading it took too long\. Split it into smaller files/);
    const row = await jobRow(jobId);
    expect(row.attempts).toBe(2);
    expect(await documentExists(documentId)).toBe(false);
  });

  /** Uploads without running the job, marks how many earlier parses of it never finished, then runs it. */
  async function runAfterCrashes(crashes: number, filename: string) {
    const held: JobQueue = { driver: 'in-process', enqueue: async () => undefined, counts: queue.counts.bind(queue), close: async () => undefined };
    const { jobId } = await uploadDocument(handle.db, held, narrowToEditor(actor, tenantId), { kind: 'evidence', filename, content: contract, documentType: 'Policy' });
    await withScope(handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('jobs').set({ unfinished_parses: crashes }).where('id', '=', jobId).execute());
    await queue.enqueue('analyze-evidence', jobId);
    return { jobId, state: await waitForJob(handle.db, changes, actor.caller, tenantId, jobId, 60_000) };
  }

  it('fails without reading the file when two earlier parses never finished (the process died in each, and the job was re-run)', async () => {
    configureParserPool({});
    const { jobId, state } = await runAfterCrashes(2, 'twice.docx');
    expect(state.status).toBe('failed');
    expect(state.error).toMatch(/^This file is too large or complex to read safely: reading it stopped the reader twice\./);
    expect((await jobRow(jobId)).attempts).toBe(1);
  });

  it('reads the file again after a single earlier crash, and the job completes', async () => {
    const { jobId, state } = await runAfterCrashes(1, 'once.docx');
    expect(state.status).toBe('completed');
    expect((await jobRow(jobId)).unfinished_parses).toBe(1);
  });
});
