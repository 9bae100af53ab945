import type { PolicyTemplateDefinition } from '@compliance/catalog/policy-template';
import { FRAMEWORKS } from '@compliance/contracts/frameworks';
import type { PolicyTemplate } from '@compliance/contracts/policies';
import { domainName } from '@compliance/contracts/domains';
import type { Requirement } from '@compliance/contracts/requirements';

/**
 * Which of a tenant's requirements a policy covers: the template's catalog requirements that the
 * chosen frameworks include (the tenant's list is already filtered to them), and, when contracts are
 * included, the tenant's contract requirements of the template's domains. Pure, so counts are tested
 * on hand-made fixtures.
 */
export function coveredRequirements(template: PolicyTemplateDefinition, requirements: readonly Requirement[], includeContracts: boolean): Requirement[] {
  const order = new Map(template.requirement_keys.map((key, index) => [key, index]));
  const catalog = requirements
    .filter((r) => r.source_type === 'framework' && r.key !== null && order.has(r.key) && r.frameworks.length > 0)
    .sort((a, b) => a.domain_number - b.domain_number || order.get(a.key!)! - order.get(b.key!)!);
  const contract = includeContracts
    ? requirements.filter((r) => r.source_type === 'contract' && template.domains.includes(r.domain_number))
    : [];
  return [...catalog, ...contract];
}

/** The chosen frameworks that at least one covered requirement maps a control of, in canonical order. */
export function frameworksCovered(covered: readonly Requirement[], frameworks: readonly string[]): string[] {
  const used = new Set(covered.flatMap((r) => r.frameworks.filter((f) => (r.control_ids[f]?.length ?? 0) > 0)));
  return FRAMEWORKS.filter((f) => frameworks.includes(f) && used.has(f));
}

/**
 * The recommended list: every template that covers at least one requirement under the chosen
 * frameworks, most requirements first (ties keep the templates' own order).
 */
export function recommendTemplates(
  templates: readonly PolicyTemplateDefinition[],
  requirements: readonly Requirement[],
  frameworks: readonly string[],
): PolicyTemplate[] {
  return templates
    .map((template, index) => {
      const covered = coveredRequirements(template, requirements, true);
      return {
        index,
        summary: {
          name: template.name,
          description: template.description,
          requirement_count: covered.length,
          frameworks_covered: frameworksCovered(covered, frameworks),
          domains: template.domains.map((n) => ({ domain_number: n, domain_name: domainName(n) })),
        },
      };
    })
    .filter((t) => t.summary.requirement_count > 0)
    .sort((a, b) => b.summary.requirement_count - a.summary.requirement_count || a.index - b.index)
    .map((t) => t.summary);
}
