import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { createAuditEntry } from '../audit/audit-repo';
import { materializeTenantRequirements } from '../catalog/catalog-repo';
import { seedDemoProgress } from './demo-progress';
import { hashPassword } from '../auth/passwords';
import { assertAcceptablePassword } from '../auth/password-policy';
import { addMembership, addTenantAccess, insertUser } from '../users/user-repo';
import { DEMO_ORGANIZATIONS, DEMO_USERS } from './demo-data';
import { unsafeInSeedTransaction } from './seed-repo';

async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return unsafeInSeedTransaction(db, async (tx) => {
    const row = await tx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n) === 0;
  });
}

/** Seeds the demo when the database has no users at all. Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Kysely<Database>, password: string): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  for (const user of DEMO_USERS) assertAcceptablePassword(password, { username: user.username });
  const passwordHash = await hashPassword(password);
  await unsafeInSeedTransaction(db, async (tx) => {
    const orgIds = new Map<string, string>();
    const tenants = new Map<string, { id: string; organization_id: string }>();
    for (const org of DEMO_ORGANIZATIONS) {
      const { id } = await tx
        .insertInto('organizations')
        .values({ name: org.name, domain: org.domain, description: org.description, logo_url: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      orgIds.set(org.name, id);
      for (const t of org.tenants) {
        const row = await tx
          .insertInto('tenants')
          .values({ organization_id: id, name: t.name, description: t.description, assigned_frameworks: [...t.frameworks] })
          .returning(['id', 'organization_id'])
          .executeTakeFirstOrThrow();
        tenants.set(t.name, row);
      }
    }
    for (const u of DEMO_USERS) {
      const { id } = await insertUser(tx, {
        username: u.username,
        email: `${u.username}@example.com`,
        passwordHash,
        fullName: u.full_name,
        role: u.role,
        isProductAdmin: u.productAdmin,
      });
      for (const orgName of u.manages) await addMembership(tx, id, orgIds.get(orgName)!, 'manager');
      const granted = u.tenants.map((name) => tenants.get(name)!);
      for (const orgId of new Set(granted.map((t) => t.organization_id))) await addMembership(tx, id, orgId, 'member');
      await addTenantAccess(tx, id, granted);
    }
    await materializeTenantRequirements(tx);
    await seedDemoProgress(tx);
    await createAuditEntry(tx, {
      userId: null,
      username: 'system',
      action: 'seed_demo',
      details: { message: 'Demo organizations, tenants and users created' },
    });
  });
  return true;
}

/** Creates the first product admin in production mode, if no user has that name yet. */
export async function ensureProductAdmin(db: Kysely<Database>, username: string, password: string): Promise<boolean> {
  assertAcceptablePassword(password, { username });
  return unsafeInSeedTransaction(db, async (tx) => {
    const existing = await tx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    if (existing) return false;
    await insertUser(tx, {
      username,
      email: `${username}@localhost`,
      passwordHash: await hashPassword(password),
      fullName: 'Product Administrator',
      role: 'Admin',
      isProductAdmin: true,
    });
    await createAuditEntry(tx, {
      userId: null,
      username: 'system',
      action: 'create_user',
      details: { message: `Product administrator "${username}" created at start-up` },
    });
    return true;
  });
}
