import { type Kysely, sql } from 'kysely';
import type { AiEngine } from '@compliance/ai/engine';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import type { EditorScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, notFound } from '../errors';
import { linkCountsAsSupport } from '../documents/evidence-support';
import { listTenantRequirements } from './requirement-repo';
import { FRAMEWORKS } from '@compliance/contracts/frameworks';

/**
 * The stored passages of the documents that hold the excerpts the links rest on (whole sentences and the
 * section heading around them), in one query: for each link, its document's first passage holding the
 * excerpt's opening words, if any.
 */
async function passagesAround(tx: Kysely<Database>, tenantId: string, links: ReadonlyArray<{ id: string; excerpt: string }>): Promise<Array<string | undefined>> {
  const starts = links.map((l) => l.excerpt.replace(/\s+/g, ' ').trim().slice(0, 60));
  const wanted = links.filter((_, i) => starts[i]!.length >= 12);
  if (!wanted.length) return links.map(() => undefined);
  const rows = await tx
    .selectFrom('document_passages')
    .select(['document_id', 'ordinal', 'text'])
    .where('tenant_id', '=', tenantId)
    .where('document_id', 'in', [...new Set(wanted.map((l) => l.id))])
    .where((eb) => eb.or(starts.filter((s) => s.length >= 12).map((start) => eb(sql<number>`strpos(text, ${start})`, '>', 0))))
    .orderBy('ordinal')
    .execute();
  return links.map((link, i) => (starts[i]!.length >= 12 ? rows.find((r) => r.document_id === link.id && r.text.includes(starts[i]!))?.text : undefined));
}


/**
 * Writes a suggested response from the evidence linked to the requirement, citing the evidence names,
 * and keeps it with the provider and model that wrote it.
 */
export async function generateSuggestedResponse(db: Kysely<Database>, engine: AiEngine, editor: EditorScope, requirementId: string) {
  const { actor, tenantId } = editor;
  const { requirement, evidence } = await withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const [row] = await listTenantRequirements(tx, { tenantId, frameworks: FRAMEWORKS, id: requirementId });
    if (!row) throw notFound('Requirement');
    const links = await tx
      .selectFrom('evidence_links as l')
      .innerJoin('documents as d', 'd.id', 'l.document_id')
      .select(['d.id', 'd.name', 'l.excerpt'])
      .where('l.tenant_id', '=', tenantId)
      .where('l.tenant_requirement_id', '=', requirementId)
      .where(linkCountsAsSupport('l'))
      .orderBy('l.confidence', 'desc')
      .limit(8)
      .execute();
    const passages = await passagesAround(tx, tenantId, links);
    return { requirement: row, evidence: links.map((link, i) => ({ name: link.name, excerpt: link.excerpt, passage: passages[i] })) };
  });
  if (!evidence.length) throw new AppError('BAD_REQUEST', 'Upload evidence that supports this requirement first');
  const signal = AbortSignal.timeout(90_000);
  const out = await engine.suggestResponse(
    { requirement: { key: requirement.key ?? undefined, text: requirement.text, domain_number: requirement.domain_number }, evidence },
    { signal },
  );
  await withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    await tx
      .updateTable('tenant_requirements')
      .set({ suggested_response: out.text, suggested_by: `${out.provider}/${out.model}`, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', requirementId)
      .execute();
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'generate_response',
      details: { message: `Suggested response generated (${out.provider} / ${out.model})`, requirement_id: requirementId, provider: out.provider, model: out.model },
      tenantId,
      organizationId: actor.caller.tenants.get(tenantId)?.organization_id ?? null,
    });
  });
  return { suggested_response: out.text, provider: out.provider, model: out.model };
}
