import { z } from 'zod';
import { idSchema } from './common';
import { canonicalFramework, FRAMEWORKS } from './frameworks';

export const COMPLIANCE_STATUSES = ['Not Started', 'In Progress', 'Compliant', 'Not Applicable'] as const;
export const complianceStatus = z.enum(COMPLIANCE_STATUSES, {
  error: 'Status must be one of Not Started, In Progress, Compliant, Not Applicable',
});
export type ComplianceStatusName = z.infer<typeof complianceStatus>;

/** Anything the database holds that is not a known status reads as Not Started. */
export function readStatus(value: string | null | undefined): ComplianceStatusName {
  return (COMPLIANCE_STATUSES as readonly string[]).includes(value ?? '') ? (value as ComplianceStatusName) : 'Not Started';
}

export const PRIORITIES = ['High', 'Medium', 'Low'] as const;

/** Comma-joined domain numbers ("1,3,15"): absent = every domain, empty = none. */
export const domainsQuery = z
  .string()
  .max(200)
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
    const numbers = parts.map(Number);
    if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > 15)) {
      ctx.addIssue({ code: 'custom', message: 'domains must be comma-separated domain numbers from 1 to 15' });
      return z.NEVER;
    }
    return numbers;
  });

/** Comma-joined framework names in either spelling: absent = the tenant's frameworks, empty = none. */
export const frameworksQuery = z
  .string()
  .max(500)
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const names = value.split(',').map((p) => p.trim()).filter(Boolean);
    const canonical = names.map(canonicalFramework);
    const unknown = names.filter((_, i) => !canonical[i]);
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', message: `Unknown framework "${unknown[0]}". Use one of: ${FRAMEWORKS.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(canonical as string[])];
  });

export const tenantIdQuery = idSchema.optional();

export const requirementListInput = z
  .object({ domains: domainsQuery, frameworks: frameworksQuery, tenant_id: tenantIdQuery })
  .optional()
  .default({ domains: undefined, frameworks: undefined, tenant_id: undefined });
export type RequirementListInput = z.infer<typeof requirementListInput>;

export const requirementSchema = z.object({
  id: idSchema,
  display_id: z.string(),
  key: z.string().nullable(),
  text: z.string(),
  domain_number: z.number().int(),
  domain_name: z.string(),
  priority: z.enum(PRIORITIES),
  source_type: z.enum(['framework', 'contract']),
  frameworks: z.array(z.string()),
  control_ids: z.record(z.string(), z.array(z.string())),
  compliance_status: complianceStatus,
  contract_count: z.number().int(),
  contract_names: z.array(z.string()),
  evidence_count: z.number().int(),
  owner_id: idSchema.nullable(),
  owner_name: z.string().nullable(),
  user_response: z.string().nullable(),
  suggested_response: z.string().nullable(),
  updated_at: z.string(),
  updated_by_name: z.string().nullable(),
});
export type Requirement = z.infer<typeof requirementSchema>;
export const requirementListOutput = z.array(requirementSchema);

export const requirementIdInput = z.object({ id: idSchema, tenant_id: tenantIdQuery });

export const updateResponseInput = z
  .object({
    id: idSchema,
    user_response: z.string({ error: 'user_response must be text' }).max(100_000).nullable().optional(),
    compliance_status: complianceStatus.optional(),
    owner_id: idSchema.nullable().optional(),
    tenant_id: tenantIdQuery,
  })
  .refine((v) => v.user_response !== undefined || v.compliance_status !== undefined || v.owner_id !== undefined, {
    error: 'Nothing to save: send user_response, compliance_status or owner_id',
  });
export type UpdateResponseInput = z.infer<typeof updateResponseInput>;

export const statsOutput = z.object({ contracts: z.number().int(), evidence: z.number().int() });

export const ownerOption = z.object({ id: idSchema, username: z.string(), full_name: z.string().nullable() });
export const ownerListOutput = z.array(ownerOption);
