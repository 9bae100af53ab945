import type { Kysely } from 'kysely';
import { FRAMEWORKS } from '@compliance/contracts/frameworks';
import type { Requirement, RequirementListInput, UpdateResponseInput } from '@compliance/contracts/requirements';
import { readStatus } from '@compliance/contracts/requirements';
import { type RequirementListTotals, type RequirementPage, type RequirementPageInput, encodeRequirementCursor } from '@compliance/contracts/requirement-pages';
import type { Database } from '@compliance/db/schema';
import { readInScope } from '@compliance/db/scoped-read';
import { type Tx, withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import type { EditorScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, notFound } from '../errors';
import { recordTenantSnapshot } from '../history/history-service';
import { contractDisplayId, listContractDisplayIds } from './display-ids';
import { toRequirement, toRequirements } from './requirement-mapper';
import { requirementPageStatement } from './requirement-page-statement';
import { getTenantRequirementRow, listTenantOwners, listTenantRequirements, updateTenantRequirement } from './requirement-repo';

export interface TenantContext {
  id: string;
  name: string;
  organization_id: string;
  assigned_frameworks: string[];
}

export async function getTenantContext(tx: Tx, tenantId: string): Promise<TenantContext> {
  const tenant = await tx
    .selectFrom('tenants')
    .select(['id', 'name', 'organization_id', 'assigned_frameworks'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  if (!tenant) throw notFound('Tenant');
  return tenant;
}

/** The frameworks a call works with: the requested ones the tenant has, or all the tenant's. */
export function effectiveFrameworks(tenant: TenantContext, requested: readonly string[] | undefined): string[] {
  return requested ? tenant.assigned_frameworks.filter((f) => requested.includes(f)) : tenant.assigned_frameworks;
}

export interface RequirementQuery {
  domains?: number[];
  frameworks?: string[];
  ownerId?: string;
  statuses?: string[];
  overdueOnly?: boolean;
}

/** Lists a tenant's requirements, read inside that tenant's scope only. */
export async function listRequirementsInTx(tx: Tx, tenantId: string, input: RequirementQuery) {
  const tenant = await getTenantContext(tx, tenantId);
  const frameworks = effectiveFrameworks(tenant, input.frameworks);
  const rows = await listTenantRequirements(tx, { tenantId, ...input, frameworks });
  const contractIds = rows.some((r) => r.source_type === 'contract') ? await listContractDisplayIds(tx, tenantId) : new Map<string, string>();
  return { tenant, requirements: toRequirements(rows, tenant.assigned_frameworks, contractIds) };
}

/** The filters of a list call (the whole list or a page), with owner=me read as the caller. */
function listQuery(actor: Actor, input: Partial<RequirementListInput>): RequirementQuery {
  return {
    domains: input.domains,
    frameworks: input.frameworks,
    ownerId: input.owner === 'me' ? actor.caller.user.id : input.owner,
    statuses: input.status,
    overdueOnly: input.overdue,
  };
}

export async function listRequirements(db: Kysely<Database>, actor: Actor, tenantId: string, input: Partial<RequirementListInput>): Promise<Requirement[]> {
  const query = listQuery(actor, input);
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => (await listRequirementsInTx(tx, tenantId, query)).requirements);
}

/**
 * One page of a tenant's requirements in list order, after the cursor's place (keyset: a page costs the
 * same at the end of the list as at its start). The first page also carries the whole filtered list's
 * counts, for the screen's tiles and group headers. One statement, read with its scope in one round trip
 * (requirement-page-statement.ts).
 */
export async function listRequirementPage(db: Kysely<Database>, actor: Actor, tenantId: string, input: RequirementPageInput): Promise<RequirementPage> {
  const { frameworks, ...query } = listQuery(actor, input);
  const statement = requirementPageStatement({ tenantId, ...query }, frameworks, { after: input.cursor, limit: input.limit + 1 }, !input.cursor);
  const [row] = await readInScope(db, tenantScope(actor.caller, tenantId), statement);
  if (!row?.assigned) throw notFound('Tenant');
  const rows = row.items.slice(0, input.limit);
  const contractIds = new Map(rows.filter((r) => r.contract_n !== null).map((r) => [r.id, contractDisplayId(r.domain_number, r.contract_n!)]));
  const last = rows.at(-1);
  const next = row.items.length > input.limit && last
    ? encodeRequirementCursor({ domain: last.domain_number, source: last.list_source, index: last.list_index, createdAt: last.list_created, id: last.id })
    : null;
  return {
    items: toRequirements(rows, row.assigned, contractIds),
    next_cursor: next,
    totals: row.totals ? listTotals(row.totals) : null,
  };
}

function listTotals(domains: { domain_number: number; total: number; non_compliant: number }[]): RequirementListTotals {
  return {
    total: domains.reduce((sum, d) => sum + d.total, 0),
    non_compliant: domains.reduce((sum, d) => sum + d.non_compliant, 0),
    domains,
  };
}

export async function getRequirement(db: Kysely<Database>, actor: Actor, tenantId: string, id: string): Promise<Requirement> {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const tenant = await getTenantContext(tx, tenantId);
    const [row] = await listTenantRequirements(tx, { tenantId, frameworks: FRAMEWORKS, id });
    if (!row) throw notFound('Requirement');
    const contractIds = row.source_type === 'contract' ? await listContractDisplayIds(tx, tenantId) : new Map<string, string>();
    return toRequirement(row, tenant.assigned_frameworks, contractIds);
  });
}

export async function updateRequirementResponse(db: Kysely<Database>, editor: EditorScope, input: UpdateResponseInput): Promise<Requirement> {
  const { actor, tenantId } = editor;
  await withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const row = await getTenantRequirementRow(tx, tenantId, input.id);
    if (!row) throw notFound('Requirement');
    if (input.owner_id) {
      const owners = await listTenantOwners(tx, tenantId, row.organization_id);
      if (!owners.some((o) => o.id === input.owner_id)) throw new AppError('BAD_REQUEST', 'The owner must be a user with access to this tenant');
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.compliance_status !== undefined && input.compliance_status !== readStatus(row.status)) {
      changes.status = { from: readStatus(row.status), to: input.compliance_status };
    }
    if (input.user_response !== undefined && (input.user_response ?? null) !== row.user_response) {
      changes.response = { from: row.user_response ? `${row.user_response.length} characters` : null, to: input.user_response ? `${input.user_response.length} characters` : null };
    }
    if (input.owner_id !== undefined && input.owner_id !== row.owner_user_id) changes.owner = { from: row.owner_user_id, to: input.owner_id };
    if (input.due_date !== undefined && input.due_date !== row.due_date) changes.due_date = { from: row.due_date, to: input.due_date };
    await updateTenantRequirement(tx, row.id, {
      ...(input.compliance_status !== undefined ? { status: input.compliance_status } : {}),
      ...(input.user_response !== undefined ? { user_response: input.user_response } : {}),
      ...(input.owner_id !== undefined ? { owner_user_id: input.owner_id } : {}),
      ...(input.due_date !== undefined ? { due_date: input.due_date } : {}),
      updated_by: actor.caller.user.id,
    });
    const label = row.catalog_key ?? 'contract requirement';
    const summary = changes.status ? `status ${changes.status.from} → ${changes.status.to}` : Object.keys(changes).join(', ') || 'no change';
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'update_requirement_response',
      details: { message: `Requirement ${label} updated: ${summary}`, requirement_id: row.id, changes },
      organizationId: row.organization_id,
      tenantId,
    });
    if (changes.status) await recordTenantSnapshot(tx, tenantId, row.organization_id);
  });
  return getRequirement(db, actor, tenantId, input.id);
}

export async function listRequirementOwners(db: Kysely<Database>, actor: Actor, tenantId: string) {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const tenant = await getTenantContext(tx, tenantId);
    return listTenantOwners(tx, tenantId, tenant.organization_id);
  });
}

/** Contracts analysed and evidence uploaded for the tenant. */
export async function getRequirementStats(tx: Tx, tenantId: string): Promise<{ contracts: number; evidence: number }> {
  const rows = await tx
    .selectFrom('documents')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'completed')
    .where('superseded_by', 'is', null)
    .groupBy('kind')
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { contracts: of('contract'), evidence: of('evidence') };
}

export async function getTenantStats(db: Kysely<Database>, actor: Actor, tenantId: string) {
  return withScope(db, tenantScope(actor.caller, tenantId), (tx) => getRequirementStats(tx, tenantId));
}
