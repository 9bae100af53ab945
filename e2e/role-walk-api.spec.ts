/**
 * The role walk, part 3: the actions a role's screens do not offer are refused by the server too.
 * Each call is made from the role's own browser context (its session cookie, and the CSRF header a
 * page would send), answers 4xx with an error and no data, and changes nothing. A few calls the role
 * may make are made as well, so a refusal is told apart from a broken call.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIResponse, type Page, request as playwrightRequest, expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';
import { ORG_A_PEOPLE, ORG_A_TENANTS, type PersonKey, type World, csrfHeader, getWorld, loginByApi } from './role-people';

let world: World;
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  world = await getWorld(testInfo.project.use.baseURL!);
});

const PDF = readFileSync(fileURLToPath(new URL('../packages/documents/fixtures/contract.pdf', import.meta.url)));
let copies = 0;
/** The fixture with a PDF comment after its end: other bytes each time, since the same file twice in a tenant is refused. */
const freshPdf = () => Buffer.concat([PDF, Buffer.from(`\n% copy ${(copies += 1)}\n`)]);
/** What no refusal may carry: org A's tenants and people. */
const ORG_A_DATA = new RegExp([...ORG_A_TENANTS, ...ORG_A_PEOPLE].join('|'));

type Tenant = (typeof ORG_A_TENANTS)[number];
interface Call {
  name: string;
  send: (page: Page, headers: Record<string, string>) => Promise<APIResponse>;
}

const org = (w: World, which: 'orgA' | 'orgB') => w[which].id;
const tenantHeader = (tenant: Tenant) => ({ 'x-tenant-id': world.tenants[tenant]! });

/** The calls of the walk, each as the screen (or a pasted URL) would make it. */
const CALLS = {
  createOrganization: (): Call => ({
    name: 'create an organization',
    send: (p, h) => p.request.post('/api/organizations', { headers: h, data: { name: `RW Forbidden ${randomUUID()}`, domain: null, logo_url: null, description: null } }),
  }),
  editOrgA: (): Call => ({
    name: 'save org A unchanged (Edit Organization)',
    send: (p, h) => {
      const a = world.organizations.find((o) => o.id === world.orgA.id)!;
      return p.request.patch(`/api/organizations/${a.id}`, { headers: h, data: { name: a.name, domain: a.domain, logo_url: a.logo_url, description: a.description } });
    },
  }),
  deleteOrgA: (): Call => ({ name: 'delete org A', send: (p, h) => p.request.delete(`/api/organizations/${org(world, 'orgA')}`, { headers: h }) }),
  allCustomers: (): Call => ({ name: 'list all customers', send: (p) => p.request.get('/api/organizations/all-customers') }),
  mfaRequirements: (): Call => ({ name: 'read MFA requirements', send: (p) => p.request.get('/api/organizations/mfa-requirements') }),
  rollup: (which: 'orgA' | 'orgB'): Call => ({ name: `${which} rollup`, send: (p) => p.request.get(`/api/organizations/${org(world, which)}/rollup`) }),
  tenantsOf: (which: 'orgA' | 'orgB'): Call => ({ name: `tenants of ${which}`, send: (p) => p.request.get(`/api/tenants?organization_id=${org(world, which)}`) }),
  createTenantInOrgA: (): Call => ({
    name: 'create a tenant in org A',
    send: (p, h) => p.request.post('/api/tenants', { headers: h, data: { name: `RW Forbidden ${randomUUID()}`, description: null, assigned_frameworks: ['HIPAA'], organization_id: org(world, 'orgA') } }),
  }),
  deleteTenant: (tenant: Tenant): Call => ({ name: `delete tenant ${tenant}`, send: (p, h) => p.request.delete(`/api/tenants/${world.tenants[tenant]}`, { headers: h }) }),
  createUserIn: (which: 'orgA' | 'orgB'): Call => ({
    name: `add a user to ${which}`,
    send: (p, h) => {
      const username = `rw-forbidden-${randomUUID().slice(0, 8)}`;
      return p.request.post('/api/users', { headers: h, data: { username, email: `${username}@example.test`, password: DEMO_PASSWORD, role: 'Viewer', organization_id: org(world, which) } });
    },
  }),
  toggleUser: (person: PersonKey): Call => ({ name: `deactivate ${person}`, send: (p, h) => p.request.patch(`/api/users/${world.userIds[world.usernames[person]]}/toggle-status`, { headers: h }) }),
  deleteUser: (person: PersonKey): Call => ({ name: `delete ${person}`, send: (p, h) => p.request.delete(`/api/users/${world.userIds[world.usernames[person]]}`, { headers: h }) }),
  permissionsOf: (person: PersonKey): Call => ({ name: `permissions of ${person}`, send: (p) => p.request.get(`/api/users/${world.userIds[world.usernames[person]]}/permissions`) }),
  tenantsOfUser: (person: PersonKey): Call => ({ name: `tenants of ${person}`, send: (p) => p.request.get(`/api/users/${world.userIds[world.usernames[person]]}/accessible-tenants`) }),
  requirements: (tenant: Tenant): Call => ({ name: `requirements of ${tenant}`, send: (p) => p.request.get(`/api/requirements?tenant_id=${world.tenants[tenant]}`) }),
  dashboard: (tenant: Tenant): Call => ({ name: `dashboard of ${tenant}`, send: (p) => p.request.get(`/api/reports/dashboard?tenant_id=${world.tenants[tenant]}`) }),
  csv: (tenant: Tenant): Call => ({ name: `CSV export of ${tenant}`, send: (p) => p.request.get(`/api/requirements/export/csv?tenant_id=${world.tenants[tenant]}`) }),
  saveResponse: (tenant: Tenant): Call => ({
    name: `save a response in ${tenant}`,
    send: (p, h) => p.request.patch(`/api/requirements/${world.requirementOf[tenant]}/response`, { headers: { ...h, ...tenantHeader(tenant) }, data: { user_response: 'RW forbidden edit' } }),
  }),
  suggestResponse: (tenant: Tenant): Call => ({
    name: `generate an AI response in ${tenant}`,
    send: (p, h) => p.request.post(`/api/requirements/${world.requirementOf[tenant]}/generate-response`, { headers: { ...h, ...tenantHeader(tenant) } }),
  }),
  uploadContract: (tenant: Tenant): Call => ({
    name: `upload a contract to ${tenant}`,
    send: (p, h) => p.request.post('/api/contracts/upload', { headers: { ...h, ...tenantHeader(tenant) }, multipart: { file: { name: 'rw-contract.pdf', mimeType: 'application/pdf', buffer: freshPdf() } } }),
  }),
  uploadEvidence: (tenant: Tenant): Call => ({
    name: `upload evidence to ${tenant}`,
    send: (p, h) =>
      p.request.post('/api/evidence/upload', { headers: { ...h, ...tenantHeader(tenant) }, multipart: { file: { name: 'rw-evidence.pdf', mimeType: 'application/pdf', buffer: freshPdf() }, document_type: 'Policy' } }),
  }),
  deleteEvidence: (tenant: Tenant): Call => ({ name: `delete evidence in ${tenant}`, send: (p, h) => p.request.delete(`/api/evidence/${randomUUID()}`, { headers: { ...h, ...tenantHeader(tenant) } }) }),
  reanalyze: (tenant: Tenant): Call => ({ name: `re-analyze evidence in ${tenant}`, send: (p, h) => p.request.post(`/api/evidence/${randomUUID()}/reanalyze`, { headers: { ...h, ...tenantHeader(tenant) } }) }),
  generatePolicy: (tenant: Tenant): Call => ({
    name: `generate a policy in ${tenant}`,
    send: (p, h) => p.request.post('/api/policies/generate', { headers: { ...h, ...tenantHeader(tenant) }, data: { policy_type: 'Access Control Policy', frameworks: [], include_contracts: true } }),
  }),
  savePolicy: (tenant: Tenant): Call => ({
    name: `save a policy to ${tenant}'s evidence`,
    send: (p, h) => p.request.post('/api/policies/save-to-evidence', { headers: { ...h, ...tenantHeader(tenant) }, data: { policy_type: 'Access Control Policy', content: '# RW forbidden' } }),
  }),
};
const c = CALLS;

/** Per role: calls refused (with their status: 403 forbidden, 404 for what the role cannot even see), and calls allowed. */
const API_TABLE: Array<{ who: PersonKey; denied: Array<[Call, number]>; allowed: Call[] }> = [
  { who: 'admin', denied: [], allowed: [c.allCustomers(), c.mfaRequirements(), c.rollup('orgA'), c.rollup('orgB'), c.permissionsOf('manager')] },
  {
    who: 'manager',
    denied: [[c.createOrganization(), 403], [c.deleteOrgA(), 403], [c.allCustomers(), 403], [c.mfaRequirements(), 403], [c.rollup('orgB'), 404], [c.tenantsOf('orgB'), 404]],
    allowed: [c.rollup('orgA'), c.tenantsOf('orgA'), c.permissionsOf('analyst')],
  },
  {
    who: 'orgAdmin',
    denied: [
      [c.createOrganization(), 403], [c.editOrgA(), 403], [c.deleteOrgA(), 403], [c.allCustomers(), 403], [c.rollup('orgA'), 403], [c.rollup('orgB'), 404],
      [c.createUserIn('orgB'), 403], [c.toggleUser('manager'), 403], [c.deleteUser('manager'), 403],
    ],
    allowed: [c.tenantsOf('orgA'), c.permissionsOf('analyst'), c.requirements('Acme Research')],
  },
  {
    who: 'analyst',
    denied: [
      [c.createOrganization(), 403], [c.editOrgA(), 403], [c.allCustomers(), 403], [c.rollup('orgA'), 403], [c.createTenantInOrgA(), 403],
      [c.deleteTenant('Acme Hospitals'), 403], [c.createUserIn('orgA'), 403], [c.toggleUser('viewer'), 404], [c.deleteUser('viewer'), 404],
      [c.permissionsOf('viewer'), 404], [c.requirements('Acme Research'), 403], [c.dashboard('Acme Research'), 403],
    ],
    allowed: [c.requirements('Acme Hospitals'), c.dashboard('Acme Payments')],
  },
  {
    who: 'viewer',
    denied: [
      [c.saveResponse('Acme Research'), 403], [c.suggestResponse('Acme Research'), 403], [c.uploadContract('Acme Research'), 403],
      [c.uploadEvidence('Acme Research'), 403], [c.deleteEvidence('Acme Research'), 403], [c.reanalyze('Acme Research'), 404 /* no such document: refused before any work */],
      [c.generatePolicy('Acme Research'), 403], [c.savePolicy('Acme Research'), 403], [c.createUserIn('orgA'), 403],
      [c.createTenantInOrgA(), 403], [c.deleteTenant('Acme Research'), 403], [c.editOrgA(), 403], [c.rollup('orgA'), 403],
      [c.allCustomers(), 403], [c.requirements('Acme Hospitals'), 403], [c.permissionsOf('analyst'), 404], [c.tenantsOfUser('analyst'), 404],
    ],
    allowed: [c.requirements('Acme Research'), c.dashboard('Acme Research'), c.csv('Acme Research')],
  },
  {
    who: 'otherOrg',
    denied: [
      [c.rollup('orgA'), 404], [c.editOrgA(), 404], [c.deleteOrgA(), 403], [c.tenantsOf('orgA'), 404], [c.createTenantInOrgA(), 404],
      [c.deleteTenant('Acme Hospitals'), 404], [c.createUserIn('orgA'), 403], [c.toggleUser('analyst'), 404], [c.deleteUser('analyst'), 404],
      [c.permissionsOf('analyst'), 404], [c.tenantsOfUser('viewer'), 404], [c.requirements('Acme Hospitals'), 403],
      [c.dashboard('Acme Hospitals'), 403], [c.csv('Acme Hospitals'), 403], [c.saveResponse('Acme Hospitals'), 403],
      [c.uploadEvidence('Acme Payments'), 403], [c.generatePolicy('Acme Research'), 403],
      [c.rollup('orgB'), 403],
    ],
    allowed: [c.tenantsOf('orgB'), c.permissionsOf('otherOrg')],
  },
];

/** What must not change: organizations, org A's tenants and people, and org A's first requirements' responses. */
async function fingerprint(baseURL: string): Promise<string> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    expect((await admin.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).ok()).toBeTruthy();
    const orgs = ((await (await admin.get('/api/organizations')).json()) as Array<{ name: string; is_active: boolean; domain: string | null }>).map((o) => [o.name, o.is_active, o.domain]);
    const tenants = ((await (await admin.get(`/api/tenants?organization_id=${world.orgA.id}`)).json()) as Array<{ name: string; is_active: boolean }>).map((t) => [t.name, t.is_active]);
    const users = ((await (await admin.get('/api/users')).json()) as Array<{ username: string; is_active: boolean }>).map((u) => [u.username, u.is_active]);
    const responses = [];
    for (const tenant of ORG_A_TENANTS) {
      const r = await (await admin.get(`/api/requirements/${world.requirementOf[tenant]}?tenant_id=${world.tenants[tenant]}`)).json();
      responses.push([tenant, r.user_response ?? null]);
    }
    const evidence = ((await (await admin.get(`/api/evidence?tenant_id=${world.tenants['Acme Research']}`)).json()) as unknown[]).length;
    return JSON.stringify({ orgs, tenants, users, responses, evidence });
  } finally {
    await admin.dispose();
  }
}

async function expectRefused(response: APIResponse, status: number, what: string) {
  const text = await response.text();
  expect(response.status(), `${what}: ${text}`).toBe(status);
  const body = JSON.parse(text) as unknown;
  expect(Array.isArray(body), `${what} answers no list`).toBe(false);
  expect(typeof (body as { detail?: unknown }).detail, `${what} answers an error detail`).toBe('string');
  expect(text, `${what} leaks no org A data`).not.toMatch(ORG_A_DATA);
}

for (const entry of API_TABLE) {
  test(`the server refuses the ${entry.who}'s hidden actions and allows the permitted ones`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const before = await fingerprint(baseURL!);
    await loginByApi(page, world, entry.who);
    const headers = await csrfHeader(page);
    expect(headers['x-csrf-token'], 'the browser holds a CSRF token').toBeTruthy();
    for (const call of entry.allowed) {
      const response = await call.send(page, headers);
      expect(response.status(), `${call.name} is allowed: ${await response.text()}`).toBe(200);
    }
    for (const [call, status] of entry.denied) await expectRefused(await call.send(page, headers), status, call.name);
    expect(await fingerprint(baseURL!), 'no refused call changed anything').toBe(before);
  });
}

test('without a session every call answers 401 and no data', async ({ page }) => {
  const calls: Call[] = [
    { name: 'organizations', send: (p) => p.request.get('/api/organizations') },
    { name: 'users', send: (p) => p.request.get('/api/users') },
    { name: 'audit logs', send: (p) => p.request.get('/api/audit-logs') },
    c.allCustomers(), c.rollup('orgA'), c.requirements('Acme Hospitals'), c.createOrganization(), c.createUserIn('orgA'), c.deleteOrgA(),
  ];
  for (const call of calls) await expectRefused(await call.send(page, {}), 401, call.name);
});

test('a state-changing call without the CSRF header is refused even for the product admin', async ({ page, baseURL }) => {
  const before = await fingerprint(baseURL!);
  await loginByApi(page, world, 'admin');
  await expectRefused(await c.createOrganization().send(page, {}), 403, 'create an organization without CSRF');
  await expectRefused(await c.createUserIn('orgA').send(page, { 'x-csrf-token': 'not-the-token' }), 403, 'add a user with a wrong CSRF token');
  expect(await fingerprint(baseURL!)).toBe(before);
});
