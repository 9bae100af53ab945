/**
 * The role walk, part 4: a user of org B (Globex) never sees org A (Acme) — not in the selector, not in
 * any table, not by pasting org A's URLs or ids. The same pages read as org A's Admin do show org A,
 * so every "absent" below is a real check, not an empty page.
 */
import { type Page, expect, test } from '@playwright/test';
import { ORG_A, ORG_A_PEOPLE, ORG_A_TENANTS, ORG_B, type PersonKey, type World, getWorld, loginByApi, tenantButton } from './role-people';

let world: World;
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  world = await getWorld(testInfo.project.use.baseURL!);
});

/** Anything that names org A, its tenants, its demo people or its fresh Admin. */
const orgAText = () => new RegExp([ORG_A, ...ORG_A_TENANTS, ...ORG_A_PEOPLE, world.usernames.orgAdmin].join('|'));
/** Org A's demo usernames as a table cell or a JSON value shows them. */
const ORG_A_USERNAME_CELL = /^(analyst|viewer|manager)$/;
const ORG_A_USERNAME_JSON = /"(analyst|viewer|manager)"/;

/** Each screen, with what shows once it has loaded its data (for the person given). */
const SCREENS: Array<{ path: string; title: string; loaded: (page: Page, who: PersonKey) => Promise<void> }> = [
  { path: '/my-dashboard', title: 'My Dashboard', loaded: (p) => expect(p.getByTestId('current-tenant-name')).toBeVisible() },
  { path: '/requirements', title: 'Security Requirements', loaded: (p) => expect(p.getByTestId('requirement-card').first()).toBeVisible() },
  { path: '/assistant', title: 'AI Compliance Assistant', loaded: (p) => expect(p.getByText(/Answers come from the requirements, evidence and contracts of /)).toBeVisible() },
  { path: '/contracts', title: 'Contract Analyzer', loaded: (p) => expect(p.getByText(/No contracts uploaded yet|Uploaded Contracts/).first()).toBeVisible() },
  { path: '/evidence', title: 'Evidence Library', loaded: (p) => expect(p.getByText(/Evidence Documents/)).toBeVisible() },
  { path: '/policies', title: 'AI Policy Generator', loaded: (p) => expect(p.getByTestId('policy-template').first()).toBeVisible() },
  {
    path: '/organizations',
    title: 'Organization Management',
    loaded: (p) => expect(p.getByRole('list', { name: 'Tenants' }).getByRole('listitem').first()).toBeVisible(),
  },
  { path: '/users', title: 'User Management', loaded: (p, who) => expect(p.getByText(world.usernames[who], { exact: true })).toBeVisible() },
  { path: '/audit-logs', title: 'Audit Logs', loaded: (p) => expect(p.getByRole('heading', { name: /^Audit Trail \([1-9]\d* entries\)$/ })).toBeVisible() },
];

async function openLoaded(page: Page, screen: (typeof SCREENS)[number], who: PersonKey) {
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1, name: screen.title, exact: true })).toBeVisible();
  await screen.loaded(page, who);
}

test('the tenant selector of an org B user lists only org B, under org B', async ({ page }) => {
  await loginByApi(page, world, 'otherOrg');
  await page.goto('/my-dashboard');
  await tenantButton(page).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('group', { name: ORG_B })).toBeVisible();
  await expect(listbox.getByRole('group')).toHaveCount(1);
  await expect(listbox).not.toContainText(orgAText());
  await page.keyboard.press('Escape');
});

test('no screen shows org A to an org B user, while org A’s Admin sees it on the same screens', async ({ page }) => {
  test.setTimeout(120_000);
  await loginByApi(page, world, 'otherOrg');
  for (const screen of SCREENS) {
    await openLoaded(page, screen, 'otherOrg');
    await expect(page.locator('body'), `${screen.path} as the org B user`).not.toContainText(orgAText());
    await expect(page.getByRole('cell', { name: ORG_A_USERNAME_CELL }), `${screen.path}: no org A username`).toHaveCount(0);
  }
  // The control: the same check finds org A on the screens that list organizations, tenants and people.
  await page.context().clearCookies();
  await loginByApi(page, world, 'orgAdmin');
  for (const screen of SCREENS.filter((s) => ['/organizations', '/users', '/my-dashboard'].includes(s.path))) {
    await openLoaded(page, screen, 'orgAdmin');
    await expect(page.locator('body'), `${screen.path} as org A's Admin`).toContainText(orgAText());
  }
});

test("pasting org A's rollup URL shows no org A data and lands on the user's own dashboard", async ({ page }) => {
  await loginByApi(page, world, 'otherOrg');
  const rollups: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('reports.rollup')) rollups.push(r.url());
  });
  for (const path of [`/organizations/${world.orgA.id}/rollup`, '/executive-dashboard', `/organizations/${world.orgA.id}/rollup/`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await expect(page.getByTestId('current-tenant-name')).toHaveText(/^Globex /);
    await expect(page.locator('body')).not.toContainText(orgAText());
  }
  expect(rollups, 'the browser never asked for a rollup').toEqual([]);
});

test("a stored org A tenant id is not adopted: the org B user stays in org B's tenants", async ({ page }) => {
  await loginByApi(page, world, 'otherOrg');
  await page.goto('/login');
  await page.evaluate((id) => localStorage.setItem('selectedTenantId', id), world.tenants['Acme Hospitals']!);
  await page.goto('/my-dashboard');
  await expect(page.getByTestId('current-tenant-name')).toHaveText(/^Globex /);
  await expect(tenantButton(page)).toContainText(/Globex/);
  await expect(page.locator('body')).not.toContainText(orgAText());
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(Object.values(world.tenants)).toContain(me.current_tenant_id);
  expect([world.tenants['Globex Cloud'], world.tenants['Globex Corporate IT']]).toContain(me.current_tenant_id);

  const refused = await page.request.put('/api/auth/current-tenant', {
    headers: { 'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'csrf_token')!.value },
    data: { tenant_id: world.tenants['Acme Hospitals'] },
  });
  expect(refused.status(), await refused.text()).toBeGreaterThanOrEqual(400);
  expect(refused.status()).toBeLessThan(500);
  expect(await refused.text()).not.toMatch(orgAText());
  const after = await (await page.request.get('/api/auth/me')).json();
  expect(after.current_tenant_id).toBe(me.current_tenant_id);
});

test('the org B user’s lists from the API hold nothing of org A', async ({ page }) => {
  await loginByApi(page, world, 'otherOrg');
  for (const path of ['/api/organizations', '/api/users', '/api/audit-logs?limit=500', `/api/users/${world.userIds[world.usernames.otherOrg]}/accessible-tenants`]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text).length, `${path} lists something`).toBeGreaterThan(0);
    expect(text, path).not.toMatch(orgAText());
    expect(text, path).not.toMatch(ORG_A_USERNAME_JSON);
  }
});
