import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParam } from '@compliance/contracts/common';
import { contractUploadFields, documentFileQuery, uploadQuery } from '@compliance/contracts/documents';
import { evidenceUploadFields } from '@compliance/contracts/evidence';
import { formatSize } from '@compliance/documents/format-size';
import { type EditorScope, narrowToEditor } from '@compliance/domain/access/scopes';
import { resolveTenantId } from '@compliance/domain/access/tenant-resolution';
import { getDocumentFile, reanalyzeEvidence } from '@compliance/domain/documents/document-service';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import { AppError } from '@compliance/domain/errors';
import { ANALYSIS_QUEUE } from '@compliance/domain/jobs/job-definitions';
import { waitForJob } from '@compliance/domain/jobs/job-service';
import type { AppDeps } from '../trpc/context';
import { requestedTenant } from './requested-tenant';
import { authenticateRoute } from './route-auth';
import { parseInput } from './route-input';
import { sendFile } from './send-file';

/** The spec's messages when the analysis runs past the 90 s budget. */
export const UPLOAD_TIMEOUT =
  'The analysis is taking longer than expected. This can happen with large documents or when analyzing against many requirements. Please try uploading a smaller document or contact support if this persists.';
export const REANALYZE_TIMEOUT = 'Re-analysis is taking longer than expected. Please try again in a moment.';

interface ParsedUpload {
  filename: string;
  content: Buffer;
  fields: Record<string, string>;
}

const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${formatSize(maxBytes)} limit`);

/** Reads one file and a few short fields; a file over the limit is refused before anything is stored. */
async function readUpload(req: FastifyRequest, maxBytes: number): Promise<ParsedUpload> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data in a field named "file"');
  const fields: Record<string, string> = {};
  let file: { filename: string; content: Buffer } | undefined;
  for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 10_000 } })) {
    if (part.type === 'file') {
      const content = await part.toBuffer().catch((error: { code?: string }) => {
        if (error?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
        throw error;
      });
      if (part.file.truncated) throw tooLarge(maxBytes);
      file = { filename: part.filename || 'upload', content };
    } else {
      // A blank field counts as not sent.
      const value = String(part.value ?? '').trim();
      if (value) fields[part.fieldname] = value;
    }
  }
  if (!file) throw new AppError('BAD_REQUEST', 'A file is required');
  return { ...file, fields };
}

async function respond(reply: FastifyReply, deps: AppDeps, { actor, tenantId }: EditorScope, ids: { documentId: string; jobId: string }, wait: boolean, kind: 'contract' | 'evidence' | 'reanalyze', filename: string) {
  if (!wait) return reply.code(202).send({ document_id: ids.documentId, job_id: ids.jobId, status: 'queued', requirement_count: 0, message: 'Analysis queued' });
  const state = await waitForJob(deps.db, deps.jobChanges, actor.caller, tenantId, ids.jobId, ANALYSIS_QUEUE.deadlineMs + 2_000);
  if (state.status === 'failed') throw new AppError('UNPROCESSABLE', state.error ?? 'The analysis failed');
  if (state.status !== 'completed') throw new AppError('TIMEOUT', kind === 'reanalyze' ? REANALYZE_TIMEOUT : UPLOAD_TIMEOUT);
  const count = Number((state.result as { requirement_count?: number } | null)?.requirement_count ?? 0);
  const message = kind === 'contract' ? `Extracted ${count} requirements from ${filename}` : kind === 'evidence' ? 'Evidence uploaded and analyzed successfully' : `Re-analyzed "${filename}" successfully`;
  return { document_id: ids.documentId, job_id: ids.jobId, status: state.status, requirement_count: count, message };
}

/**
 * The caller of an upload and its file. The caller is refused before a byte of the file is read unless
 * they may edit the tenant the request names (or the session's); a tenant_id form field is then held to
 * the same rules: checked against access, refused if it differs from the header or query, never ignored.
 */
async function receiveUpload(req: FastifyRequest, deps: AppDeps, options: { withId: boolean }) {
  const route = await authenticateRoute(req, deps, { mutation: true });
  const id = options.withId ? parseInput(idParam, req.params).id : undefined;
  const { wait } = parseInput(uploadQuery, req.query);
  const editor = narrowToEditor(route.actor, route.tenantId);
  const upload = await readUpload(req, deps.config.uploadMaxBytes);
  const named = upload.fields.tenant_id;
  if (!named) return { editor, id, upload, wait };
  const { caller, currentTenantId } = route.actor;
  const tenantId = resolveTenantId(caller, requestedTenant(req, named), currentTenantId);
  return { editor: narrowToEditor(route.actor, tenantId), id, upload, wait };
}

/**
 * Multipart uploads, re-analysis and downloads: plain routes calling the same services as the procedures.
 * Like a procedure, each authenticates first, then parses its path, query and form fields with the
 * contract schemas (file-routes-openapi.ts describes them from the same schemas); errors are thrown and
 * answered by the one error handler (error-map.ts).
 */
export async function uploadRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  await app.register(multipart);

  app.post('/contracts/upload', async (req, reply) => {
    const { editor, upload, wait } = await receiveUpload(req, deps, { withId: false });
    parseInput(contractUploadFields, upload.fields);
    const ids = await uploadDocument(deps.db, deps.queue, editor, { kind: 'contract', filename: upload.filename, content: upload.content, maxBytes: deps.config.uploadMaxBytes });
    return respond(reply, deps, editor, ids, wait, 'contract', upload.filename);
  });

  /** A new evidence document, or (replaces) a new version of one: the old one stays in its history. */
  async function uploadEvidence(req: FastifyRequest, reply: FastifyReply, options: { newVersion: boolean }) {
    const { editor, id: replaces, upload, wait } = await receiveUpload(req, deps, { withId: options.newVersion });
    const fields = parseInput(evidenceUploadFields, upload.fields);
    const ids = await uploadDocument(deps.db, deps.queue, editor, {
      kind: 'evidence',
      filename: upload.filename,
      content: upload.content,
      name: fields.name,
      description: fields.description,
      documentType: fields.document_type ?? (replaces ? undefined : 'Policy'),
      expiresOn: fields.expires_on ?? null,
      replaces,
      maxBytes: deps.config.uploadMaxBytes,
    });
    return respond(reply, deps, editor, ids, wait, 'evidence', upload.filename);
  }

  app.post('/evidence/upload', (req, reply) => uploadEvidence(req, reply, { newVersion: false }));
  app.post('/evidence/:id/versions', (req, reply) => uploadEvidence(req, reply, { newVersion: true }));

  app.post('/evidence/:id/reanalyze', async (req, reply) => {
    const { actor, tenantId } = await authenticateRoute(req, deps, { mutation: true });
    const { id } = parseInput(idParam, req.params);
    const { wait } = parseInput(uploadQuery, req.query);
    const file = await getDocumentFile(deps.db, actor, tenantId, 'evidence', id);
    const editor = narrowToEditor(actor, tenantId);
    const ids = await reanalyzeEvidence(deps.db, deps.queue, editor, id);
    return respond(reply, deps, editor, ids, wait, 'reanalyze', file.filename);
  });

  for (const kind of ['contract', 'evidence'] as const) {
    app.get(`${kind === 'contract' ? '/contracts' : '/evidence'}/:id/download`, async (req, reply) => {
      const { actor, tenantId } = await authenticateRoute(req, deps, { mutation: false });
      const { id } = parseInput(idParam, req.params);
      parseInput(documentFileQuery, req.query);
      const file = await getDocumentFile(deps.db, actor, tenantId, kind, id);
      return sendFile(reply, file.filename, file.contentType, file.content);
    });
  }
}
