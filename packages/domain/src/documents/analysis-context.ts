import type { Kysely } from 'kysely';
import type { AiEngine } from '@compliance/ai/engine';
import { isDocumentError } from '@compliance/documents/document-error';
import type { FileKind } from '@compliance/documents/file-type';
import type { Database } from '@compliance/db/schema';
import { type AccessScope, withScope } from '@compliance/db/scope';
import { unsafeAuditAsUser } from '../audit/audit-repo';
import { AppError } from '../errors';
import type { JobContext } from '../jobs/job-runner';
import { replacePassages } from './document-passages';
import { extractJobText } from './job-text-extraction';
import { deleteDocumentRow, getDocumentContent, getDocumentRow, setDocumentStatus } from './document-repo';

/** A background job acts for one tenant only: its transactions see nothing else. */
export function jobScope(tenantId: string): AccessScope {
  return { userId: null, all: false, organizationIds: [], tenantIds: [tenantId] };
}

/**
 * Loads the document and its text (read in the parser pool, crashes counted: `extractJobText`), keeps its
 * passages for the assistant, and reports the spec's stages.
 */
export async function loadDocumentText(db: Kysely<Database>, tenantId: string, documentId: string, ctx: JobContext) {
  const loaded = await withScope(db, jobScope(tenantId), async (tx) => {
    const row = await getDocumentRow(tx, tenantId, documentId);
    if (!row) return null;
    await setDocumentStatus(tx, documentId, 'processing');
    return { row, content: await getDocumentContent(tx, tenantId, documentId) };
  });
  if (!loaded?.content) throw new AppError('NOT_FOUND', 'The document no longer exists');
  await ctx.progress('Extracting text content', 15);
  const { text } = await extractJobText(db, ctx.jobId, loaded.content, loaded.row.file_kind as FileKind, ctx.signal);
  await withScope(db, jobScope(tenantId), (tx) => replacePassages(tx, loaded.row, text));
  return { document: loaded.row, text };
}

/**
 * Maps the engine's own progress (0–100) into the 'Analyzing with AI' span of the job (30–80 %). The
 * engine does not wait for these writes, so a failed one (database restarting) is dropped here rather
 * than left as an unhandled rejection that would end the process; the job's next awaited write fails
 * the attempt and it is retried.
 */
export function engineProgress(ctx: JobContext) {
  return (stage: string, percent: number) => void ctx.progress(stage, 30 + (percent * 50) / 100).catch(() => undefined);
}

/**
 * After a failure: a file that cannot be read (encrypted, image-only, corrupt) is removed with its bytes,
 * so nothing half-stored stays behind; any other failure marks the document failed and the runner
 * decides on a retry.
 */
export async function markFailed(db: Kysely<Database>, tenantId: string, documentId: string, error: unknown) {
  const message = error instanceof Error ? error.message : 'The analysis failed';
  await withScope(db, jobScope(tenantId), (tx) =>
    isDocumentError(error) ? deleteDocumentRow(tx, tenantId, documentId) : setDocumentStatus(tx, documentId, 'failed', message.slice(0, 500)),
  ).catch(() => undefined);
}

/** The audit entry of an analysis: who uploaded it, which provider and model produced the result. */
export async function auditAnalysis(
  db: Kysely<Database>,
  document: { id: string; name: string; tenant_id: string; organization_id: string; uploaded_by: string | null },
  action: string,
  engine: Pick<AiEngine, 'provider' | 'model'>,
  summary: string,
) {
  await unsafeAuditAsUser(db, document.uploaded_by, {
    action,
    details: { message: `${summary} (${engine.provider} / ${engine.model})`, document_id: document.id, provider: engine.provider, model: engine.model },
    organizationId: document.organization_id,
    tenantId: document.tenant_id,
  });
}
