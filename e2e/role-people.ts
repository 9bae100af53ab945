/**
 * The people and the demo world the role walk needs. Demo users (admin, manager, analyst, viewer) are
 * used as they are; the organization Admin and the other-organization user are created fresh through
 * the API by the demo product admin (as e2e/security.spec.ts does), so no demo user's state changes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type APIResponse, type Page, expect, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD, loginAs } from './helpers';

export const ORG_A = 'Acme Health Group';
export const ORG_B = 'Globex Software';
export const ORG_A_TENANTS = ['Acme Hospitals', 'Acme Payments', 'Acme Research'] as const;
export const ORG_B_TENANTS = ['Globex Cloud', 'Globex Corporate IT'] as const;
/** Full names of org A's demo people, as the user table shows them. */
export const ORG_A_PEOPLE = ['Morgan Manager', 'Avery Analyst', 'Vic Viewer'] as const;

const FRESH_PASSWORD = 'Role-Walk-E2E-Password-1';
/** The documents every tenant of the walk holds, so each role's row actions are checked on real rows. */
export const CONTRACT = 'Role Walk Contract';
export const EVIDENCE = 'Role Walk Evidence';
const fixture = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/documents/fixtures/contract.pdf'));
const run = Date.now().toString(36);

export type PersonKey = 'admin' | 'manager' | 'orgAdmin' | 'analyst' | 'viewer' | 'otherOrg';

interface Named {
  id: string;
  name: string;
}

export interface World {
  /** Organizations as the product admin lists them (ordered by name). */
  organizations: Array<Named & { domain: string | null; logo_url: string | null; description: string | null }>;
  orgA: Named;
  orgB: Named;
  /** Tenant ids by tenant name, for both demo organizations. */
  tenants: Record<string, string>;
  /** User ids by username (demo users and the fresh people). */
  userIds: Record<string, string>;
  /** Login names of every person of the walk. */
  usernames: Record<PersonKey, string>;
  /** One requirement of each org A tenant, by tenant name. */
  requirementOf: Record<string, string>;
}

let world: Promise<World> | null = null;

/** The world, built once per worker (every role-walk file shares it). */
export function getWorld(baseURL: string): Promise<World> {
  world ??= buildWorld(baseURL);
  return world;
}

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

async function csrfOf(context: APIRequestContext): Promise<Record<string, string>> {
  const cookie = (await context.storageState()).cookies.find((c) => c.name === 'csrf_token');
  expect(cookie, 'csrf cookie after login').toBeDefined();
  return { 'x-csrf-token': cookie!.value };
}

async function buildWorld(baseURL: string): Promise<World> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await ok(await admin.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } }), 'admin login');
    const organizations = await ok<World['organizations']>(await admin.get('/api/organizations'), 'organizations');
    const byName = (name: string) => {
      const org = organizations.find((o) => o.name === name);
      expect(org, `organization ${name}`).toBeDefined();
      return { id: org!.id, name: org!.name };
    };
    const orgA = byName(ORG_A);
    const orgB = byName(ORG_B);

    const tenants: Record<string, string> = {};
    for (const org of [orgA, orgB]) {
      const rows = await ok<Named[]>(await admin.get(`/api/tenants?organization_id=${org.id}`), `tenants of ${org.name}`);
      for (const t of rows) tenants[t.name] = t.id;
    }

    const headers = await csrfOf(admin);
    const create = async (prefix: string, organizationId: string) => {
      const username = `${prefix}-${run}`;
      const user = await ok<{ id: string }>(
        await admin.post('/api/users', {
          headers,
          data: { username, email: `${username}@example.test`, full_name: `Role Walk ${prefix}`, password: FRESH_PASSWORD, role: 'Admin', organization_id: organizationId },
        }),
        `create ${username}`,
      );
      return { username, id: user.id };
    };
    // One real, analysed contract and evidence document in every tenant (uploads wait for the analysis).
    for (const tenantId of Object.values(tenants)) {
      await ok(await admin.post(`/api/contracts/upload?tenant_id=${tenantId}`, { headers, multipart: { file: { name: `${CONTRACT}.pdf`, mimeType: 'application/pdf', buffer: fixture } } }), `contract in ${tenantId}`);
      await ok(
        await admin.post(`/api/evidence/upload?tenant_id=${tenantId}`, { headers, multipart: { name: EVIDENCE, document_type: 'Policy', file: { name: 'role-walk-evidence.pdf', mimeType: 'application/pdf', buffer: fixture } } }),
        `evidence in ${tenantId}`,
      );
    }
    const orgAdmin = await create('rw-org-admin', orgA.id);
    const otherOrg = await create('rw-other-org', orgB.id);

    const users = await ok<Array<{ id: string; username: string }>>(await admin.get('/api/users'), 'users');
    const userIds: Record<string, string> = Object.fromEntries(users.map((u) => [u.username, u.id]));

    const requirementOf: Record<string, string> = {};
    for (const name of ORG_A_TENANTS) {
      const rows = await ok<Array<{ id: string }>>(await admin.get(`/api/requirements?tenant_id=${tenants[name]}`), `requirements of ${name}`);
      expect(rows.length, `requirements of ${name}`).toBeGreaterThan(0);
      requirementOf[name] = rows[0]!.id;
    }

    return {
      organizations,
      orgA,
      orgB,
      tenants,
      userIds,
      usernames: { admin: 'admin', manager: 'manager', analyst: 'analyst', viewer: 'viewer', orgAdmin: orgAdmin.username, otherOrg: otherOrg.username },
      requirementOf,
    };
  } finally {
    await admin.dispose();
  }
}

const passwordOf = (person: PersonKey) => (person === 'orgAdmin' || person === 'otherOrg' ? FRESH_PASSWORD : DEMO_PASSWORD);

/** Logs in through the login screen, as a person would. */
export async function loginInBrowser(page: Page, w: World, person: PersonKey) {
  await loginAs(page, w.usernames[person], passwordOf(person));
}

/** Logs in through the API; the page shares the request context's cookies (quicker for the screen walks). */
export async function loginByApi(page: Page, w: World, person: PersonKey) {
  const response = await page.request.post('/api/auth/login', { data: { username: w.usernames[person], password: passwordOf(person) } });
  expect(response.ok(), `login as ${w.usernames[person]}`).toBeTruthy();
}

/** The CSRF header a state-changing call from this browser must carry (empty without a session). */
export async function csrfHeader(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'csrf_token');
  return cookie ? { 'x-csrf-token': cookie.value } : {};
}

export const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
export const tenantButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Tenant/ });
export const organizationButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Organization/ });
