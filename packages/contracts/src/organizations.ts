import { z } from 'zod';
import { dateTime, idSchema, jsonBoolean, optionalText, queryFlag, requiredText } from './common';

const logoUrl = optionalText(2048).refine((value) => value === null || /^https?:\/\/[^\s]+$/i.test(value), {
  error: 'Logo URL must be a valid http(s) URL',
});

export const organizationInput = z.object({
  name: requiredText('Organization name', 200),
  domain: optionalText(253),
  logo_url: logoUrl,
  description: optionalText(2000),
});
export type OrganizationInput = z.infer<typeof organizationInput>;

export const organizationUpdateInput = z.object({
  id: idSchema,
  name: requiredText('Organization name', 200).optional(),
  domain: optionalText(253).optional(),
  logo_url: logoUrl.optional(),
  description: optionalText(2000).optional(),
  is_active: jsonBoolean('is_active').optional(),
});
export type OrganizationUpdateInput = z.infer<typeof organizationUpdateInput>;

export const organizationSchema = z.object({
  id: idSchema,
  name: z.string(),
  domain: z.string().nullable(),
  logo_url: z.string().nullable(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  tenant_count: z.number().int(),
  user_count: z.number().int(),
  created_at: dateTime,
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationListOutput = z.array(organizationSchema);

/** Lists leave inactive (deleted) organizations out unless include_inactive is true. */
export const organizationListInput = z.object({ include_inactive: queryFlag('include_inactive') }).optional();
