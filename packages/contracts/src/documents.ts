import { z } from 'zod';
import { idSchema } from './common';
import { tenantIdQuery } from './requirements';
import { documentApproval, reviewFields } from './review';

export const EVIDENCE_TYPES = [
  'Policy',
  'Procedure',
  'Configuration',
  'Screenshot',
  'Report',
  'Certificate',
  'Audit Report',
  'SOC 2 Report',
  'Penetration Test',
  'Other',
] as const;
export const evidenceType = z.enum(EVIDENCE_TYPES, { error: `Document type must be one of: ${EVIDENCE_TYPES.join(', ')}` });

export const DOCUMENT_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;

const documentSchema = z.object({
  id: idSchema,
  name: z.string(),
  filename: z.string(),
  upload_date: z.string(),
  requirement_count: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  error: z.string().nullable(),
  analysis_provider: z.string().nullable(),
  analysis_model: z.string().nullable(),
});

/** The two sides of a contract: the one that provides the service and the one that receives it. */
export const CONTRACT_SIDES = ['provider', 'customer'] as const;
export const contractSide = z.enum(CONTRACT_SIDES, { error: 'Side must be provider or customer' });
export type ContractSide = z.infer<typeof contractSide>;

export const contractSchema = documentSchema.extend({
  /** The side the tenant is on; its duties become requirements. */
  side: contractSide,
  /** The other side's name as the contract's preamble gives it, once analysed. */
  counterparty: z.string().nullable(),
  provider_name: z.string().nullable(),
  customer_name: z.string().nullable(),
  /** The earlier contract this one repeats (same obligations): its requirements are reused, not counted twice. */
  duplicate_of: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type Contract = z.infer<typeof contractSchema>;
export const contractListOutput = z.array(contractSchema);

export const setContractSideInput = z.object({ id: idSchema, tenant_id: tenantIdQuery, side: contractSide });

export const evidenceSchema = documentSchema.extend({
  document_type: z.string().nullable(),
  suggested_document_type: z.string().nullable(),
  description: z.string().nullable(),
  /** The day the evidence stops counting as support (YYYY-MM-DD), or null: it does not expire. */
  expires_on: z.string().nullable(),
  /** Expired: flagged on every screen, and no longer counted as support. */
  expired: z.boolean(),
  /** Earlier versions kept in its history. */
  version_count: z.number().int(),
  /** A draft (a policy saved from the generator) supports nothing until an Admin approves it. */
  approval: documentApproval,
});
export type Evidence = z.infer<typeof evidenceSchema>;
export const evidenceListOutput = z.array(evidenceSchema);

export const documentIdInput = z.object({ id: idSchema, tenant_id: tenantIdQuery });
export const tenantInput = z.object({ tenant_id: tenantIdQuery }).optional();

export const obligationSchema = z.object({
  id: idSchema,
  ...reviewFields,
  clause: z.string().nullable(),
  text: z.string(),
  domain_number: z.number().int(),
  domain_name: z.string(),
  requirement_id: idSchema.nullable(),
  display_id: z.string().nullable(),
  source_type: z.enum(['framework', 'contract']).nullable(),
  confidence: z.number(),
  party: z.enum(['provider', 'customer', 'both']),
  /** A duty of the other side: shown, but it is not one of the tenant's requirements. */
  theirs: z.boolean(),
});
export const obligationListOutput = z.array(obligationSchema);

export const evidenceLinkSchema = z.object({
  id: idSchema,
  ...reviewFields,
  requirement_id: idSchema,
  display_id: z.string(),
  domain_number: z.number().int(),
  requirement_text: z.string(),
  confidence: z.number(),
  excerpt: z.string(),
});
export const evidenceLinksOutput = z.object({
  document_type: z.string().nullable(),
  approval: documentApproval,
  suggested_document_type: z.string().nullable(),
  links: z.array(evidenceLinkSchema),
});

/** Evidence supporting one requirement, seen from the requirement. */
export const requirementEvidenceOutput = z.array(
  z.object({
    evidence_id: idSchema,
    name: z.string(),
    document_type: z.string().nullable(),
    confidence: z.number(),
    excerpt: z.string(),
    expires_on: z.string().nullable(),
    expired: z.boolean(),
    /** Whether this link counts as support (the one rule of evidence-support.ts). */
    counts: z.boolean(),
    link_id: idSchema,
    ...reviewFields,
    approval: documentApproval,
  }),
);

export const jobStateSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed', 'timed_out']),
  stage: z.string(),
  percent: z.number().int(),
  error: z.string().nullable(),
  result: z.unknown(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobStateView = z.infer<typeof jobStateSchema>;
export const jobIdInput = z.object({ id: idSchema, tenant_id: tenantIdQuery });

/** The query of a file download (GET /contracts/{id}/download, /evidence/{id}/download). */
export const documentFileQuery = z.object({ tenant_id: tenantIdQuery.meta({ description: "Defaults to the session's current tenant" }) });

/** The query of an upload or a re-analysis: by default the answer waits for the analysis. */
export const uploadQuery = documentFileQuery.extend({
  wait: z
    .enum(['true', 'false'], { error: 'wait must be true or false' })
    .optional()
    .transform((value) => value !== 'false')
    .meta({ description: 'false: answer 202 at once and follow GET /jobs/{id}; default waits up to 90 s' }),
});

/** The upload's tenant as a form field, an alternative to the query parameter (the two must agree). */
export const uploadTenantField = tenantIdQuery.meta({ description: 'The tenant to upload into, as an alternative to the query parameter (the two must agree)' });

/** The form fields of a contract upload beside its `file` part; a blank field counts as not sent. */
export const contractUploadFields = z.object({ tenant_id: uploadTenantField });

/** What an upload answers: with wait (REST default) the finished analysis, else the job to follow. */
export const uploadOutput = z.object({
  document_id: idSchema,
  job_id: idSchema,
  status: z.enum(['queued', 'running', 'completed', 'failed', 'timed_out']),
  requirement_count: z.number().int(),
  message: z.string(),
});
export type UploadResult = z.infer<typeof uploadOutput>;

export const generateResponseOutput = z.object({ suggested_response: z.string(), provider: z.string(), model: z.string() });
