import { catalogRequirements } from '@compliance/catalog/catalog';
import { domainName } from '@compliance/contracts/domains';
import { type Requirement, readStatus } from '@compliance/contracts/requirements';
import type { TenantRequirementRow } from './requirement-repo';

const lastCatalogIndex = new Map<number, number>();
for (const req of catalogRequirements) {
  lastCatalogIndex.set(req.domain_number, Math.max(lastCatalogIndex.get(req.domain_number) ?? 0, req.index));
}

/**
 * Display ids are 'domain.index': catalog requirements keep their catalog index; a tenant's contract
 * requirements follow the catalog ones of their domain in the order they were added.
 */
export function toRequirements(rows: TenantRequirementRow[], assignedFrameworks: readonly string[], contractRows?: TenantRequirementRow[]): Requirement[] {
  const contractIndex = new Map<string, number>();
  const perDomain = new Map<number, number>();
  for (const row of contractRows ?? rows.filter((r) => r.source_type === 'contract')) {
    const next = (perDomain.get(row.domain_number) ?? lastCatalogIndex.get(row.domain_number) ?? 0) + 1;
    perDomain.set(row.domain_number, next);
    contractIndex.set(row.id, next);
  }
  return rows.map((row) => toRequirement(row, assignedFrameworks, contractIndex.get(row.id)));
}

export function toRequirement(row: TenantRequirementRow, assignedFrameworks: readonly string[], contractIndex?: number): Requirement {
  const frameworks = row.frameworks.filter((f) => assignedFrameworks.includes(f));
  const controlIds: Record<string, string[]> = {};
  for (const f of frameworks) controlIds[f] = row.control_ids[f] ?? [];
  const index = row.domain_index ?? contractIndex ?? 0;
  return {
    id: row.id,
    display_id: `${row.domain_number}.${index}`,
    key: row.key,
    text: row.text,
    domain_number: row.domain_number,
    domain_name: domainName(row.domain_number),
    priority: row.priority,
    source_type: row.source_type,
    frameworks,
    control_ids: controlIds,
    compliance_status: readStatus(row.status),
    contract_count: row.contract_names.length,
    contract_names: row.contract_names,
    evidence_count: Number(row.evidence_count),
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    user_response: row.user_response,
    suggested_response: row.suggested_response,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by_name: row.updated_by_name,
  };
}
