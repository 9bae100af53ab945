import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserRole } from '@compliance/db/schema';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import type { Actor } from '@compliance/domain/access/actor';
import { type Caller, loadCaller } from '@compliance/domain/access/caller';
import { hashPassword } from '@compliance/domain/auth/passwords';
import { addMembership, addTenantAccess, getUser, insertUser } from '@compliance/domain/users/user-repo';

export const PASSWORD = 'Test-Password-123';
let passwordHash: Promise<string> | undefined;

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export interface OrgFixture {
  id: string;
  name: string;
  tenants: { id: string; name: string; organization_id: string }[];
}

/** A fresh organization with tenants: every test gets its own, so nothing is shared or truncated. */
export async function createOrganization(db: Kysely<Database>, tenantCount = 2, domain: string | null = null): Promise<OrgFixture> {
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    const name = unique('Org');
    const org = await tx.insertInto('organizations').values({ name, domain, logo_url: null, description: 'test' }).returning('id').executeTakeFirstOrThrow();
    const tenants = [];
    for (let i = 0; i < tenantCount; i++) {
      const tname = `${name} T${i + 1}`;
      const row = await tx
        .insertInto('tenants')
        .values({ organization_id: org.id, name: tname, description: null, assigned_frameworks: ['ISO 27001'] })
        .returning(['id', 'organization_id'])
        .executeTakeFirstOrThrow();
      tenants.push({ ...row, name: tname });
    }
    return { id: org.id, name, tenants };
  });
}

export interface UserFixture {
  id: string;
  username: string;
}

/** A user with the given power: product admin, manager of orgs, member of orgs, access to tenants. */
export async function createUser(
  db: Kysely<Database>,
  options: {
    role?: UserRole;
    productAdmin?: boolean;
    manages?: string[];
    memberOf?: string[];
    tenants?: { id: string; organization_id: string }[];
    username?: string;
    active?: boolean;
  } = {},
): Promise<UserFixture> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    const username = options.username ?? unique('user');
    const { id } = await insertUser(tx, {
      username,
      email: `${username}@test.example`,
      passwordHash: hash,
      fullName: null,
      role: options.role ?? 'Viewer',
      isProductAdmin: options.productAdmin ?? false,
    });
    if (options.active === false) await tx.updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
    for (const org of options.manages ?? []) await addMembership(tx, id, org, 'manager');
    for (const org of options.memberOf ?? []) await addMembership(tx, id, org, 'member');
    await addTenantAccess(tx, id, options.tenants ?? []);
    return { id, username };
  });
}

/** One more tenant in an organization. */
export async function createTenant(db: Kysely<Database>, organizationId: string, name = unique('Tenant')) {
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    const row = await tx
      .insertInto('tenants')
      .values({ organization_id: organizationId, name, description: null, assigned_frameworks: ['HIPAA'] })
      .returning(['id', 'organization_id'])
      .executeTakeFirstOrThrow();
    return { ...row, name };
  });
}

/** A one-tenant organization and a user of it with the role, as the caller service-level tests act for. */
export async function createCallerInNewOrganization(db: Kysely<Database>, role: UserRole = 'Editor'): Promise<{ organizationId: string; tenantId: string; caller: Caller }> {
  const org = await createOrganization(db, 1);
  const user = await createUser(db, { role, tenants: org.tenants });
  const caller = await withScope(db, SYSTEM_SCOPE, async (tx) => loadCaller(tx, (await getUser(tx, user.id))!));
  return { organizationId: org.id, tenantId: org.tenants[0]!.id, caller };
}

/** The user as an actor of the domain services: their caller, from loopback, no current organization or tenant. */
export async function actorFor(db: Kysely<Database>, userId: string): Promise<Actor> {
  const caller = await withScope(db, SYSTEM_SCOPE, async (tx) => loadCaller(tx, (await getUser(tx, userId))!));
  return { caller, ip: '127.0.0.1', currentOrganizationId: null, currentTenantId: null };
}
