import { type Kysely, sql } from 'kysely';
import type { Evidence } from '@compliance/contracts/documents';
import type { ExpiringEvidence, UpdateEvidenceInput } from '@compliance/contracts/evidence';
import type { Database } from '@compliance/db/schema';
import { type Tx, withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import type { EditorScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, notFound } from '../errors';
import { toEvidence } from './document-service';
import { listDocuments } from './document-repo';
import { documentIsCurrent } from './evidence-support';

/** The current version of an evidence document of the tenant, with its expiry read as text. */
export async function getCurrentEvidenceRow(tx: Tx, tenantId: string, id: string) {
  const row = await tx
    .selectFrom('documents')
    .select(['id', 'name', 'description', 'document_type', 'organization_id', 'kind', 'superseded_by', sql<string | null>`expires_on::text`.as('expires_on')])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.kind !== 'evidence') throw notFound('Evidence');
  if (row.superseded_by) throw new AppError('CONFLICT', `"${row.name}" has been replaced by a newer version; change the current version instead`);
  return row;
}

async function getEvidenceInTx(tx: Tx, tenantId: string, id: string): Promise<Evidence> {
  const row = (await listDocuments(tx, tenantId, 'evidence')).find((d) => d.id === id);
  if (!row) throw notFound('Evidence');
  return toEvidence(row);
}

/** Changes the name, description, document type or expiry date of an evidence document (only what is sent). */
export async function updateEvidence(db: Kysely<Database>, editor: EditorScope, input: UpdateEvidenceInput): Promise<Evidence> {
  const { actor, tenantId } = editor;
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const row = await getCurrentEvidenceRow(tx, tenantId, input.id);
    const before = { name: row.name, description: row.description, document_type: row.document_type, expires_on: row.expires_on };
    const after = {
      name: input.name ?? row.name,
      description: input.description === undefined ? row.description : input.description,
      document_type: input.document_type ?? row.document_type,
      expires_on: input.expires_on === undefined ? row.expires_on : input.expires_on,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(after) as (keyof typeof after)[]) {
      if (after[key] !== before[key]) changes[key] = { from: before[key], to: after[key] };
    }
    if (Object.keys(changes).length) {
      await tx.updateTable('documents').set(after).where('id', '=', row.id).where('tenant_id', '=', tenantId).execute();
      await createAuditEntry(tx, {
        ...auditBy(actor),
        action: 'update_evidence',
        details: { message: `Evidence "${after.name}" updated: ${describeChanges(changes)}`, document_id: row.id, changes },
        organizationId: row.organization_id,
        tenantId,
      });
    }
    return getEvidenceInTx(tx, tenantId, row.id);
  });
}

function describeChanges(changes: Record<string, { from: unknown; to: unknown }>): string {
  return Object.entries(changes)
    .map(([key, { from, to }]) => (key === 'description' ? 'description' : `${key.replace('_', ' ')} ${from ?? 'none'} → ${to ?? 'none'}`))
    .join(', ');
}

/** The versions of an evidence document: the current one first, then those it replaced, newest first. */
export async function listEvidenceVersions(db: Kysely<Database>, actor: Actor, tenantId: string, id: string) {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const current = await getCurrentEvidenceRow(tx, tenantId, id);
    const { rows } = await sql<{ id: string; name: string; filename: string; created_at: Date; uploaded_by: string | null; size_bytes: number; expires_on: string | null; expired: boolean }>`
      SELECT d.id, d.name, d.filename, d.created_at, coalesce(u.full_name, u.username) AS uploaded_by, d.size_bytes,
        d.expires_on::text AS expires_on, NOT ${documentIsCurrent('d')} AS expired
      FROM documents d LEFT JOIN users u ON u.id = d.uploaded_by
      WHERE d.tenant_id = ${tenantId} AND (d.id = ${current.id} OR d.superseded_by = ${current.id})
      ORDER BY d.superseded_by IS NULL DESC, d.created_at DESC, d.id
    `.execute(tx);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      filename: r.filename,
      upload_date: new Date(r.created_at).toISOString(),
      uploaded_by: r.uploaded_by,
      size_bytes: Number(r.size_bytes),
      expires_on: r.expires_on,
      expired: Boolean(r.expired),
      current: r.id === current.id,
    }));
  });
}

/** Evidence that has expired, or expires within `days` days, soonest first (current versions only). */
export async function listExpiringEvidence(db: Kysely<Database>, actor: Actor, tenantId: string, days: number): Promise<ExpiringEvidence> {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const { rows } = await sql<{ id: string; name: string; document_type: string | null; expires_on: string; expired: boolean; days_left: number; linked: number; today: string }>`
      SELECT d.id, d.name, d.document_type, d.expires_on::text AS expires_on, NOT ${documentIsCurrent('d')} AS expired,
        (d.expires_on - current_date)::int AS days_left, current_date::text AS today,
        (SELECT count(*)::int FROM evidence_links l WHERE l.document_id = d.id) AS linked
      FROM documents d
      WHERE d.tenant_id = ${tenantId} AND d.kind = 'evidence' AND d.superseded_by IS NULL
        AND d.expires_on IS NOT NULL AND d.expires_on <= current_date + ${days}::int
      ORDER BY d.expires_on, d.name, d.id
    `.execute(tx);
    const today = rows[0]?.today ?? (await sql<{ today: string }>`SELECT current_date::text AS today`.execute(tx)).rows[0]!.today;
    return {
      days,
      today,
      evidence: rows.map((r) => ({
        id: r.id,
        name: r.name,
        document_type: r.document_type,
        expires_on: r.expires_on,
        expired: Boolean(r.expired),
        days_left: Number(r.days_left),
        linked_requirement_count: Number(r.linked),
      })),
    };
  });
}

/**
 * A new version of an evidence document becomes current: the earlier versions stay as its history, and
 * the links of the one it replaces move to it (marked as carried over, so its own analysis adds to them).
 */
export async function supersedeEvidence(tx: Tx, actor: Actor, tenantId: string, previous: { id: string; name: string; organization_id: string }, next: { id: string; filename: string }) {
  await tx.updateTable('documents').set({ superseded_by: next.id }).where('tenant_id', '=', tenantId).where((eb) => eb.or([eb('id', '=', previous.id), eb('superseded_by', '=', previous.id)])).execute();
  const moved = await tx
    .updateTable('evidence_links')
    .set({ document_id: next.id, carried_from: previous.id })
    .where('tenant_id', '=', tenantId)
    .where('document_id', '=', previous.id)
    .executeTakeFirst();
  await createAuditEntry(tx, {
    ...auditBy(actor),
    action: 'upload_evidence_version',
    details: { message: `New version of evidence "${previous.name}" uploaded (${next.filename}); ${Number(moved.numUpdatedRows)} requirement links moved to it`, document_id: next.id, previous_document_id: previous.id },
    organizationId: previous.organization_id,
    tenantId,
  });
}
