import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { evidenceType, uploadTenantField } from './documents';
import { tenantIdQuery } from './requirements';

/** A calendar day as YYYY-MM-DD (a real date), or null for none. */
export const expiryDate = z
  .string({ error: 'The expiry date must be a date as YYYY-MM-DD' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The expiry date must be a date as YYYY-MM-DD' })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1970-01-01' && value <= '9999-12-31';
  }, { error: 'The expiry date is not a real calendar date' });

/** What a person says about an evidence document: on upload, on a new version and when editing it. */
const evidenceFields = {
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .min(1, { error: 'Name cannot be empty' })
    .max(255, { error: 'Name must be at most 255 characters' })
    .optional(),
  description: optionalText(2000).optional(),
  document_type: evidenceType.optional(),
  expires_on: expiryDate.nullable().optional(),
};

/** PATCH /api/evidence/{id}: only the fields sent change; at least one must be sent. */
export const updateEvidenceInput = z
  .object({ id: idSchema, tenant_id: tenantIdQuery, ...evidenceFields })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.document_type !== undefined || v.expires_on !== undefined, {
    error: 'Send at least one of name, description, document_type, expires_on',
  });
export type UpdateEvidenceInput = z.infer<typeof updateEvidenceInput>;

/**
 * The form fields of an evidence upload or a new version beside its `file` part; a blank field counts as
 * not sent (a new version then keeps the name, type and description of the one it replaces).
 */
export const evidenceUploadFields = z.object({ tenant_id: uploadTenantField, ...evidenceFields });

/** One version of an evidence document: the current one first, then the ones it replaced, newest first. */
export const evidenceVersionSchema = z.object({
  id: idSchema,
  name: z.string(),
  filename: z.string(),
  upload_date: z.string(),
  uploaded_by: z.string().nullable(),
  size_bytes: z.number().int(),
  expires_on: z.string().nullable(),
  expired: z.boolean(),
  current: z.boolean(),
});
export const evidenceVersionsOutput = z.array(evidenceVersionSchema);

export const expiringEvidenceInput = z
  .object({
    tenant_id: tenantIdQuery,
    days: z.coerce
      .number({ error: 'days must be a whole number from 1 to 365' })
      .int({ error: 'days must be a whole number from 1 to 365' })
      .min(1, { error: 'days must be a whole number from 1 to 365' })
      .max(365, { error: 'days must be a whole number from 1 to 365' })
      .default(30),
  })
  .optional()
  .default({ days: 30 });

/** Evidence that has expired or expires within the window, soonest first. */
export const expiringEvidenceOutput = z.object({
  days: z.number().int(),
  today: z.string(),
  evidence: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      document_type: z.string().nullable(),
      expires_on: z.string(),
      expired: z.boolean(),
      days_left: z.number().int(),
      /** Requirements linked to it: the support it gives until it expires, or gave before. */
      linked_requirement_count: z.number().int(),
    }),
  ),
});
export type ExpiringEvidence = z.infer<typeof expiringEvidenceOutput>;
