import { z } from 'zod';
import { idSchema, jsonBoolean } from './common';
import { frameworkName } from './frameworks';
import { frameworksQuery, tenantIdQuery } from './requirements';

/** GET /policies/templates: frameworks comma-joined in either spelling; absent or empty = all the tenant's. */
export const policyTemplatesInput = z
  .object({ frameworks: frameworksQuery, tenant_id: tenantIdQuery })
  .optional()
  .default({ frameworks: undefined, tenant_id: undefined });
export type PolicyTemplatesInput = z.infer<typeof policyTemplatesInput>;

export const policyTemplateSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The tenant's requirements (contract requirements included) the policy covers under the chosen frameworks. */
  requirement_count: z.number().int(),
  /** The chosen frameworks with at least one control among those requirements, in canonical order. */
  frameworks_covered: z.array(z.string()),
  domains: z.array(z.object({ domain_number: z.number().int(), domain_name: z.string() })),
});
export type PolicyTemplate = z.infer<typeof policyTemplateSchema>;
export const policyTemplateListOutput = z.array(policyTemplateSchema);

const policyType = z
  .string({ error: 'policy_type is required' })
  .trim()
  .min(1, { error: 'policy_type is required' })
  .max(200, { error: 'policy_type must be at most 200 characters' });

export const generatePolicyInput = z.object({
  policy_type: policyType,
  /** Framework names in either spelling; empty = every framework of the tenant. */
  frameworks: z.array(frameworkName).max(10).optional().default([]),
  include_contracts: jsonBoolean('include_contracts').optional().default(true),
  tenant_id: tenantIdQuery,
});
export type GeneratePolicyInput = z.infer<typeof generatePolicyInput>;

/** What a finished policy job holds, and what POST /policies/generate answers. */
export const generatedPolicySchema = z.object({
  policy_type: z.string(),
  content: z.string(),
  requirement_count: z.number().int(),
  provider: z.string(),
  model: z.string(),
});
export type GeneratedPolicy = z.infer<typeof generatedPolicySchema>;
export const generatePolicyOutput = generatedPolicySchema.extend({ job_id: idSchema });

export const startPolicyGenerationOutput = z.object({ job_id: idSchema });

/** Markdown up to 1 MB: far beyond any policy, small enough to store and index at once. */
export const POLICY_MAX_CHARS = 1_000_000;

export const savePolicyInput = z.object({
  policy_type: policyType,
  content: z
    .string({ error: 'content is required' })
    .max(POLICY_MAX_CHARS, { error: `The policy must be at most ${POLICY_MAX_CHARS} characters` })
    .refine((value) => value.trim().length > 0, { error: 'No policy content to save' }),
  tenant_id: tenantIdQuery,
});
export type SavePolicyInput = z.infer<typeof savePolicyInput>;

export const savePolicyOutput = z.object({
  requirement_count: z.number().int(),
  evidence_id: idSchema,
  name: z.string(),
  filename: z.string(),
});
