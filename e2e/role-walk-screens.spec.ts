/**
 * The role walk, part 2: on every screen a role can open, the actions the table grants are there and
 * the ones it withholds are absent (or disabled), as the person sees them. Nothing is changed: the
 * walk opens dialogs and closes them. Every tenant holds one real contract and evidence document
 * (uploaded in the world's set-up), so each role's row actions are checked against a real row.
 */
import { type Page, expect, test } from '@playwright/test';
import { CONTRACT, EVIDENCE, type PersonKey, type World, getWorld, loginByApi } from './role-people';
import { ROLES, type RoleRow } from './role-walk-table';

let world: World;
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  world = await getWorld(testInfo.project.use.baseURL!);
});

const count = (allowed: boolean) => (allowed ? 1 : 0);
const homeName = (row: RoleRow) => (row.home === 'orgA' ? world.orgA.name : world.orgB.name);
const userRow = (page: Page, person: PersonKey) =>
  page.getByRole('row').filter({ has: page.getByText(world.usernames[person], { exact: true }) });

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
}

const SCREENS: Record<string, (page: Page, row: RoleRow) => Promise<void>> = {
  async 'Organization Management: organization and tenant controls'(page, row) {
    const a = row.actions;
    await open(page, '/organizations', 'Organization Management');
    const home = page.getByRole('list', { name: 'Organizations' }).getByRole('listitem').filter({ hasText: homeName(row) });
    await expect(home.getByRole('button', { pressed: true }), 'the home organization is selected').toBeVisible();
    const tenantCards = page.getByRole('list', { name: 'Tenants' }).getByRole('listitem');
    await expect(tenantCards.first()).toBeVisible();

    await expect(page.getByRole('button', { name: 'Create Organization' })).toHaveCount(count(a.createOrganization));
    await expect(home.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(count(a.editHomeOrganization));
    await expect(home.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(count(a.deleteHomeOrganization));
    await expect(page.getByRole('button', { name: 'Create Tenant' })).toHaveCount(count(a.manageTenants));
    const cards = await tenantCards.count();
    await expect(tenantCards.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(a.manageTenants ? cards : 0);
    await expect(tenantCards.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(a.manageTenants ? cards : 0);
  },

  async 'User Management: add-user and row actions'(page, row) {
    const a = row.actions;
    await open(page, '/users', 'User Management');
    await expect(userRow(page, row.key)).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Add User' })).toHaveCount(count(a.addUser));
    for (const person of a.userRowsWithActions) {
      await expect(userRow(page, person).getByRole('button', { name: /^(Deactivate|Activate)$/ }), `${person} can be deactivated`).toHaveCount(1);
      await expect(userRow(page, person).getByRole('button', { name: 'Delete' }), `${person} can be deleted`).toHaveCount(1);
      await expect(userRow(page, person).getByRole('button', { name: 'Reset password' }), `${person}'s password can be reset`).toHaveCount(1);
    }
    for (const person of a.userRowsWithoutActions) {
      await expect(userRow(page, person), `${person} is listed`).toHaveCount(1);
      await expect(userRow(page, person).getByRole('button'), `${person}'s row offers no action`).toHaveCount(0);
    }
    if (a.onlyUsers) {
      await expect(page.locator('tbody tr')).toHaveCount(a.onlyUsers.length);
      await expect(page.getByRole('table').getByRole('button')).toHaveCount(0);
    }
  },

  async 'Contract Analyzer and Evidence Library: upload, delete, re-analyze'(page, row) {
    const manage = row.actions.manageDocuments;
    await open(page, '/contracts', 'Contract Analyzer');
    await expect(page.getByRole('button', { name: `Download ${CONTRACT}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `View ${CONTRACT}` })).toBeVisible();
    await expect(page.getByLabel('Upload contract')).toHaveCount(count(manage));
    await expect(page.getByRole('button', { name: `Delete ${CONTRACT}` })).toHaveCount(count(manage));

    await open(page, '/evidence', 'Evidence Library');
    await expect(page.getByRole('button', { name: `Download ${EVIDENCE}` })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Upload evidence' })).toHaveCount(count(manage));
    await expect(page.getByRole('button', { name: `Re-analyze ${EVIDENCE}` })).toHaveCount(count(manage));
    await expect(page.getByRole('button', { name: `Delete ${EVIDENCE}` })).toHaveCount(count(manage));
  },

  async 'Security Requirements: the response editor saves or is read-only'(page, row) {
    await open(page, '/requirements', 'Security Requirements');
    await page.getByTestId('requirement-card').first().getByRole('button').first().click();
    const editor = page.getByRole('dialog', { name: 'Compliance Response Editor' });
    await expect(editor).toBeVisible();
    const response = editor.getByLabel('Your Response');
    if (row.actions.editResponses) {
      await expect(editor.getByRole('button', { name: 'Save Response' })).toBeEnabled();
      await expect(response).not.toHaveAttribute('readonly', /.*/);
      await expect(editor.getByLabel('Compliance Status')).toBeEnabled();
      await expect(editor.getByText('You have read-only access to this tenant')).toHaveCount(0);
      await editor.getByRole('button', { name: 'Cancel' }).click();
    } else {
      await expect(editor.getByRole('button', { name: 'Save Response' })).toHaveCount(0);
      await expect(editor.getByRole('button', { name: 'Use This Response' })).toHaveCount(0);
      await expect(editor.getByRole('button', { name: 'Generate AI Response' })).toHaveCount(0);
      await expect(response).toHaveAttribute('readonly', '');
      await expect(editor.getByLabel('Compliance Status')).toBeDisabled();
      await expect(editor.getByLabel('Owner')).toBeDisabled();
      await expect(editor.getByText('You have read-only access to this tenant')).toBeVisible();
      await editor.getByRole('button', { name: 'Close', exact: true }).click();
    }
    await expect(editor).toHaveCount(0);
  },

  async 'AI Policy Generator: templates can be generated or are disabled'(page, row) {
    await open(page, '/policies', 'AI Policy Generator');
    const templates = page.getByTestId('policy-template');
    await expect(templates.first()).toBeVisible();
    const note = page.getByText(/read-only access to this tenant: you can browse the recommendations/);
    if (row.actions.generatePolicies) {
      await expect(templates.first()).toBeEnabled();
      await expect(note).toHaveCount(0);
    } else {
      const total = await templates.count();
      for (let i = 0; i < total; i++) await expect(templates.nth(i)).toBeDisabled();
      await expect(note).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save to Evidence Library' })).toHaveCount(0);
    }
  },

  async 'Audit Logs: only the entries the role may read'(page, row) {
    await open(page, '/audit-logs', 'Audit Logs');
    // At least the login of this walk is there (the header reads 0 until the trail has loaded).
    const header = page.getByRole('heading', { name: /^Audit Trail \([1-9]\d* entries\)$/ });
    await expect(header).toBeVisible();
    const shown = Number((await header.textContent())!.match(/\((\d+) entries\)/)![1]);
    const users = page.locator('tbody tr td:nth-child(2)');
    await expect(users).toHaveCount(shown);
    const names = new Set(await users.allTextContents());
    const own = world.usernames[row.key];
    if (row.actions.auditOnlyOwn) expect([...names], 'only their own entries').toEqual([own]);
    else expect([...names].some((name) => name !== own), 'an administrator also reads the entries of others').toBe(true);
  },

  async 'Customer Admin: New Organization only for the product admin'(page, row) {
    await page.goto('/customer-admin');
    if (row.key === 'admin') {
      await expect(page.getByRole('heading', { level: 1, name: 'Customer Admin' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'New Organization' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'All Customers' }).getByRole('listitem')).toHaveCount(world.organizations.length);
    } else {
      await expect(page).toHaveURL(/\/my-dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'New Organization' })).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'All Customers' })).toHaveCount(0);
    }
  },
};

for (const row of ROLES) {
  test.describe(`screens as the ${row.label}`, () => {
    for (const [name, check] of Object.entries(SCREENS)) {
      test(name, async ({ page }) => {
        await loginByApi(page, world, row.key);
        await check(page, row);
      });
    }
  });
}
