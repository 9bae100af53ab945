import { z } from 'zod';
import { idSchema } from './common';
import { userRole } from './auth';

/** A user's place in an organization: member, or manager (manages the organization, its tenants and users). */
export const membershipRole = z.enum(['manager', 'member'], { error: 'Organization role must be manager or member' });

export const organizationMembership = z.object({
  organization_id: idSchema,
  organization_name: z.string(),
  role: membershipRole,
  is_active: z.boolean(),
});

export const tenantMembership = z.object({
  tenant_id: idSchema,
  tenant_name: z.string(),
  organization_id: idSchema,
  organization_name: z.string(),
  /** The role granted in this tenant; null: the user's own role applies. */
  role: userRole.nullable(),
  /** The role the user works with in this tenant. */
  effective_role: userRole,
  is_active: z.boolean(),
});

/** A user's memberships that the caller administers (a product admin sees all of them). */
export const membershipsOutput = z.object({
  user_id: idSchema,
  username: z.string(),
  role: userRole,
  organizations: z.array(organizationMembership),
  tenants: z.array(tenantMembership),
});
export type Memberships = z.infer<typeof membershipsOutput>;

const unique = <T>(list: T[], key: (item: T) => string) => new Set(list.map(key)).size === list.length;

/**
 * Replaces the user's memberships inside the organizations the caller administers (every organization
 * for a product admin); memberships elsewhere are left as they are.
 */
export const replaceMembershipsInput = z.object({
  id: idSchema,
  organizations: z
    .array(z.object({ organization_id: idSchema, role: membershipRole.default('member') }), { error: 'organizations must be a list' })
    .max(100, { error: 'At most 100 organizations' })
    .refine((list) => unique(list, (m) => m.organization_id), { error: 'An organization is listed twice' }),
  tenants: z
    .array(z.object({ tenant_id: idSchema, role: userRole.nullish().transform((r) => r ?? null) }), { error: 'tenants must be a list' })
    .max(500, { error: 'At most 500 tenants' })
    .refine((list) => unique(list, (t) => t.tenant_id), { error: 'A tenant is listed twice' }),
});
export type ReplaceMembershipsInput = z.infer<typeof replaceMembershipsInput>;

/** The organizations and tenants of every user the caller may see (the users table). */
export const userMembershipSummary = z.object({
  user_id: idSchema,
  organizations: z.array(z.object({ id: idSchema, name: z.string(), role: membershipRole })),
  tenants: z.array(z.object({ id: idSchema, name: z.string(), organization_id: idSchema, role: userRole.nullable() })),
});
export const membershipSummaryOutput = z.array(userMembershipSummary);
export type UserMembershipSummary = z.infer<typeof userMembershipSummary>;
