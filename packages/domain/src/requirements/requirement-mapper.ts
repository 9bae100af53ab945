import { domainName } from '@compliance/contracts/domains';
import { type Requirement, readStatus } from '@compliance/contracts/requirements';
import { type ContractDisplayIds, requirementDisplayId } from './display-ids';
import type { TenantRequirementRow } from './requirement-repo';

/** Requirement objects from listed rows; display ids by the one rule of `display-ids.ts`. */
export function toRequirements(rows: TenantRequirementRow[], assignedFrameworks: readonly string[], contractIds: ContractDisplayIds): Requirement[] {
  return rows.map((row) => toRequirement(row, assignedFrameworks, contractIds));
}

export function toRequirement(row: TenantRequirementRow, assignedFrameworks: readonly string[], contractIds: ContractDisplayIds): Requirement {
  const frameworks = row.frameworks.filter((f) => assignedFrameworks.includes(f));
  const controlIds: Record<string, string[]> = {};
  for (const f of frameworks) controlIds[f] = row.control_ids[f] ?? [];
  return {
    id: row.id,
    display_id: requirementDisplayId(row, contractIds),
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
    due_date: row.due_date,
    overdue: row.overdue,
    user_response: row.user_response,
    suggested_response: row.suggested_response,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by_name: row.updated_by_name,
  };
}
