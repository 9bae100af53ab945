import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Contract, ContractSide, Evidence } from '@compliance/contracts/documents';
import { domainName } from '@compliance/contracts/domains';
import type { Database, DocumentKind, ReviewState } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import type { EditorScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { notFound } from '../errors';
import type { JobQueue } from '../jobs/job-queue';
import { createJob } from '../jobs/job-service';
import { listContractDisplayIds, requirementDisplayId } from '../requirements/display-ids';
import { deleteDocumentRow, getDocumentContent, getDocumentRow, listDocuments } from './document-repo';
import { documentIsCurrent, linkCountsAsSupport } from './evidence-support';

type DocumentListRow = Awaited<ReturnType<typeof listDocuments>>[number];

/** A link's or obligation's review as the contracts answer it. */
function reviewOf(r: { review_state: ReviewState; reviewed_by_name: string | null; reviewed_at: Date | null }) {
  return { state: r.review_state, reviewed_by_name: r.reviewed_by_name, reviewed_at: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null };
}

function toDocument(row: DocumentListRow) {
  return {
    id: row.id,
    name: row.name,
    filename: row.filename,
    upload_date: new Date(row.created_at).toISOString(),
    requirement_count: Number(row.requirement_count),
    status: row.status as Contract['status'],
    error: row.error,
    analysis_provider: row.analysis_provider,
    analysis_model: row.analysis_model,
  };
}

function toContract(row: DocumentListRow): Contract {
  return {
    ...toDocument(row),
    side: row.contract_side,
    counterparty: row.contract_side === 'provider' ? row.customer_name : row.provider_name,
    provider_name: row.provider_name,
    customer_name: row.customer_name,
    duplicate_of: row.duplicate_of && row.duplicate_of_name ? { id: row.duplicate_of, name: row.duplicate_of_name } : null,
  };
}

export async function listContracts(db: Kysely<Database>, actor: Actor, tenantId: string): Promise<Contract[]> {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => (await listDocuments(tx, tenantId, 'contract')).map(toContract));
}

export function toEvidence(row: DocumentListRow): Evidence {
  return {
    ...toDocument(row),
    document_type: row.document_type,
    suggested_document_type: row.suggested_document_type,
    description: row.description,
    expires_on: row.expires_on,
    expired: Boolean(row.expired),
    version_count: Number(row.version_count),
    approval: row.approval,
  };
}

export async function listEvidence(db: Kysely<Database>, actor: Actor, tenantId: string): Promise<Evidence[]> {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => (await listDocuments(tx, tenantId, 'evidence')).map(toEvidence));
}

/** Deletes a contract or evidence document and everything taken from it. */
export async function deleteDocument(db: Kysely<Database>, editor: EditorScope, kind: DocumentKind, id: string) {
  const { actor, tenantId } = editor;
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const row = await getDocumentRow(tx, tenantId, id);
    if (!row || row.kind !== kind) throw notFound(kind === 'contract' ? 'Contract' : 'Evidence');
    await deleteDocumentRow(tx, tenantId, id);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: kind === 'contract' ? 'delete_contract' : 'delete_evidence',
      details: { message: `${kind === 'contract' ? 'Contract' : 'Evidence'} "${row.name}" deleted`, document_id: id },
      organizationId: row.organization_id,
      tenantId,
    });
    return { name: row.name };
  });
}

/** The original bytes and file name, for download. */
export async function getDocumentFile(db: Kysely<Database>, actor: Actor, tenantId: string, kind: DocumentKind, id: string) {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const row = await getDocumentRow(tx, tenantId, id);
    if (!row || row.kind !== kind) throw notFound(kind === 'contract' ? 'Contract' : 'Evidence');
    const content = await getDocumentContent(tx, tenantId, id);
    if (!content) throw notFound('File');
    return { filename: row.filename, contentType: row.content_type, content };
  });
}

/** Queues a new analysis of an evidence document; its links are replaced when it finishes. */
export async function reanalyzeEvidence(db: Kysely<Database>, queue: JobQueue, editor: EditorScope, id: string) {
  const { actor, tenantId } = editor;
  const jobId = await withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const row = await getDocumentRow(tx, tenantId, id);
    if (!row || row.kind !== 'evidence') throw notFound('Evidence');
    await tx.updateTable('documents').set({ status: 'queued', error: null }).where('id', '=', id).execute();
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'reanalyze_evidence',
      details: { message: `Re-analysis of evidence "${row.name}" requested`, document_id: id },
      organizationId: row.organization_id,
      tenantId,
    });
    return createJob(tx, { tenantId, organizationId: row.organization_id, name: 'analyze-evidence', payload: { documentId: id, tenantId }, createdBy: actor.caller.user.id });
  });
  await queue.enqueue('analyze-evidence', jobId);
  return { documentId: id, jobId };
}

/** What a contract imposes: every obligation with its clause, exact text and the requirement it became. */
export async function listContractObligations(db: Kysely<Database>, actor: Actor, tenantId: string, id: string) {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const row = await getDocumentRow(tx, tenantId, id);
    if (!row || row.kind !== 'contract') throw notFound('Contract');
    const { rows } = await sql<{
      id: string;
      review_state: ReviewState;
      reviewed_by_name: string | null;
      reviewed_at: Date | null;
      clause: string | null;
      text: string;
      domain_number: number;
      requirement_id: string | null;
      confidence: number;
      source_type: 'framework' | 'contract' | null;
      domain_index: number | null;
      requirement_domain: number | null;
      key: string | null;
      party: 'provider' | 'customer' | 'both';
    }>`
      SELECT o.id, o.review_state, coalesce(ru.full_name, ru.username) AS reviewed_by_name, o.reviewed_at,
        o.clause, o.text, o.domain_number, o.tenant_requirement_id AS requirement_id, o.confidence, tr.source_type, c.domain_index,
        coalesce(c.domain_number, tr.domain_number) AS requirement_domain, c.key, o.party
      FROM contract_obligations o
      LEFT JOIN tenant_requirements tr ON tr.id = o.tenant_requirement_id
      LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
      LEFT JOIN users ru ON ru.id = o.reviewed_by
      WHERE o.document_id = ${id} AND o.tenant_id = ${tenantId}
      ORDER BY o.ordinal
    `.execute(tx);
    const contractIds = rows.some((r) => r.source_type === 'contract') ? await listContractDisplayIds(tx, tenantId) : new Map<string, string>();
    return rows.map((r) => ({
      id: r.id,
      ...reviewOf(r),
      clause: r.clause,
      text: r.text,
      domain_number: r.domain_number,
      domain_name: domainName(r.domain_number),
      requirement_id: r.requirement_id,
      display_id: r.requirement_id ? requirementDisplayId({ id: r.requirement_id, domain_number: r.requirement_domain ?? r.domain_number, domain_index: r.domain_index }, contractIds) : null,
      source_type: r.source_type,
      confidence: Number(r.confidence),
      party: r.party,
      theirs: r.party !== 'both' && r.party !== row.contract_side,
    }));
  });
}

/**
 * Sets the side of the contract the tenant is on and queues a new analysis, so the tenant's requirements
 * follow its own duties. Setting the side it already has changes nothing.
 */
export async function setContractSide(db: Kysely<Database>, queue: JobQueue, editor: EditorScope, id: string, side: ContractSide) {
  const { actor, tenantId } = editor;
  const outcome = await withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const row = await getDocumentRow(tx, tenantId, id);
    if (!row || row.kind !== 'contract') throw notFound('Contract');
    if (row.contract_side === side) return { name: row.name, jobId: null };
    await tx.updateTable('documents').set({ contract_side: side, status: 'queued', error: null }).where('id', '=', id).execute();
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'set_contract_side',
      details: { message: `Contract "${row.name}": the tenant is the ${side === 'provider' ? 'provider' : 'customer'}; re-analysis requested`, document_id: id },
      organizationId: row.organization_id,
      tenantId,
    });
    const jobId = await createJob(tx, { tenantId, organizationId: row.organization_id, name: 'analyze-contract', payload: { documentId: id, tenantId }, createdBy: actor.caller.user.id });
    return { name: row.name, jobId };
  });
  if (outcome.jobId) await queue.enqueue('analyze-contract', outcome.jobId);
  return outcome;
}

/** What an evidence document supports: the suggested type and every linked requirement with its excerpt. */
export async function listEvidenceLinks(db: Kysely<Database>, actor: Actor, tenantId: string, id: string) {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const row = await getDocumentRow(tx, tenantId, id);
    if (!row || row.kind !== 'evidence') throw notFound('Evidence');
    const { rows } = await sql<{
      id: string;
      review_state: ReviewState;
      reviewed_by_name: string | null;
      reviewed_at: Date | null;
      requirement_id: string;
      domain_number: number;
      domain_index: number | null;
      requirement_text: string;
      confidence: number;
      excerpt: string;
    }>`
      SELECT l.id, l.review_state, coalesce(ru.full_name, ru.username) AS reviewed_by_name, l.reviewed_at, l.tenant_requirement_id AS requirement_id, coalesce(c.domain_number, tr.domain_number) AS domain_number, c.domain_index,
        coalesce(c.text, tr.text) AS requirement_text, l.confidence, l.excerpt
      FROM evidence_links l
      JOIN tenant_requirements tr ON tr.id = l.tenant_requirement_id
      LEFT JOIN catalog_requirements c ON c.key = tr.catalog_key
      LEFT JOIN users ru ON ru.id = l.reviewed_by
      WHERE l.document_id = ${id} AND l.tenant_id = ${tenantId}
      ORDER BY l.confidence DESC
    `.execute(tx);
    const contractIds = rows.some((r) => r.domain_index === null) ? await listContractDisplayIds(tx, tenantId) : new Map<string, string>();
    return {
      document_type: row.document_type,
      suggested_document_type: row.suggested_document_type,
      approval: row.approval,
      links: rows.map((r) => ({
        id: r.id,
        ...reviewOf(r),
        requirement_id: r.requirement_id,
        display_id: requirementDisplayId({ id: r.requirement_id, domain_number: r.domain_number, domain_index: r.domain_index }, contractIds),
        domain_number: r.domain_number,
        requirement_text: r.requirement_text,
        confidence: Number(r.confidence),
        excerpt: r.excerpt,
      })),
    };
  });
}

/** The evidence supporting one requirement, with the supporting excerpt. */
export async function listRequirementEvidence(db: Kysely<Database>, actor: Actor, tenantId: string, requirementId: string) {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const rows = await tx
      .selectFrom('evidence_links as l')
      .innerJoin('documents as d', 'd.id', 'l.document_id')
      .leftJoin('users as ru', 'ru.id', 'l.reviewed_by')
      .select([
        'd.id as evidence_id',
        'd.name',
        'd.document_type',
        'l.confidence',
        'l.excerpt',
        'l.id as link_id',
        'l.review_state',
        'l.reviewed_at',
        'd.approval',
        sql<string | null>`coalesce(ru.full_name, ru.username)`.as('reviewed_by_name'),
        sql<string | null>`d.expires_on::text`.as('expires_on'),
        sql<boolean>`NOT ${documentIsCurrent('d')}`.as('expired'),
        linkCountsAsSupport('l').as('counts'),
      ])
      .where('l.tenant_id', '=', tenantId)
      .where('l.tenant_requirement_id', '=', requirementId)
      .orderBy(linkCountsAsSupport('l'), 'desc')
      .orderBy('l.confidence', 'desc')
      .execute();
    return rows.map(({ review_state, reviewed_at, reviewed_by_name, ...r }) => ({
      ...r,
      confidence: Number(r.confidence),
      expired: Boolean(r.expired),
      counts: Boolean(r.counts),
      ...reviewOf({ review_state, reviewed_at, reviewed_by_name }),
    }));
  });
}
