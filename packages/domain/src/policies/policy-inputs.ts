import { sql } from 'kysely';
import type { PolicyObligation, PolicyRequirement, GeneratePolicyInput as EnginePolicyInput } from '@compliance/ai/engine';
import type { PolicyTemplateDefinition } from '@compliance/catalog/policy-template';
import { getPolicyTemplate } from '@compliance/catalog/policy-templates';
import type { Requirement } from '@compliance/contracts/requirements';
import type { Tx } from '@compliance/db/scope';
import { AppError } from '../errors';
import { effectiveFrameworks, listRequirementsInTx } from '../requirements/requirement-service';
import { coveredRequirements } from './policy-coverage';

/** The template of a policy type, or a 400 that names the choices. */
export function requirePolicyTemplate(policyType: string): PolicyTemplateDefinition {
  const template = getPolicyTemplate(policyType);
  if (!template) throw new AppError('BAD_REQUEST', `Unknown policy type "${policyType}". Choose one of the policy templates.`);
  return template;
}

/** Frameworks as the screen sends them: none ticked means every framework of the tenant. */
export function requestedFrameworks(frameworks: readonly string[] | undefined): string[] | undefined {
  return frameworks && frameworks.length > 0 ? [...frameworks] : undefined;
}

/** The tenant's requirements under the chosen frameworks (contract requirements included), and those frameworks. */
export async function loadPolicyRequirements(tx: Tx, tenantId: string, frameworks: readonly string[] | undefined) {
  const requested = requestedFrameworks(frameworks);
  const { tenant, requirements } = await listRequirementsInTx(tx, tenantId, { frameworks: requested });
  return { tenant, requirements, frameworks: effectiveFrameworks(tenant, requested) };
}

function toPolicyRequirement(requirement: Requirement, frameworks: readonly string[]): PolicyRequirement {
  const controlIds: Record<string, string[]> = {};
  for (const framework of frameworks) {
    const ids = requirement.control_ids[framework];
    if (ids?.length) controlIds[framework] = ids;
  }
  return {
    id: requirement.display_id,
    key: requirement.key,
    text: requirement.text,
    domain_number: requirement.domain_number,
    domain_name: requirement.domain_name,
    priority: requirement.priority,
    source_type: requirement.source_type,
    status: requirement.compliance_status,
    control_ids: controlIds,
    contract_names: requirement.contract_names,
  };
}

/** Contract obligations that became a covered requirement or fall in the policy's domains, in contract order. */
async function listPolicyObligations(tx: Tx, tenantId: string, domains: readonly number[], covered: readonly Requirement[]): Promise<PolicyObligation[]> {
  const displayIds = new Map(covered.map((r) => [r.id, r.display_id]));
  const { rows } = await sql<{ contract: string; clause: string | null; text: string; requirement_id: string | null }>`
    SELECT d.name AS contract, o.clause, o.text, o.tenant_requirement_id AS requirement_id
    FROM contract_obligations o
    JOIN documents d ON d.id = o.document_id
    WHERE o.tenant_id = ${tenantId} AND d.kind = 'contract' AND o.review_state <> 'rejected'
      AND (o.domain_number = ANY(${[...domains]}::int[]) OR o.tenant_requirement_id = ANY(${[...displayIds.keys()]}::uuid[]))
    ORDER BY d.name, o.ordinal
  `.execute(tx);
  return rows.map((r) => ({
    contract: r.contract,
    clause: r.clause,
    text: r.text,
    requirement_id: r.requirement_id ? (displayIds.get(r.requirement_id) ?? null) : null,
  }));
}

/** Everything a provider needs to write the policy, read inside the tenant's scope. */
export async function buildPolicyInput(
  tx: Tx,
  tenantId: string,
  template: PolicyTemplateDefinition,
  frameworks: readonly string[],
  includeContracts: boolean,
  today = new Date(),
): Promise<EnginePolicyInput> {
  const loaded = await loadPolicyRequirements(tx, tenantId, frameworks);
  const covered = coveredRequirements(template, loaded.requirements, includeContracts);
  const organization = await tx.selectFrom('organizations').select('name').where('id', '=', loaded.tenant.organization_id).executeTakeFirst();
  return {
    template: {
      name: template.name,
      description: template.description,
      purpose: template.purpose,
      scope: template.scope,
      roles: template.roles,
      domains: template.domains,
    },
    organization_name: organization?.name ?? loaded.tenant.name,
    tenant_name: loaded.tenant.name,
    frameworks: loaded.frameworks,
    requirements: covered.map((r) => toPolicyRequirement(r, loaded.frameworks)),
    obligations: includeContracts ? await listPolicyObligations(tx, tenantId, template.domains, covered) : [],
    effective_date: today.toISOString().slice(0, 10),
  };
}
