import type { Kysely } from 'kysely';
import type { AccessibleTenant, Permissions } from '@compliance/contracts/users';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import type { Actor } from '../access/actor';
import { type Caller, callerScope } from '../access/caller';
import { unsafeListPermissionOrganizations } from '../organizations/organization-repo';
import { notFound } from '../errors';
import { assertCanViewUser } from './user-service';
import { unsafeLoadCallerOf } from './user-repo';

/** Resolves another user's access the same way their own requests would be resolved. */
async function loadTargetCaller(db: Kysely<Database>, actor: Actor, userId: string): Promise<Caller> {
  if (userId === actor.caller.user.id) return actor.caller;
  await withScope(db, callerScope(actor.caller), (tx) => assertCanViewUser(tx, actor.caller, userId));
  const target = await unsafeLoadCallerOf(db, userId);
  if (!target) throw notFound('User');
  return target;
}

export async function getUserPermissions(db: Kysely<Database>, actor: Actor, userId: string): Promise<Permissions> {
  const target = await loadTargetCaller(db, actor, userId);
  const organizations = await unsafeListPermissionOrganizations(db, {
    all: target.isProductAdmin,
    managedIds: [...target.managedOrgIds],
    memberIds: [...target.memberOrgIds],
  });
  return {
    user_id: target.user.id,
    username: target.user.username,
    role: target.user.role,
    is_product_admin: target.isProductAdmin,
    all_organizations: organizations.all,
    managed_organizations: organizations.managed,
    member_organizations: organizations.member,
  };
}

export async function listAccessibleTenants(db: Kysely<Database>, actor: Actor, userId: string): Promise<AccessibleTenant[]> {
  const target = await loadTargetCaller(db, actor, userId);
  const ids = [...target.tenants.keys()];
  if (!ids.length) return [];
  return withScope(db, callerScope(target), async (tx) => {
    const rows = await tx
      .selectFrom('tenants')
      .innerJoin('organizations', 'organizations.id', 'tenants.organization_id')
      .select([
        'tenants.id',
        'tenants.name',
        'tenants.organization_id',
        'organizations.name as organization_name',
        'tenants.assigned_frameworks',
        'tenants.is_active',
      ])
      .where('tenants.id', 'in', ids)
      .orderBy('organizations.name')
      .orderBy('tenants.name')
      .execute();
    return rows;
  });
}
