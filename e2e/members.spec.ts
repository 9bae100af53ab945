import { type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, csrfHeader } from './helpers';

const run = Date.now().toString(36);
let counter = 0;
const unique = (prefix: string) => `${prefix}-${run}-${++counter}`;

async function login(page: Page, username: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(response.ok(), `login as ${username}`).toBeTruthy();
}

const userRow = (page: Page, username: string) => page.getByRole('row').filter({ has: page.getByText(username, { exact: true }) });
const tenantCard = (page: Page, name: string) => page.getByRole('list', { name: 'Tenants' }).getByRole('listitem').filter({ hasText: name });
const reachable = async (page: Page) => ((await (await page.request.get('/api/tenants')).json()) as { name: string }[]).map((t) => t.name).sort();

test('a manager adds a user into one tenant with a role; the user reaches exactly that tenant, then what Edit access gives', async ({ page }) => {
  test.setTimeout(90_000);
  const username = unique('member');
  const password = 'A-long-password-1';
  await login(page, 'manager');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '+ Add User' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.test`);
  await page.locator('#new-user-role').selectOption('Viewer');
  await page.getByLabel('Password').fill(password);
  await expect(page.locator('#new-user-organization')).toHaveValue(/.+/);
  await page.getByRole('checkbox', { name: 'Acme Payments' }).check();
  await page.getByLabel('Permission in Acme Payments').selectOption('Editor');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('status').filter({ hasText: `User "${username}" created successfully` })).toBeVisible();
  await expect(userRow(page, username)).toContainText('Acme Payments (Editor)');
  await expect(userRow(page, username)).toContainText('Acme Health Group');

  // Signed in as the new user: exactly that tenant, with the Editor role granted there.
  await login(page, username, password);
  expect(await reachable(page)).toEqual(['Acme Payments']);
  await page.goto('/requirements');
  await expect(page.getByText('Unified security requirements for Acme Payments')).toBeVisible();
  const other = await page.request.get('/api/tenants?organization_id=00000000-0000-4000-8000-000000000000');
  expect(other.status()).toBe(404);

  // The manager gives Acme Research too, through Edit access; it holds on the user's next request.
  await login(page, 'manager');
  await page.goto('/users');
  await userRow(page, username).getByRole('button', { name: 'Edit access' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit access: ${username}` });
  await expect(dialog.getByRole('checkbox', { name: 'Acme Payments' })).toBeChecked();
  await expect(dialog.getByLabel('Permission in Acme Payments')).toHaveValue('Editor');
  await dialog.getByRole('checkbox', { name: 'Acme Research' }).check();
  await dialog.getByRole('button', { name: 'Save Access' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Access of "${username}" updated` })).toBeVisible();
  await expect(userRow(page, username)).toContainText('Acme Research');
  await login(page, username, password);
  expect(await reachable(page)).toEqual(['Acme Payments', 'Acme Research']);
});

test('a manager deletes a tenant, finds it under Show inactive and restores it with its data', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'manager');
  const name = unique('Restorable');
  const orgs = (await (await page.request.get('/api/organizations')).json()) as { id: string; name: string }[];
  const acme = orgs.find((o) => o.name === 'Acme Health Group')!;
  const created = await page.request.post('/api/tenants', {
    data: { name, assigned_frameworks: ['HIPAA'], organization_id: acme.id },
    headers: await csrfHeader(page),
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const tenant = (await created.json()) as { id: string };
  const before = (await (await page.request.get(`/api/requirements/?tenant_id=${tenant.id}`)).json()) as unknown[];
  expect(before.length).toBeGreaterThan(0);

  await page.goto('/organizations');
  await expect(page.getByRole('heading', { name: 'Organization Management' })).toBeVisible({ timeout: 30_000 });
  const card = tenantCard(page, name);
  await expect(card.getByText('Active', { exact: true })).toBeVisible({ timeout: 15_000 });
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);

  await page.getByLabel('Show inactive').check();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0);
  await card.getByRole('button', { name: 'Restore' }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toBeVisible();
  await page.getByLabel('Show inactive').uncheck();
  await expect(card).toBeVisible();

  const after = (await (await page.request.get(`/api/requirements/?tenant_id=${tenant.id}`)).json()) as unknown[];
  expect(after.length).toBe(before.length);

  // The organization is left as the other walks expect it: the tenant made here is deleted again.
  const removed = await page.request.delete(`/api/tenants/${tenant.id}`, { headers: await csrfHeader(page) });
  expect(removed.ok(), await removed.text()).toBeTruthy();
});
