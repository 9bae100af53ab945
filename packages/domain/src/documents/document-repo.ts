import { type Kysely, sql } from 'kysely';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';
import type { Database, DocumentKind } from '@compliance/db/schema';
import { documentIsCurrent, linkCountsAsSupport } from './evidence-support';

export interface NewDocument {
  tenantId: string;
  organizationId: string;
  kind: DocumentKind;
  name: string;
  filename: string;
  fileKind: string;
  contentType: string;
  content: Buffer;
  sha256: string;
  description: string | null;
  documentType: string | null;
  expiresOn?: string | null;
  uploadedBy: string;
}

/** Stores the document row and its bytes together (one transaction, so nothing is half-stored). */
export async function insertDocument(tx: Tx, doc: NewDocument): Promise<string> {
  const { id } = await tx
    .insertInto('documents')
    .values({
      tenant_id: doc.tenantId,
      organization_id: doc.organizationId,
      kind: doc.kind,
      name: doc.name,
      filename: doc.filename,
      file_kind: doc.fileKind,
      content_type: doc.contentType,
      size_bytes: doc.content.length,
      sha256: doc.sha256,
      description: doc.description,
      document_type: doc.documentType,
      expires_on: doc.expiresOn ?? null,
      uploaded_by: doc.uploadedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.insertInto('document_files').values({ document_id: id, tenant_id: doc.tenantId, content: doc.content }).execute();
  return id;
}

/** A document of the tenant, of this kind, stored with exactly these bytes, if any (a signed contract may also be filed as evidence). */
export function findDocumentBySha256(tx: Tx, tenantId: string, kind: DocumentKind, sha256: string) {
  return tx
    .selectFrom('documents')
    .select(['id', 'name', 'kind', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where('sha256', '=', sha256)
    .orderBy('created_at')
    .executeTakeFirst();
}

export function getDocumentRow(tx: Tx, tenantId: string, id: string) {
  return tx.selectFrom('documents').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/**
 * PostgreSQL answers bytea as hex text, and decoding a 20 MB file's 40 MB of hex in one go holds the event
 * loop for a quarter of a second; read in slices, other requests are answered between them.
 */
const CONTENT_SLICE_BYTES = 1024 * 1024;

export async function getDocumentContent(tx: Tx, tenantId: string, id: string): Promise<Buffer | undefined> {
  const file = tx.selectFrom('document_files').where('tenant_id', '=', tenantId).where('document_id', '=', id);
  const head = await file.select(sql<number>`octet_length(content)::int`.as('size')).executeTakeFirst();
  if (!head) return undefined;
  const size = Number(head.size);
  const slices: Buffer[] = [];
  for (let offset = 0; offset < size; offset += CONTENT_SLICE_BYTES) {
    const row = await file.select(sql<Uint8Array>`substring(content from ${offset + 1}::int for ${CONTENT_SLICE_BYTES}::int)`.as('slice')).executeTakeFirstOrThrow();
    slices.push(Buffer.from(row.slice));
  }
  return Buffer.concat(slices, size);
}

/** A tenant's documents of one kind, newest first, with what their analysis produced. */
export async function listDocuments(tx: Tx, tenantId: string, kind: DocumentKind) {
  const { rows } = await sql<{
    id: string;
    name: string;
    filename: string;
    document_type: string | null;
    suggested_document_type: string | null;
    description: string | null;
    status: string;
    error: string | null;
    size_bytes: number;
    created_at: Date;
    analyzed_at: Date | null;
    analysis_provider: string | null;
    analysis_model: string | null;
    requirement_count: number;
    contract_side: 'provider' | 'customer';
    provider_name: string | null;
    customer_name: string | null;
    duplicate_of: string | null;
    duplicate_of_name: string | null;
    expires_on: string | null;
    expired: boolean;
    version_count: number;
    approval: 'draft' | 'approved';
  }>`
    SELECT d.id, d.name, d.filename, d.document_type, d.suggested_document_type, d.description, d.status, d.error,
      d.size_bytes, d.created_at, d.analyzed_at, d.analysis_provider, d.analysis_model,
      d.contract_side, d.provider_name, d.customer_name, d.duplicate_of, o.name AS duplicate_of_name, d.approval,
      CASE d.kind
        WHEN 'contract' THEN (SELECT count(DISTINCT o.tenant_requirement_id)::int FROM contract_obligations o WHERE o.document_id = d.id AND o.review_state <> 'rejected')
        -- A draft shows the requirements it will support once approved; any other document those it supports now.
        ELSE (SELECT count(*)::int FROM evidence_links l WHERE l.document_id = d.id AND l.review_state <> 'rejected'
          AND (d.approval = 'draft' OR ${linkCountsAsSupport('l')}))
      END AS requirement_count,
      d.expires_on::text AS expires_on, NOT ${documentIsCurrent('d')} AS expired,
      (SELECT count(*)::int FROM documents v WHERE v.superseded_by = d.id) AS version_count
    FROM documents d
    LEFT JOIN documents o ON o.id = d.duplicate_of AND o.tenant_id = d.tenant_id
    WHERE d.tenant_id = ${tenantId} AND d.kind = ${kind} AND d.superseded_by IS NULL
    ORDER BY d.created_at DESC, d.id
  `.execute(tx);
  return rows;
}

export async function setDocumentStatus(tx: Tx, id: string, status: 'queued' | 'processing' | 'completed' | 'failed', error: string | null = null) {
  await tx.updateTable('documents').set({ status, error }).where('id', '=', id).execute();
}

/**
 * A document whose analysis job ended before it ran (timed out while queued) shows that failure, unless
 * it is no longer waiting (completed or failed) or another analysis of it is still open.
 */
export async function setDocumentFailedForJob(tx: Tx, documentId: string, jobId: string, error: string) {
  await tx
    .updateTable('documents')
    .set({ status: 'failed', error })
    .where('id', '=', documentId)
    .where('status', 'in', ['queued', 'processing'])
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id <> ${jobId} AND j.status IN ('queued', 'running') AND j.deadline_at > now() AND j.payload->>'documentId' = ${documentId})`,
    )
    .execute();
}

/** Deleting a document removes its bytes, obligations, links and the contract requirements taken from it. */
export async function deleteDocumentRow(tx: Tx, tenantId: string, id: string) {
  await tx.deleteFrom('documents').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/**
 * Analysed documents with no stored passages, oldest first, across tenants (or of one tenant): read once
 * by the passage backfill, which then handles each document in its own tenant's scope.
 */
export function unsafeListDocumentsWithoutPassages(db: Kysely<Database>, options: { tenantId?: string; limit: number }) {
  return withScope(db, SYSTEM_SCOPE, (tx) =>
    tx
      .selectFrom('documents as d')
      .select(['d.id', 'd.tenant_id', 'd.organization_id', 'd.file_kind'])
      .where('d.status', '=', 'completed')
      .$if(options.tenantId !== undefined, (q) => q.where('d.tenant_id', '=', options.tenantId!))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('document_passages as p').select('p.document_id').whereRef('p.document_id', '=', 'd.id'))),
      )
      .orderBy('d.created_at')
      .limit(options.limit)
      .execute(),
  );
}
