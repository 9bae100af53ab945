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
  })
  .meta({ description: 'Comma-joined domain numbers ("1,3,15"): absent = every domain, empty = none' });

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
  })
  .meta({ description: "Comma-joined framework names: absent = the tenant's frameworks, empty = none" });

export const tenantIdQuery = idSchema.optional();

/** A calendar day written YYYY-MM-DD (a due date). */
export const dateOnly = z
  .string({ error: 'due_date must be a date written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'due_date must be a date written YYYY-MM-DD' })
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, { error: 'due_date is not a day of the calendar' });

/** Whose work: a user id, or "me" for the caller. */
const anyUuid = z.uuid();
export const ownerQuery = z
  .string({ error: 'owner must be a user id or "me"' })
  .refine((value) => value === 'me' || anyUuid.safeParse(value).success, { error: 'owner must be a user id or "me"' })
  .optional();

/** Comma-joined statuses ("Not Started,In Progress"): absent = every status. */
export const statusQuery = z
  .string()
  .max(200)
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const names = value.split(',').map((p) => p.trim()).filter(Boolean);
    const unknown = names.find((n) => !(COMPLIANCE_STATUSES as readonly string[]).includes(n));
    if (unknown !== undefined || names.length === 0) {
      ctx.addIssue({ code: 'custom', message: `Unknown status "${unknown ?? value}". Use one of: ${COMPLIANCE_STATUSES.join(', ')}` });
      return z.NEVER;
    }
    return names as ComplianceStatusName[];
  });

/** overdue=true lists only overdue requirements; overdue=false (or absent) does not filter. */
export const overdueQuery = z
  .union([z.literal(true), z.literal(false), z.literal('true'), z.literal('false')], { error: 'overdue must be true or false' })
  .optional()
  .transform((value) => value === true || value === 'true');

/** The filters of the requirements list, whole or a page at a time (requirement-pages.ts). */
export const requirementFilters = z.object({
  domains: domainsQuery,
  frameworks: frameworksQuery,
  owner: ownerQuery,
  status: statusQuery,
  overdue: overdueQuery,
  tenant_id: tenantIdQuery,
});

export const requirementListInput = requirementFilters
  .optional()
  .default({ domains: undefined, frameworks: undefined, owner: undefined, status: undefined, overdue: false, tenant_id: undefined });
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
  due_date: z.string().nullable().describe('YYYY-MM-DD'),
  overdue: z.boolean().describe('The due date has passed and the status is neither Compliant nor Not Applicable'),
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
    due_date: dateOnly.nullable().optional(),
    tenant_id: tenantIdQuery,
  })
  .refine((v) => v.user_response !== undefined || v.compliance_status !== undefined || v.owner_id !== undefined || v.due_date !== undefined, {
    error: 'Nothing to save: send user_response, compliance_status, owner_id or due_date',
  });
export type UpdateResponseInput = z.infer<typeof updateResponseInput>;

export const statsOutput = z.object({ contracts: z.number().int(), evidence: z.number().int() });

export const ownerOption = z.object({ id: idSchema, username: z.string(), full_name: z.string().nullable() });
export const ownerListOutput = z.array(ownerOption);

/** Several requirements of the tenant get one owner and/or one due date (null clears it). */
export const assignRequirementsInput = z
  .object({
    requirement_ids: z
      .array(idSchema, { error: 'requirement_ids must be a list of requirement ids' })
      .min(1, { error: 'Choose at least one requirement' })
      .max(1000, { error: 'At most 1000 requirements at once' }),
    owner_id: idSchema.nullable().optional(),
    due_date: dateOnly.nullable().optional(),
    tenant_id: tenantIdQuery,
  })
  .refine((v) => v.owner_id !== undefined || v.due_date !== undefined, { error: 'Nothing to assign: send owner_id, due_date or both' });
export type AssignRequirementsInput = z.infer<typeof assignRequirementsInput>;
export const assignRequirementsOutput = z.object({ updated: z.number().int(), requirements: requirementListOutput });
