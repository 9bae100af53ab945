import { type RawBuilder, sql } from 'kysely';
import { catalogRequirements } from '@compliance/catalog/catalog';
import type { Tx } from '@compliance/db/scope';

const lastCatalogIndex = new Map<number, number>();
for (const req of catalogRequirements) {
  lastCatalogIndex.set(req.domain_number, Math.max(lastCatalogIndex.get(req.domain_number) ?? 0, req.index));
}

/** A tenant's contract requirements and their display ids, read once per call that shows any. */
export type ContractDisplayIds = ReadonlyMap<string, string>;

/**
 * The one rule for a requirement's display id, 'domain.index', used by every screen, export and answer:
 * a catalog requirement keeps its catalog index; a tenant's contract requirements follow the catalog ones
 * of their domain in the order they were added (created_at, then id).
 */
export async function listContractDisplayIds(tx: Tx, tenantId: string, domains?: readonly number[]): Promise<ContractDisplayIds> {
  // `domains` narrows the read to the domains a page shows; numbering is per domain, so it is unchanged.
  const { rows } = await sql<{ id: string; domain_number: number; n: number }>`
    SELECT id, domain_number, (row_number() OVER (PARTITION BY domain_number ORDER BY created_at, id))::int AS n
    FROM tenant_requirements
    WHERE tenant_id = ${tenantId} AND source_type = 'contract'
      ${domains ? sql`AND domain_number = ANY(${[...domains]}::int[])` : sql``}
  `.execute(tx);
  return new Map(rows.map((r) => [r.id, contractDisplayId(r.domain_number, Number(r.n))]));
}

/** The display id of the n-th contract requirement (from 1, in the order added) of a domain. */
export function contractDisplayId(domain: number, n: number): string {
  return `${domain}.${(lastCatalogIndex.get(domain) ?? 0) + n}`;
}

/** The display id of one requirement: its catalog index, else its place among the contract requirements. */
export function requirementDisplayId(
  requirement: { id: string; domain_number: number; domain_index: number | null },
  contractIds: ContractDisplayIds,
): string {
  if (requirement.domain_index !== null) return `${requirement.domain_number}.${requirement.domain_index}`;
  return contractIds.get(requirement.id) ?? `${requirement.domain_number}.${(lastCatalogIndex.get(requirement.domain_number) ?? 0) + 1}`;
}

/**
 * SQL: the place (from 1) of a contract requirement row among its tenant's contract requirements of its
 * domain, in the order they were added, counted on the list-order index. `row` names a relation with
 * domain_number, created_at and id; `tenantId` is the tenant's id as SQL. The statements that number a
 * few contract rows (a page of the list, the dashboard's gaps) use it with contractDisplayId's rule.
 */
export function contractPlaceSql(tenantId: RawBuilder<unknown>, row: string): RawBuilder<number> {
  const r = sql.ref(row);
  return sql<number>`(SELECT count(*)::int FROM tenant_requirements x
    WHERE x.tenant_id = ${tenantId} AND x.list_domain = ${r}.domain_number AND x.list_source = 1 AND x.list_index = 0
      AND (x.created_at, x.id) <= (${r}.created_at, ${r}.id))`;
}
