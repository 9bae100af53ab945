/**
 * The role walk, part 1: for each role of the table, the side navigation and top-bar selector as the
 * person sees them, and where every route of the spec's route table takes them when typed as a URL.
 */
import { type Page, expect, test } from '@playwright/test';
import { type World, getWorld, loginByApi, loginInBrowser, navLinks, organizationButton, tenantButton } from './role-people';
import { NAV, NO_SESSION_ROUTES, type Outcome, ROLES, ROUTES, type RoutePath, TITLES } from './role-walk-table';

let world: World;
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  world = await getWorld(testInfo.project.use.baseURL!);
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const urlOf = (route: RoutePath) => route.replace('{orgA}', world.orgA.id).replace('{orgB}', world.orgB.id);

/** Visits a route by URL and asserts where it ends, as the person sees it. */
async function expectOutcome(page: Page, route: RoutePath, outcome: Outcome) {
  await page.goto(urlOf(route));
  const why = `${route} → ${JSON.stringify(outcome)}`;
  if ('login' in outcome) {
    await expect(page, why).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login', exact: true }), why).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }), why).toHaveCount(0);
  } else if ('screen' in outcome) {
    await expect(page, why).toHaveURL(new RegExp(`${escape(route)}$`));
    await expect(page.getByRole('heading', { level: 1, name: outcome.screen, exact: true }), why).toBeVisible();
  } else if ('redirect' in outcome) {
    await expect(page, why).toHaveURL(new RegExp(`${escape(outcome.redirect)}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard', exact: true }), why).toBeVisible();
    if (TITLES[route] && TITLES[route] !== 'My Dashboard') {
      await expect(page.getByRole('heading', { level: 1, name: TITLES[route], exact: true }), why).toHaveCount(0);
    }
  } else {
    const org = outcome.rollup === 'orgA' ? world.orgA : outcome.rollup === 'orgB' ? world.orgB : world.organizations[0]!;
    await expect(page, why).toHaveURL(new RegExp(`/organizations/${org.id}/rollup$`));
    await expect(page.getByRole('heading', { level: 1, name: org.name, exact: true }), why).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tenant Compliance Comparison' }), why).toBeVisible();
  }
}

for (const row of ROLES) {
  test.describe(`as the ${row.label}`, () => {
    test('the side navigation shows exactly the permitted links, and the right selector', async ({ page }) => {
      await loginInBrowser(page, world, row.key);
      const me = await (await page.request.get('/api/auth/me')).json();
      expect(me.user.role, 'the account holds the role the table says').toBe(row.role);
      expect(me.user.is_product_admin).toBe(row.key === 'admin');

      await expect(navLinks(page)).toHaveText([...row.nav]);
      for (const label of NAV.filter((l) => !row.nav.includes(l))) {
        await expect(page.getByRole('link', { name: label }), `${label} must be absent`).toHaveCount(0);
      }
      await expect(page.getByText('Product Admin - All Customers')).toHaveCount(row.banner ? 1 : 0);

      const [shown, hidden] = row.selector === 'organization' ? [organizationButton(page), tenantButton(page)] : [tenantButton(page), organizationButton(page)];
      await expect(shown).toBeEnabled();
      await expect(hidden).toHaveCount(0);
      await shown.click();
      const expected = row.selectorOptions === 'every organization' ? world.organizations.map((o) => o.name) : [...row.selectorOptions];
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options).toHaveCount(expected.length);
      for (const name of expected) await expect(options.filter({ hasText: name })).toHaveCount(1);
      await page.keyboard.press('Escape');
    });

    test('every route of the route table, typed as a URL, shows the screen or the spec’s redirect', async ({ page }) => {
      test.setTimeout(120_000);
      await loginByApi(page, world, row.key);
      for (const route of ROUTES) await expectOutcome(page, route, row.routes[route]);
    });

    test('clicking each visible link opens its screen', async ({ page }) => {
      test.setTimeout(90_000);
      await loginByApi(page, world, row.key);
      await page.goto('/my-dashboard');
      for (const label of row.nav) {
        await navLinks(page).filter({ hasText: label }).click();
        if (label === 'Executive Dashboard') {
          await expect(page).toHaveURL(/\/organizations\/[^/]+\/rollup$/);
          await expect(page.getByRole('heading', { name: 'Tenant Compliance Comparison' })).toBeVisible();
        } else {
          await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
        }
        await expect(navLinks(page).filter({ hasText: label })).toHaveAttribute('aria-current', 'page');
      }
    });
  });
}

test.describe('without a session', () => {
  test('every route of the route table goes to the login screen, with no navigation', async ({ page }) => {
    test.setTimeout(90_000);
    for (const route of ROUTES) await expectOutcome(page, route, NO_SESSION_ROUTES[route]);
    await expect(page.getByLabel(/username/i)).toBeVisible();
  });

  test('a stale stored user in the browser grants nothing: the server decides', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('username', 'admin');
      localStorage.setItem('user', JSON.stringify({ username: 'admin', is_product_admin: true }));
    });
    for (const route of ['/customer-admin', '/users', '/organizations'] as const) {
      await expectOutcome(page, route, { login: true });
    }
    expect((await page.request.get('/api/users')).status()).toBe(401);
  });
});
