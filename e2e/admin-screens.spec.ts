import { type Page, expect, request as playwrightRequest, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

const run = Date.now().toString(36);
let counter = 0;
/** A name no other test (or earlier run on the same database) has used. */
const unique = (prefix: string) => `${prefix}-${run}-${++counter}`;

/** Logs in through the API; the page shares the request context's cookies. */
async function login(page: Page, username: string) {
  const response = await page.request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), `login as ${username}`).toBeTruthy();
}

async function csrfHeader(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'csrf_token');
  expect(cookie, 'csrf cookie after login').toBeDefined();
  return { 'x-csrf-token': cookie!.value };
}

async function createOrganizationViaApi(page: Page, name: string) {
  const response = await page.request.post('/api/organizations', {
    data: { name, domain: null, logo_url: null, description: `Created by the admin-screens test ${name}` },
    headers: await csrfHeader(page),
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as { id: string; name: string };
}

/** Accepts (or dismisses) the next browser dialog and hands back its text. */
function nextDialog(page: Page, accept = true): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      const text = dialog.message();
      await (accept ? dialog.accept() : dialog.dismiss());
      resolve(text);
    });
  });
}

/** The page's success message (role status) reads exactly `text`. */
async function expectSuccess(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text })).toHaveText(text);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const userRow = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByText(username, { exact: true }) });
const orgCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Organizations' }).getByRole('listitem').filter({ hasText: name });
const tenantCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Tenants' }).getByRole('listitem').filter({ hasText: name });

async function addUser(page: Page, username: string, role: 'Admin' | 'Editor' | 'Viewer' = 'Viewer') {
  await page.getByRole('button', { name: '+ Add User' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.test`);
  await page.getByLabel('Full Name').fill(`Full ${username}`);
  await page.getByLabel('Role').selectOption(role);
  await page.getByLabel('Password').fill('A-long-password-1');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expectSuccess(page, `User "${username}" created successfully`);
}

test.describe('User Management', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  });

  test('validates the form, adds a user and lists the new row', async ({ page }) => {
    const username = unique('e2e-user');
    await page.getByRole('button', { name: '+ Add User' }).click();
    await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(page.getByLabel('Role')).toHaveValue('Viewer');

    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Add New User' })).toHaveCount(0);

    await addUser(page, username, 'Editor');
    const row = userRow(page, username);
    await expect(row).toContainText(`Full ${username}`);
    await expect(row).toContainText(`${username}@example.test`);
    await expect(row.getByText('Editor', { exact: true })).toHaveAttribute('data-tone', 'blue');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByText(await page.evaluate(() => new Date().toLocaleDateString()), { exact: true })).toBeVisible();
    await expect(userRow(page, 'admin').getByText('Admin', { exact: true })).toHaveAttribute('data-tone', 'purple');
    await expect(userRow(page, 'viewer').getByText('Viewer', { exact: true })).toHaveAttribute('data-tone', 'grey');
    await expect(userRow(page, 'admin').getByRole('button')).toHaveCount(0);
  });

  test("a duplicate username shows the server's detail", async ({ page }) => {
    await page.getByRole('button', { name: '+ Add User' }).click();
    await page.getByLabel('Username').fill('analyst');
    await page.getByLabel('Email').fill(`${unique('dup')}@example.test`);
    await page.getByLabel('Password').fill('A-long-password-1');
    await page.getByRole('button', { name: 'Create User' }).click();
    const detail = 'Username "analyst" already exists';
    await expect(page.getByRole('alert').filter({ hasText: detail })).toHaveText(detail);
    await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible();
  });

  test('deactivates and re-activates a user', async ({ page }) => {
    const username = unique('e2e-toggle');
    await addUser(page, username);
    const row = userRow(page, username);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expectSuccess(page, `User "${username}" deactivated successfully`);
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Activate' }).click();
    await expectSuccess(page, `User "${username}" activated successfully`);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
  });

  test('deletes a user only after confirmation', async ({ page }) => {
    const username = unique('e2e-delete');
    await addUser(page, username);
    const row = userRow(page, username);

    const dismissed = nextDialog(page, false);
    await row.getByRole('button', { name: 'Delete' }).click();
    expect(await dismissed).toBe(`Delete user "${username}"? This will deactivate their account.`);
    await expect(row).toHaveCount(1);

    const accepted = nextDialog(page);
    await row.getByRole('button', { name: 'Delete' }).click();
    expect(await accepted).toBe(`Delete user "${username}"? This will deactivate their account.`);
    await expectSuccess(page, `User "${username}" deleted successfully`);
    await expect(row).toHaveCount(0);
  });
});

test('a viewer on /users sees only themselves and no actions', async ({ page }) => {
  await login(page, 'viewer');
  await page.goto('/users');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('viewer');
  await expect(rows.first()).toContainText('Vic Viewer');
  await expect(rows.first().getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '+ Add User' })).toHaveCount(0);
});

test.describe('Audit Logs', () => {
  test('counts, filters, limits, clears and colours the trail', async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, 'admin');
    const created = unique('e2e-audit');
    await page.goto('/users');
    await addUser(page, created);
    const accepted = nextDialog(page);
    await userRow(page, created).getByRole('button', { name: 'Delete' }).click();
    await accepted;
    await expectSuccess(page, `User "${created}" deleted successfully`);

    const extra = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
    for (let i = 0; i < 51; i++) {
      expect((await extra.post('/api/auth/login', { data: { username: 'viewer', password: DEMO_PASSWORD } })).ok()).toBeTruthy();
    }
    await extra.dispose();

    await page.goto('/audit-logs');
    const all = (await (await page.request.get('/api/audit-logs?limit=100')).json()) as unknown[];
    expect(all.length).toBeGreaterThan(50);
    const header = page.getByRole('heading', { name: /^Audit Trail/ });
    await expect(header).toHaveText(`Audit Trail (${all.length} entries)`);
    await expect(page.locator('tbody tr')).toHaveCount(all.length);
    await expect(page.getByLabel('Limit')).toHaveValue('100');

    const limitRequest = page.waitForRequest((r) => decodeURIComponent(r.url()).includes('"limit":50'));
    await page.getByLabel('Limit').selectOption('50');
    await limitRequest;
    await expect(header).toHaveText('Audit Trail (50 entries)');
    await expect(page.locator('tbody tr')).toHaveCount(50);

    await page.getByLabel('Action').fill('_user');
    await page.getByLabel('Username').fill('admin');
    const createRow = page.getByRole('row').filter({ hasText: `User "${created}" created with role Viewer` });
    await expect(createRow.getByText('create_user', { exact: true })).toHaveAttribute('data-tone', 'green');
    const deleteRow = page.getByRole('row').filter({ hasText: `User "${created}" deleted` });
    await expect(deleteRow.getByText('delete_user', { exact: true })).toHaveAttribute('data-tone', 'red');
    await expect(deleteRow.locator('td').last().locator('span')).toHaveAttribute('title', `User "${created}" deleted (account deactivated)`);

    await page.getByLabel('Action').fill('delete_user');
    const deletes = (await (await page.request.get('/api/audit-logs?limit=50&username=admin&action=delete_user')).json()) as unknown[];
    await expect(header).toHaveText(`Audit Trail (${deletes.length} entries)`);
    for (const badge of await page.locator('tbody tr td:nth-child(3)').all()) await expect(badge).toHaveText('delete_user');

    await page.getByLabel('Action').fill(`no-such-action-${run}`);
    await expect(page.getByText('No audit logs found. Try adjusting your filters.')).toBeVisible();
    await expect(header).toHaveText('Audit Trail (0 entries)');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByLabel('Username')).toHaveValue('');
    await expect(page.getByLabel('Action')).toHaveValue('');
    await expect(page.getByLabel('Limit')).toHaveValue('100');
    await expect(header).toHaveText(/^Audit Trail \((\d{2,3}) entries\)$/);
    await expect(page.locator('tbody tr')).not.toHaveCount(50);
    await expect(page.getByRole('row').filter({ hasText: 'User viewer logged in' }).first().getByText('login', { exact: true })).toHaveAttribute('data-tone', 'grey');

    const refreshed = page.waitForRequest((r) => r.url().includes('audit.list'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refreshed;
  });
});

test.describe('Organization Management', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'admin');
  });

  test('creates an organization (name required) and edits it', async ({ page, baseURL }) => {
    const name = unique('E2E Org');
    await page.goto('/organizations');
    await expect(orgCard(page, 'Acme Health Group').getByRole('button', { pressed: true })).toBeVisible();
    await page.getByRole('button', { name: 'Create Organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Organization' });
    await expect(dialog.getByText('Unique identifier for the organization')).toBeVisible();

    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await expect(dialog.getByText('Organization name is required')).toBeVisible();
    await dialog.getByLabel('Organization Name').fill(`  ${name}  `);
    await dialog.getByLabel('Logo URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await expect(dialog.getByText(/valid URL/)).toBeVisible();
    await dialog.getByLabel('Logo URL').fill(`${baseURL}/favicon.svg`);
    await expect(dialog.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await dialog.getByLabel('Domain').fill(`e2e-${run}-${counter}`);
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await expect(dialog).toHaveCount(0);

    const card = orgCard(page, name);
    await expect(card.getByText('0 tenants', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { pressed: true })).toBeVisible();
    await expect(card.locator('img')).toBeVisible();
    await expect(page.getByText('No tenants yet. Create one to get started.')).toBeVisible();
    const orgs = (await (await page.request.get('/api/organizations')).json()) as Array<{ name: string; description: string | null }>;
    expect(orgs.find((o) => o.name === name)?.description).toBeNull();

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Organization' });
    await expect(edit.getByLabel('Organization Name')).toHaveValue(name);
    await edit.getByLabel('Description').fill('Edited by the browser test');
    await edit.getByLabel('Logo URL').fill(`${baseURL}/no-such-logo-${run}.png`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toHaveCount(0);
    await expect(card).toContainText('Edited by the browser test');
    await expect(card.locator('img')).toHaveCount(0);
  });

  test('creates, edits and deletes a tenant', async ({ page }) => {
    const org = await createOrganizationViaApi(page, unique('E2E Tenants Org'));
    const tenant = unique('E2E Tenant');
    await page.goto('/organizations');
    await orgCard(page, org.name).getByRole('button', { name: new RegExp(org.name) }).click();
    await expect(page.getByText('No tenants yet. Create one to get started.')).toBeVisible();

    await page.getByRole('button', { name: 'Create Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Tenant' });
    const submit = dialog.getByRole('button', { name: 'Create Tenant' });
    await expect(dialog.getByText('Please select at least one framework')).toBeVisible();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Tenant Name').fill(tenant);
    await dialog.getByLabel('HIPAA').check();
    await expect(dialog.getByText('Please select at least one framework')).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await dialog.getByLabel('HIPAA').uncheck();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('HIPAA').check();
    await dialog.getByLabel('ISO 27001').check();
    await submit.click();
    await expect(dialog).toHaveCount(0);

    const card = tenantCard(page, tenant);
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card).toContainText('HIPAA');
    await expect(card).toContainText('ISO 27001');
    await expect(orgCard(page, org.name).getByText('1 tenant', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Tenant' });
    await expect(edit.getByLabel('HIPAA')).toBeChecked();
    await edit.getByLabel('HIPAA').uncheck();
    await edit.getByLabel('PCI DSS 4.0').check();
    await edit.getByLabel('Description').fill('Card processing');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toHaveCount(0);
    await expect(card).toContainText('PCI DSS 4.0');
    await expect(card).toContainText('Card processing');
    await expect(card).not.toContainText('HIPAA');

    const confirmText = nextDialog(page);
    await card.getByRole('button', { name: 'Delete' }).click();
    expect(await confirmText).toBe('Are you sure you want to delete this tenant? This will deactivate the tenant and its data.');
    await expect(card).toHaveCount(0);
    await page.getByLabel('Show inactive').check();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  });

  test('deletes an organization after confirmation; its tenants then cannot grow', async ({ page }) => {
    const org = await createOrganizationViaApi(page, unique('E2E Doomed Org'));
    await page.goto('/organizations');
    const card = orgCard(page, org.name);

    const dismissed = nextDialog(page, false);
    await card.getByRole('button', { name: 'Delete' }).click();
    expect(await dismissed).toBe('Are you sure you want to delete this organization? This will also deactivate all its tenants.');
    await expect(card.getByText('Inactive', { exact: true })).toHaveCount(0);

    const accepted = nextDialog(page);
    await card.getByRole('button', { name: 'Delete' }).click();
    await accepted;
    await expect(card).toHaveCount(0);

    // Shown only under "Show inactive": no Edit, Delete or Create Tenant there, and the API refuses new tenants.
    await page.getByLabel('Show inactive').check();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: new RegExp(org.name) }).click();
    await expect(card.getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Restore' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Tenant' })).toHaveCount(0);
    const refused = await page.request.post('/api/tenants', {
      data: { name: unique('Too late'), assigned_frameworks: ['HIPAA'], organization_id: org.id },
      headers: await csrfHeader(page),
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).detail).toBe('Cannot add a tenant to an inactive organization');
  });

  test('shows management controls only to those who may manage', async ({ page }) => {
    await login(page, 'manager');
    await page.goto('/organizations');
    const acme = orgCard(page, 'Acme Health Group');
    await expect(acme.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(acme.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Tenant' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Organization' })).toHaveCount(0);

    await login(page, 'analyst');
    await page.goto('/organizations');
    await expect(orgCard(page, 'Acme Health Group')).toContainText('Acme Health Group');
    await expect(tenantCard(page, 'Acme Hospitals')).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Edit|Delete|Create Tenant|Create Organization)$/ })).toHaveCount(0);
  });
});

test.describe('Customer Admin', () => {
  test('tiles sum the customers, and a row opens its rollup', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/customer-admin');
    await expect(page.getByText('Manage all customer organizations')).toBeVisible();
    const customers = (await (await page.request.get('/api/organizations/all-customers')).json()) as Array<{
      id: string;
      name: string;
      is_active: boolean;
      tenant_count: number;
      user_count: number;
    }>;
    const tile = (label: string) => page.getByRole('group', { name: label });
    const sum = (key: 'tenant_count' | 'user_count') => customers.reduce((total, c) => total + c[key], 0);
    await expect(tile('Total Customers').getByText(String(customers.length), { exact: true })).toBeVisible();
    await expect(tile('Total Tenants').getByText(String(sum('tenant_count')), { exact: true })).toBeVisible();
    await expect(tile('Active Customers').getByText(String(customers.filter((c) => c.is_active).length), { exact: true })).toBeVisible();
    await expect(tile('Total Users').getByText(String(sum('user_count')), { exact: true })).toBeVisible();

    const list = page.getByRole('list', { name: 'All Customers' });
    await expect(list.getByRole('listitem')).toHaveCount(customers.length);
    const acme = customers.find((c) => c.name === 'Acme Health Group')!;
    const row = list.getByRole('link', { name: /Acme Health Group/ });
    await expect(row.getByText(plural(acme.tenant_count, 'tenant'), { exact: true })).toBeVisible();
    await expect(row.getByText(plural(acme.user_count, 'user'), { exact: true })).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/organizations/${acme.id}/rollup$`));
  });

  test('New Organization leads to /organizations; non-admins are sent away', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/customer-admin');
    await page.getByRole('button', { name: 'New Organization' }).click();
    await expect(page).toHaveURL(/\/organizations$/);

    await login(page, 'manager');
    await page.goto('/customer-admin');
    await expect(page).toHaveURL(/\/my-dashboard$/);
  });
});
