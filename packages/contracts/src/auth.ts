import { z } from 'zod';
import { dateTime, idSchema, jsonBoolean } from './common';

export const USER_ROLES = ['Admin', 'Editor', 'Viewer'] as const;
export const userRole = z.enum(USER_ROLES, { error: 'Role must be one of Admin, Editor, Viewer' });
export type UserRoleName = z.infer<typeof userRole>;

export const userSchema = z.object({
  id: idSchema,
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: userRole,
  is_product_admin: z.boolean(),
  is_active: z.boolean(),
  created_at: dateTime,
});
export type User = z.infer<typeof userSchema>;

export const loginInput = z.object({
  username: z.string({ error: 'Please enter username and password' }).max(150).trim().min(1, {
    error: 'Please enter username and password',
  }),
  password: z.string({ error: 'Please enter username and password' }).max(1024).min(1, {
    error: 'Please enter username and password',
  }),
  remember_me: jsonBoolean('remember_me').optional().default(false),
});
export type LoginInput = z.infer<typeof loginInput>;

export const loginOutput = z.object({ user: userSchema });

export const logoutInput = z.object({ username: z.string().max(150).optional() }).optional();

export const meOutput = z.object({
  user: userSchema,
  current_organization_id: idSchema.nullable(),
  current_tenant_id: idSchema.nullable(),
  /** An organization of the user requires MFA and the user has none: only enrolment and logout work until then. */
  mfa_enrollment_required: z.boolean(),
});
export type Me = z.infer<typeof meOutput>;

export const selectTenantInput = z.object({ tenant_id: idSchema });
export const selectOrganizationInput = z.object({ organization_id: idSchema });
export const selectionOutput = z.object({
  current_organization_id: idSchema.nullable(),
  current_tenant_id: idSchema.nullable(),
});
