import type { Kysely } from 'kysely';
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
      .select(['d.name', 'l.excerpt'])
      .where('l.tenant_id', '=', tenantId)
      .where('l.tenant_requirement_id', '=', requirementId)
      .orderBy('l.confidence', 'desc')
      .limit(8)
      .execute();
    return { requirement: row, evidence: links };
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
