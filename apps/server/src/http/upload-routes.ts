import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVIDENCE_TYPES } from '@compliance/contracts/documents';
import { expiryDate } from '@compliance/contracts/evidence';
import { formatSize } from '@compliance/documents/format-size';
import type { Actor } from '@compliance/domain/access/actor';
import { assertCanEditTenant } from '@compliance/domain/access/tenant-permissions';
import { resolveTenantId } from '@compliance/domain/access/tenant-resolution';
import { getDocumentFile, reanalyzeEvidence } from '@compliance/domain/documents/document-service';
import { uploadDocument } from '@compliance/domain/documents/upload-service';
import { AppError } from '@compliance/domain/errors';
import { ANALYSIS_QUEUE } from '@compliance/domain/jobs/job-definitions';
import { waitForJob } from '@compliance/domain/jobs/job-service';
import type { AppDeps } from '../trpc/context';
import { requestedTenant } from './requested-tenant';
import { answer, authenticateRoute } from './route-auth';
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
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  if (!file) throw new AppError('BAD_REQUEST', 'A file is required');
  return { ...file, fields };
}

async function respond(reply: FastifyReply, deps: AppDeps, actor: Actor, tenantId: string, ids: { documentId: string; jobId: string }, wait: boolean, kind: 'contract' | 'evidence' | 'reanalyze', filename: string) {
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
async function receiveUpload(req: FastifyRequest, deps: AppDeps) {
  const route = await authenticateRoute(req, deps, { mutation: true });
  assertCanEditTenant(route.actor.caller, route.tenantId);
  const upload = await readUpload(req, deps.config.uploadMaxBytes);
  const named = upload.fields.tenant_id?.trim();
  if (!named) return { ...route, upload };
  const { caller, currentTenantId } = route.actor;
  const tenantId = resolveTenantId(caller, requestedTenant(req, named), currentTenantId);
  assertCanEditTenant(caller, tenantId);
  return { actor: route.actor, tenantId, upload };
}

/** The optional `expires_on` form field: a real date as YYYY-MM-DD, or empty for none. */
/** The evidence type a multipart upload names, if any; one the product does not know is a 400. */
function readDocumentType(fields: Record<string, string>): string | undefined {
  const documentType = fields.document_type?.trim() || undefined;
  if (documentType && !(EVIDENCE_TYPES as readonly string[]).includes(documentType)) {
    throw new AppError('BAD_REQUEST', `Document type must be one of: ${EVIDENCE_TYPES.join(', ')}`);
  }
  return documentType;
}

function readExpiry(fields: Record<string, string>): string | null {
  const given = fields.expires_on?.trim();
  if (!given) return null;
  const parsed = expiryDate.safeParse(given);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'The expiry date must be a date as YYYY-MM-DD');
  return parsed.data;
}

const waitFlag = (req: FastifyRequest) => (req.query as { wait?: string } | undefined)?.wait !== 'false';

/** Multipart uploads, re-analysis and downloads: plain routes calling the same services as the procedures. */
export async function uploadRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  await app.register(multipart);

  app.post('/contracts/upload', (req, reply) =>
    answer(reply, async () => {
      const { actor, tenantId, upload } = await receiveUpload(req, deps);
      const ids = await uploadDocument(deps.db, deps.queue, actor, tenantId, { kind: 'contract', filename: upload.filename, content: upload.content, maxBytes: deps.config.uploadMaxBytes });
      return respond(reply, deps, actor, tenantId, ids, waitFlag(req), 'contract', upload.filename);
    }),
  );

  app.post('/evidence/upload', (req, reply) =>
    answer(reply, async () => {
      const { actor, tenantId, upload } = await receiveUpload(req, deps);
      const documentType = readDocumentType(upload.fields) ?? 'Policy';
      const ids = await uploadDocument(deps.db, deps.queue, actor, tenantId, {
        kind: 'evidence',
        filename: upload.filename,
        content: upload.content,
        name: upload.fields.name,
        description: upload.fields.description?.slice(0, 2000),
        documentType,
        expiresOn: readExpiry(upload.fields),
        maxBytes: deps.config.uploadMaxBytes,
      });
      return respond(reply, deps, actor, tenantId, ids, waitFlag(req), 'evidence', upload.filename);
    }),
  );

  app.post<{ Params: { id: string } }>('/evidence/:id/versions', (req, reply) =>
    answer(reply, async () => {
      if (!/^[0-9a-f-]{36}$/i.test(req.params.id)) throw new AppError('BAD_REQUEST', 'Must be a valid id');
      const { actor, tenantId, upload } = await receiveUpload(req, deps);
      const documentType = readDocumentType(upload.fields);
      const ids = await uploadDocument(deps.db, deps.queue, actor, tenantId, {
        kind: 'evidence',
        filename: upload.filename,
        content: upload.content,
        name: upload.fields.name,
        description: upload.fields.description?.slice(0, 2000),
        documentType,
        expiresOn: readExpiry(upload.fields),
        replaces: req.params.id,
        maxBytes: deps.config.uploadMaxBytes,
      });
      return respond(reply, deps, actor, tenantId, ids, waitFlag(req), 'evidence', upload.filename);
    }),
  );

  app.post<{ Params: { id: string } }>('/evidence/:id/reanalyze', (req, reply) =>
    answer(reply, async () => {
      const { actor, tenantId } = await authenticateRoute(req, deps, { mutation: true });
      if (!/^[0-9a-f-]{36}$/i.test(req.params.id)) throw new AppError('BAD_REQUEST', 'Must be a valid id');
      const file = await getDocumentFile(deps.db, actor, tenantId, 'evidence', req.params.id);
      const ids = await reanalyzeEvidence(deps.db, deps.queue, actor, tenantId, req.params.id);
      return respond(reply, deps, actor, tenantId, ids, waitFlag(req), 'reanalyze', file.filename);
    }),
  );

  for (const kind of ['contract', 'evidence'] as const) {
    const base = kind === 'contract' ? '/contracts' : '/evidence';
    app.get<{ Params: { id: string } }>(`${base}/:id/download`, (req, reply) =>
      answer(reply, async () => {
        const { actor, tenantId } = await authenticateRoute(req, deps, { mutation: false });
        if (!/^[0-9a-f-]{36}$/i.test(req.params.id)) throw new AppError('BAD_REQUEST', 'Must be a valid id');
        const file = await getDocumentFile(deps.db, actor, tenantId, kind, req.params.id);
        return sendFile(reply, file.filename, file.contentType, file.content);
      }),
    );
  }
}
