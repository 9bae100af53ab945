import type { Kysely } from 'kysely';
import { isDocumentError } from '@compliance/documents/document-error';
import { CONTRACT_FILE_KINDS, EVIDENCE_FILE_KINDS, detectFileType } from '@compliance/documents/file-type';
import { sha256Hex } from '@compliance/documents/hash';
import type { Database, DocumentKind } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import { assertCanEditTenant } from '../access/tenant-permissions';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, fromDocumentError, notFound } from '../errors';
import type { JobQueue } from '../jobs/job-queue';
import { createJob } from '../jobs/job-service';
import { findDocumentBySha256, insertDocument } from './document-repo';
import { getCurrentEvidenceRow, supersedeEvidence } from './evidence-service';

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

/** A problem with the file, as the error every transport maps: 413, 415, 400 or 422 with its message. */
export function toAppError(error: unknown): unknown {
  return isDocumentError(error) ? fromDocumentError(error) : error;
}

/** The same bytes are already stored for this tenant: name the document they are stored as. */
function duplicateFileError(existing: { name: string; kind: DocumentKind; created_at: Date }): AppError {
  const what = existing.kind === 'contract' ? 'contract' : 'evidence document';
  const when = new Date(existing.created_at).toISOString().slice(0, 10);
  return new AppError('CONFLICT', `This file was already uploaded as the ${what} "${existing.name}" on ${when}. Open that ${what} instead, or delete it before uploading the file again.`);
}

export interface UploadInput {
  kind: DocumentKind;
  filename: string;
  content: Buffer;
  name?: string | null;
  description?: string | null;
  documentType?: string | null;
  /** Evidence: the day it stops counting as support (YYYY-MM-DD). */
  expiresOn?: string | null;
  /** Evidence: the current version this upload replaces (its name, type and description are kept unless given). */
  replaces?: string;
  maxBytes?: number;
}

/** The display name: the given one, else the file name without its extension. */
export function displayName(filename: string, name?: string | null): string {
  const given = name?.trim();
  if (given) return given.slice(0, 255);
  return filename.replace(/\.[^.]+$/, '').slice(0, 255) || filename;
}

/**
 * Checks the file by its content, stores it with its row and its analysis job in one transaction, and
 * queues the job once that transaction has committed. Nothing is stored for a refused file.
 */
export async function uploadDocument(db: Kysely<Database>, queue: JobQueue, actor: Actor, tenantId: string, input: UploadInput) {
  assertCanEditTenant(actor.caller, tenantId);
  const filename = input.filename.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 255);
  let fileKind: string;
  try {
    fileKind = detectFileType(input.content, filename, input.kind === 'contract' ? CONTRACT_FILE_KINDS : EVIDENCE_FILE_KINDS, { maxBytes: input.maxBytes });
  } catch (error) {
    throw toAppError(error);
  }
  const jobName = input.kind === 'contract' ? 'analyze-contract' : 'analyze-evidence';
  const created = await withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const tenant = await tx.selectFrom('tenants').select(['id', 'organization_id']).where('id', '=', tenantId).executeTakeFirst();
    if (!tenant) throw notFound('Tenant');
    const sha256 = sha256Hex(input.content);
    const previous = input.replaces && input.kind === 'evidence' ? await getCurrentEvidenceRow(tx, tenantId, input.replaces) : undefined;
    const existing = await findDocumentBySha256(tx, tenantId, input.kind, sha256);
    if (existing) throw duplicateFileError(existing);
    const documentId = await insertDocument(tx, {
      tenantId,
      organizationId: tenant.organization_id,
      kind: input.kind,
      name: previous && !input.name?.trim() ? previous.name : displayName(filename, input.name),
      filename,
      fileKind,
      contentType: CONTENT_TYPES[fileKind] ?? 'application/octet-stream',
      content: input.content,
      sha256,
      description: input.description?.trim() || previous?.description || null,
      documentType: input.kind === 'evidence' ? (input.documentType ?? previous?.document_type ?? 'Policy') : null,
      expiresOn: input.kind === 'evidence' ? (input.expiresOn ?? null) : null,
      uploadedBy: actor.caller.user.id,
    });
    if (previous) await supersedeEvidence(tx, actor, tenantId, previous, { id: documentId, filename });
    const jobId = await createJob(tx, {
      tenantId,
      organizationId: tenant.organization_id,
      name: jobName,
      payload: { documentId, tenantId },
      createdBy: actor.caller.user.id,
    });
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: input.kind === 'contract' ? 'upload_contract' : 'upload_evidence',
      details: { message: `Uploaded ${input.kind} "${filename}" (${input.content.length} bytes)`, document_id: documentId },
      organizationId: tenant.organization_id,
      tenantId,
    });
    return { documentId, jobId };
  });
  await queue.enqueue(jobName, created.jobId);
  return created;
}
