import { z } from 'zod';
import { idSchema, jsonBoolean, optionalText, queryFlag, requiredText } from './common';
import { frameworkName } from './frameworks';

const frameworks = z
  .array(frameworkName, { error: 'Assigned frameworks must be a list of framework names' })
  .min(1, { error: 'Please select at least one framework' })
  .max(10)
  .transform((list) => [...new Set(list)]);

export const tenantInput = z.object({
  name: requiredText('Tenant name', 200),
  description: optionalText(2000),
  assigned_frameworks: frameworks,
  organization_id: idSchema,
});
export type TenantInput = z.infer<typeof tenantInput>;

export const tenantUpdateInput = z.object({
  id: idSchema,
  name: requiredText('Tenant name', 200).optional(),
  description: optionalText(2000).optional(),
  assigned_frameworks: frameworks.optional(),
  is_active: jsonBoolean('is_active').optional(),
});
export type TenantUpdateInput = z.infer<typeof tenantUpdateInput>;

export const tenantListInput = z.object({ organization_id: idSchema.optional(), include_inactive: queryFlag('include_inactive') });

export const tenantSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  organization_id: idSchema,
  organization_name: z.string(),
  assigned_frameworks: z.array(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;
export const tenantListOutput = z.array(tenantSchema);
