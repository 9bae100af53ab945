import { z } from 'zod';
import { idSchema, optionalText, successOutput } from './common';
import { userRole, userSchema } from './auth';
import { newPassword } from './passwords';

export const createUserInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, { error: 'Username must be at least 3 characters' })
    .max(64, { error: 'Username must be at most 64 characters' })
    .regex(/^[A-Za-z0-9._@-]+$/, { error: 'Username may contain only letters, digits and . _ @ -' }),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(254, { error: 'Email must be at most 254 characters' })
    .pipe(z.email({ error: 'Email must be a valid e-mail address' })),
  password: newPassword('Password'),
  full_name: optionalText(200),
  role: userRole.default('Viewer'),
  /** Organization the new user joins; defaults to the caller's current organization. */
  organization_id: idSchema.nullish(),
  /** Tenants the new user may reach; defaults to the caller's current tenant. */
  tenant_ids: z.array(idSchema).max(500).optional(),
  /** A role per tenant of tenant_ids; a tenant left out works with the user's role. */
  tenant_roles: z.array(z.object({ tenant_id: idSchema, role: userRole })).max(500).optional(),
});
export type CreateUserInput = z.infer<typeof createUserInput>;

export const userListOutput = z.array(userSchema);
export const manageableUsersOutput = z.object({ ids: z.array(idSchema) });
export const userOutput = userSchema;
export const userActionOutput = successOutput.extend({ user: userSchema });

export const organizationSummary = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
});

export const permissionsOutput = z.object({
  user_id: idSchema,
  username: z.string(),
  role: userRole,
  is_product_admin: z.boolean(),
  all_organizations: z.array(organizationSummary.extend({ is_active: z.boolean() })),
  managed_organizations: z.array(organizationSummary),
  member_organizations: z.array(organizationSummary),
});
export type Permissions = z.infer<typeof permissionsOutput>;

export const accessibleTenant = z.object({
  id: idSchema,
  name: z.string(),
  organization_id: idSchema,
  organization_name: z.string(),
  assigned_frameworks: z.array(z.string()),
  is_active: z.boolean(),
});
export type AccessibleTenant = z.infer<typeof accessibleTenant>;
export const accessibleTenantsOutput = z.array(accessibleTenant);
