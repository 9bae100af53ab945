import { type Kysely, sql } from 'kysely';
import type { AiEngine } from '@compliance/ai/engine';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import { assertCanEditTenant } from '../access/tenant-permissions';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, notFound } from '../errors';
import { listTenantRequirements } from './requirement-repo';
import { FRAMEWORKS } from '@compliance/contracts/frameworks';

/**
 * The stored passage of the document that holds the excerpt a link rests on (whole sentences and the
 * section heading around it), if the document's passages hold it.
 */
async function passageAround(tx: Kysely<Database>, tenantId: string, documentId: string, excerpt: string): Promise<string | undefined> {
  const start = excerpt.replace(/\s+/g, ' ').trim().slice(0, 60);
  if (start.length < 12) return undefined;
  const found = await tx
    .selectFrom('document_passages')
    .select('text')
    .where('tenant_id', '=', tenantId)
    .where('document_id', '=', documentId)
    .where(sql<boolean>`strpos(text, ${start}) > 0`)
    .orderBy('ordinal')
    .limit(1)
    .executeTakeFirst();
  return found?.text;
}

/**
 * Writes a suggested response from the evidence linked to the requirement, citing the evidence names,
 * and keeps it with the provider and model that wrote it.
 */
export async function generateSuggestedResponse(db: Kysely<Database>, engine: AiEngine, actor: Actor, tenantId: string, requirementId: string) {
  assertCanEditTenant(actor.caller, tenantId);
  const { requirement, evidence } = await withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const [row] = await listTenantRequirements(tx, { tenantId, frameworks: FRAMEWORKS, id: requirementId });
    if (!row) throw notFound('Requirement');
    const links = await tx
      .selectFrom('evidence_links as l')
      .innerJoin('documents as d', 'd.id', 'l.document_id')
      .select(['d.id', 'd.name', 'l.excerpt'])
      .where('l.tenant_id', '=', tenantId)
      .where('l.tenant_requirement_id', '=', requirementId)
      .orderBy('l.confidence', 'desc')
      .limit(8)
      .execute();
    const evidence = [];
    for (const link of links) evidence.push({ name: link.name, excerpt: link.excerpt, passage: await passageAround(tx, tenantId, link.id, link.excerpt) });
    return { requirement: row, evidence };
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
