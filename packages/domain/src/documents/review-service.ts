import type { Kysely } from 'kysely';
import type { ReviewEvidenceLinkInput, ReviewObligationInput, ReviewOutput, ReviewState } from '@compliance/contracts/review';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import { type EditorScope, narrowToTenantAdmin } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { notFound } from '../errors';
import { getDocumentRow } from './document-repo';

const VERB: Record<ReviewState, string> = { suggested: 'returned to suggested', accepted: 'accepted', rejected: 'rejected' };

function decidedBy(actor: Actor, state: ReviewState) {
  const decided = state !== 'suggested';
  return { reviewed_by: decided ? actor.caller.user.id : null, reviewed_at: decided ? new Date() : null };
}

function toReview(id: string, state: ReviewState, reviewer: string | null, at: Date | null): ReviewOutput {
  return { id, state, reviewed_by_name: reviewer, reviewed_at: at ? new Date(at).toISOString() : null };
}

const actorName = (actor: Actor) => actor.caller.user.full_name || actor.caller.user.username;

/**
 * An Editor accepts or rejects (or returns to suggested) one link the analysis proposed between an evidence
 * document and a requirement. A rejected link no longer counts as support; re-analysis keeps the decision.
 */
export async function reviewEvidenceLink(db: Kysely<Database>, editor: EditorScope, input: ReviewEvidenceLinkInput): Promise<ReviewOutput> {
  const { actor, tenantId } = editor;
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const document = await getDocumentRow(tx, tenantId, input.id);
    if (!document || document.kind !== 'evidence') throw notFound('Evidence');
    const link = await tx
      .selectFrom('evidence_links as l')
      .innerJoin('tenant_requirements as tr', 'tr.id', 'l.tenant_requirement_id')
      .leftJoin('catalog_requirements as c', 'c.key', 'tr.catalog_key')
      .select(['l.id', 'l.review_state', 'l.tenant_requirement_id', 'c.domain_number', 'c.domain_index', 'tr.domain_number as own_domain'])
      .where('l.tenant_id', '=', tenantId)
      .where('l.document_id', '=', input.id)
      .where('l.id', '=', input.link_id)
      .executeTakeFirst();
    if (!link) throw notFound('Evidence link');
    const decision = decidedBy(actor, input.state);
    await tx.updateTable('evidence_links').set({ review_state: input.state, ...decision }).where('id', '=', link.id).execute();
    const requirement = `${link.domain_number ?? link.own_domain}.${link.domain_index ?? 'C'}`;
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'review_evidence_link',
      details: {
        message: `Evidence "${document.name}": link to requirement ${requirement} ${VERB[input.state]}`,
        document_id: document.id,
        link_id: link.id,
        requirement_id: link.tenant_requirement_id,
        state: input.state,
        previous_state: link.review_state,
      },
      organizationId: document.organization_id,
      tenantId,
    });
    return toReview(link.id, input.state, decision.reviewed_by ? actorName(actor) : null, decision.reviewed_at);
  });
}

/** An Editor accepts or rejects (or returns to suggested) one obligation the analysis found in a contract. */
export async function reviewObligation(db: Kysely<Database>, editor: EditorScope, input: ReviewObligationInput): Promise<ReviewOutput> {
  const { actor, tenantId } = editor;
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const document = await getDocumentRow(tx, tenantId, input.id);
    if (!document || document.kind !== 'contract') throw notFound('Contract');
    const obligation = await tx
      .selectFrom('contract_obligations')
      .select(['id', 'review_state', 'clause', 'ordinal', 'tenant_requirement_id'])
      .where('tenant_id', '=', tenantId)
      .where('document_id', '=', input.id)
      .where('id', '=', input.obligation_id)
      .executeTakeFirst();
    if (!obligation) throw notFound('Obligation');
    const decision = decidedBy(actor, input.state);
    await tx.updateTable('contract_obligations').set({ review_state: input.state, ...decision }).where('id', '=', obligation.id).execute();
    const where = obligation.clause ? `clause ${obligation.clause}` : `obligation ${obligation.ordinal + 1}`;
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'review_obligation',
      details: {
        message: `Contract "${document.name}": ${where} ${VERB[input.state]}`,
        document_id: document.id,
        obligation_id: obligation.id,
        requirement_id: obligation.tenant_requirement_id,
        state: input.state,
        previous_state: obligation.review_state,
      },
      organizationId: document.organization_id,
      tenantId,
    });
    return toReview(obligation.id, input.state, decision.reviewed_by ? actorName(actor) : null, decision.reviewed_at);
  });
}

/**
 * An Admin (or a manager of the organization, or a product admin) approves a draft evidence document, a
 * policy saved from the generator, so its links count as support. Approving an approved document changes nothing.
 */
export async function approveEvidence(db: Kysely<Database>, actor: Actor, tenantId: string, id: string) {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const document = await getDocumentRow(tx, tenantId, id);
    if (!document || document.kind !== 'evidence') throw notFound('Evidence');
    // Narrowed here, not in a builder: an id that is not this tenant's evidence answers 404 before the role's 403.
    narrowToTenantAdmin(actor, tenantId, 'Only an Admin can approve evidence');
    if (document.approval === 'approved') {
      const approver = document.approved_by
        ? await tx.selectFrom('users').select(['full_name', 'username']).where('id', '=', document.approved_by).executeTakeFirst()
        : undefined;
      return {
        id,
        approval: 'approved' as const,
        approved_by_name: approver ? approver.full_name || approver.username : null,
        approved_at: document.approved_at ? new Date(document.approved_at).toISOString() : null,
        message: `Evidence "${document.name}" is already approved`,
      };
    }
    const approvedAt = new Date();
    await tx.updateTable('documents').set({ approval: 'approved', approved_by: actor.caller.user.id, approved_at: approvedAt }).where('id', '=', id).execute();
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'approve_evidence',
      details: { message: `Draft evidence "${document.name}" approved: its links now count as support`, document_id: id },
      organizationId: document.organization_id,
      tenantId,
    });
    return { id, approval: 'approved' as const, approved_by_name: actorName(actor), approved_at: approvedAt.toISOString(), message: `Evidence "${document.name}" approved` };
  });
}
