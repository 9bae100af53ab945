import type { Kysely } from 'kysely';
import { FRAMEWORKS } from '@compliance/contracts/frameworks';
import type { AssignRequirementsInput, Requirement } from '@compliance/contracts/requirements';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import type { EditorScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, notFound } from '../errors';
import { listContractDisplayIds } from './display-ids';
import { toRequirements } from './requirement-mapper';
import { assignTenantRequirements, getTenantRequirementRows, listTenantOwners, listTenantRequirements } from './requirement-repo';
import { getTenantContext } from './requirement-service';

/**
 * Bulk assignment from the requirements screen: several requirements of the tenant get one owner and/or one
 * due date in one transaction, with one audit entry per requirement that changed. Any id that is not a
 * requirement of this tenant refuses the whole call, so nothing is half-assigned.
 */
export async function assignRequirements(
  db: Kysely<Database>,
  editor: EditorScope,
  input: AssignRequirementsInput,
): Promise<{ updated: number; requirements: Requirement[] }> {
  const { actor, tenantId } = editor;
  const ids = [...new Set(input.requirement_ids)];
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const tenant = await getTenantContext(tx, tenantId);
    const rows = await getTenantRequirementRows(tx, tenantId, ids);
    if (rows.length !== ids.length) throw notFound('Requirement');
    let ownerName: string | null = null;
    if (input.owner_id) {
      const owner = (await listTenantOwners(tx, tenantId, tenant.organization_id)).find((o) => o.id === input.owner_id);
      if (!owner) throw new AppError('BAD_REQUEST', 'The owner must be a user with access to this tenant');
      ownerName = owner.full_name || owner.username;
    }
    let updated = 0;
    for (const row of rows) {
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (input.owner_id !== undefined && input.owner_id !== row.owner_user_id) changes.owner = { from: row.owner_user_id, to: input.owner_id };
      if (input.due_date !== undefined && input.due_date !== row.due_date) changes.due_date = { from: row.due_date, to: input.due_date };
      if (!Object.keys(changes).length) continue;
      updated++;
      const what = [
        changes.owner ? (input.owner_id ? `owner ${ownerName}` : 'owner cleared') : null,
        changes.due_date ? (input.due_date ? `due ${input.due_date}` : 'due date cleared') : null,
      ].filter(Boolean);
      await createAuditEntry(tx, {
        ...auditBy(actor),
        action: 'update_requirement_response',
        details: { message: `Requirement ${row.catalog_key ?? 'contract requirement'} assigned: ${what.join(', ')}`, requirement_id: row.id, changes, bulk: true },
        organizationId: row.organization_id,
        tenantId,
      });
    }
    await assignTenantRequirements(tx, tenantId, ids, {
      ...(input.owner_id !== undefined ? { owner_user_id: input.owner_id } : {}),
      ...(input.due_date !== undefined ? { due_date: input.due_date } : {}),
      updated_by: actor.caller.user.id,
    });
    const listed = await listTenantRequirements(tx, { tenantId, frameworks: FRAMEWORKS, ids });
    const contractIds = listed.some((r) => r.source_type === 'contract') ? await listContractDisplayIds(tx, tenantId) : new Map<string, string>();
    return { updated, requirements: toRequirements(listed, tenant.assigned_frameworks, contractIds) };
  });
}
