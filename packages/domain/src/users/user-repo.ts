import type { Kysely } from 'kysely';
import type { Database, UserRole } from '@compliance/db/schema';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';
import { type Caller, loadCaller } from '../access/caller';

/** A user's columns that may leave the database (never the password hash); joins select them too. */
export const USER_PUBLIC_COLUMNS = [
  'users.id',
  'users.username',
  'users.email',
  'users.full_name',
  'users.role',
  'users.is_product_admin',
  'users.is_active',
  'users.deleted_at',
  'users.created_at',
  'users.updated_at',
] as const;

/** Users, optionally only those belonging to the given organizations (by membership or tenant access). */
export async function listUsers(tx: Tx, filter: { organizationIds: string[] | null; includeUserId: string }) {
  let query = tx.selectFrom('users').select(USER_PUBLIC_COLUMNS).where('users.deleted_at', 'is', null).orderBy('users.username');
  const orgs = filter.organizationIds;
  if (orgs) {
    query = query.where((eb) =>
      eb.or([
        eb('users.id', '=', filter.includeUserId),
        ...(orgs.length
          ? [
              eb.exists(
                eb.selectFrom('memberships').select('user_id').whereRef('memberships.user_id', '=', 'users.id').where('memberships.organization_id', 'in', orgs),
              ),
              eb.exists(
                eb.selectFrom('tenant_access').select('user_id').whereRef('tenant_access.user_id', '=', 'users.id').where('tenant_access.organization_id', 'in', orgs),
              ),
            ]
          : []),
      ]),
    );
  }
  return query.execute();
}

export function getUser(tx: Tx, id: string) {
  return tx.selectFrom('users').select(USER_PUBLIC_COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The organizations a user belongs to, by membership (with its role) or by tenant access. */
export async function listUserOrganizationLinks(tx: Tx, userId: string) {
  const memberships = await tx.selectFrom('memberships').select(['organization_id', 'role']).where('user_id', '=', userId).execute();
  const access = await tx.selectFrom('tenant_access').select(['organization_id']).distinct().where('user_id', '=', userId).execute();
  return { memberships, accessOrgIds: access.map((a) => a.organization_id) };
}

/** For each of the given users, the organizations they manage (users who manage none are absent). */
export async function listManagedOrganizationIds(tx: Tx, userIds: string[]): Promise<Map<string, string[]>> {
  const managed = new Map<string, string[]>();
  if (userIds.length === 0) return managed;
  const rows = await tx.selectFrom('memberships').select(['user_id', 'organization_id']).where('role', '=', 'manager').where('user_id', 'in', userIds).execute();
  for (const row of rows) managed.set(row.user_id, [...(managed.get(row.user_id) ?? []), row.organization_id]);
  return managed;
}

export async function findUserConflict(tx: Tx, username: string, email: string) {
  return tx
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([eb(eb.fn('lower', ['username']), '=', username.toLowerCase()), eb(eb.fn('lower', ['email']), '=', email.toLowerCase())]),
    )
    .executeTakeFirst();
}

export function insertUser(
  tx: Tx,
  values: { username: string; email: string; passwordHash: string; fullName: string | null; role: UserRole; isProductAdmin: boolean },
) {
  return tx
    .insertInto('users')
    .values({
      username: values.username,
      email: values.email,
      password_hash: values.passwordHash,
      full_name: values.fullName,
      role: values.role,
      is_product_admin: values.isProductAdmin,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function setUserActive(tx: Tx, id: string, isActive: boolean) {
  await tx.updateTable('users').set({ is_active: isActive, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function markUserDeleted(tx: Tx, id: string) {
  await tx.updateTable('users').set({ is_active: false, deleted_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute();
}

export async function addMembership(tx: Tx, userId: string, organizationId: string, role: 'manager' | 'member') {
  await tx
    .insertInto('memberships')
    .values({ user_id: userId, organization_id: organizationId, role })
    .onConflict((oc) => oc.columns(['user_id', 'organization_id']).doUpdateSet({ role }))
    .execute();
}

export async function addTenantAccess(tx: Tx, userId: string, tenants: { id: string; organization_id: string; role?: UserRole | null }[]) {
  if (!tenants.length) return;
  await tx
    .insertInto('tenant_access')
    .values(tenants.map((t) => ({ user_id: userId, tenant_id: t.id, organization_id: t.organization_id, role: t.role ?? null })))
    .onConflict((oc) => oc.columns(['user_id', 'tenant_id']).doNothing())
    .execute();
}

/**
 * Another user's access, resolved the same way their own requests would be, across organizations
 * (system scope); undefined when there is no such user. The caller must have been allowed to view the user.
 */
export function unsafeLoadCallerOf(db: Kysely<Database>, userId: string): Promise<Caller | undefined> {
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    const user = await getUser(tx, userId);
    return user ? loadCaller(tx, user) : undefined;
  });
}
