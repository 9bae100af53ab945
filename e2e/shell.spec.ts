import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, NAV_LABELS, loginAs } from './helpers';

interface OrganizationRow {
  id: string;
  name: string;
  tenant_count: number;
}

const ALL_NAV_LABELS = [...NAV_LABELS];

/** Organizations as the product admin sees them, read through the REST facade (ordered by name). */
async function listOrganizations(request: APIRequestContext): Promise<OrganizationRow[]> {
  const login = await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(login.ok()).toBeTruthy();
  const response = await request.get('/api/organizations');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as OrganizationRow[];
}

async function organizationNamed(request: APIRequestContext, name: string): Promise<OrganizationRow> {
  const org = (await listOrganizations(request)).find((o) => o.name === name);
  expect(org, `organization ${name}`).toBeTruthy();
  return org!;
}

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
const tenantButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Tenant/ });
const organizationButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Organization/ });
const currentTenantName = (page: Page) => page.getByTestId('current-tenant-name');
const loginRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('auth.login')) seen.push(request.url());
  });
  return seen;
};

async function expectNavLabels(page: Page, labels: string[]) {
  await expect(navLinks(page)).toHaveText(labels);
}

test.describe('login screen', () => {
  test('empty fields show the validation message and nothing is sent', async ({ page }) => {
    const sent = loginRequests(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter username and password');
    await page.getByLabel(/username/i).fill('viewer');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter username and password');
    expect(sent).toHaveLength(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a wrong password shows the server's detail, cleared by the next submit", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(/username/i).fill('viewer');
    await page.getByLabel(/password/i).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a refusal without detail shows 'Login failed'; a network failure the generic message", async ({ page }) => {
    await page.goto('/login');
    await page.route('**/trpc/auth.login**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify([{ error: { message: '', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } }]),
      }),
    );
    await page.getByLabel(/username/i).fill('viewer');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login failed');

    await page.unroute('**/trpc/auth.login**');
    await page.route('**/trpc/auth.login**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('An error occurred during login. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('has the keep-me-logged-in box, a forgot-password link, and hides the branding on small screens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await expect(page.getByLabel('Keep me logged in')).not.toBeChecked();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/login#?$/);
    const branding = page.locator('aside').filter({ hasText: 'PCI DSS 4.0' });
    await expect(branding).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(branding).toBeHidden();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test.describe('signing in as each demo user', () => {
  test('admin lands on My Dashboard with every link and the organization selector', async ({ page }) => {
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
    await expect(page.getByText('Real-time compliance metrics and reporting')).toBeVisible();
    await expectNavLabels(page, ALL_NAV_LABELS.filter((label) => label !== 'My Work'));
    await expect(navLinks(page).filter({ hasText: 'My Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Product Admin - All Customers')).toBeVisible();
    await expect(organizationButton(page)).toBeVisible();
    await expect(tenantButton(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('username'))).toBe('admin');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}')).toMatchObject({ username: 'admin' });
  });

  test("manager lands on their organization's rollup with the Executive Dashboard link", async ({ page, request }) => {
    const acme = await organizationNamed(request, 'Acme Health Group');
    await loginAs(page, 'manager');
    await expect(page).toHaveURL(new RegExp(`/organizations/${acme.id}/rollup$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Health Group' })).toBeVisible();
    await expectNavLabels(page, ALL_NAV_LABELS.slice(1));
    await expect(navLinks(page).filter({ hasText: 'Executive Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(organizationButton(page)).toContainText('Acme Health Group');
    await expect(page.getByText('Product Admin - All Customers')).toHaveCount(0);
  });

  test('analyst lands on My Dashboard with the tenant selector', async ({ page }) => {
    await loginAs(page, 'analyst');
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await expectNavLabels(page, ALL_NAV_LABELS.slice(2));
    await expect(tenantButton(page)).toContainText(/Acme (Hospitals|Payments)/);
    await expect(organizationButton(page)).toHaveCount(0);
  });

  test('viewer lands on My Dashboard without Customer Admin or Executive Dashboard', async ({ page }) => {
    await loginAs(page, 'viewer');
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await expectNavLabels(page, ALL_NAV_LABELS.slice(2));
    await expect(page.getByRole('link', { name: 'Customer Admin' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Executive Dashboard' })).toHaveCount(0);
    await expect(currentTenantName(page)).toHaveText('Acme Research');
    await expect(page.getByRole('checkbox')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Top Priority Gaps' })).toBeVisible();
  });
});

test.describe('redirects', () => {
  test('a user without a session is sent to /login from every protected route', async ({ page }) => {
    for (const path of ['/', '/my-dashboard', '/requirements', '/executive-dashboard', '/no-such-page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('analyst: /, /dashboard, /customer-admin, /executive-dashboard and unknown paths go to My Dashboard', async ({ page, request }) => {
    const acme = await organizationNamed(request, 'Acme Health Group');
    await loginAs(page, 'analyst');
    for (const path of ['/', '/dashboard', '/customer-admin', '/executive-dashboard', '/no-such-page', `/organizations/${acme.id}/rollup`]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/my-dashboard$/);
      await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
    }
  });

  test("manager: / and /dashboard go to the rollup; another organization's rollup and /customer-admin to My Dashboard", async ({ page, request }) => {
    const acme = await organizationNamed(request, 'Acme Health Group');
    const globex = await organizationNamed(request, 'Globex Software');
    await loginAs(page, 'manager');
    const rollup = new RegExp(`/organizations/${acme.id}/rollup$`);
    for (const path of ['/', '/dashboard', '/executive-dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(rollup);
    }
    await page.goto(`/organizations/${globex.id}/rollup`);
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await page.goto('/customer-admin');
    await expect(page).toHaveURL(/\/my-dashboard$/);
  });

  test("admin: /executive-dashboard shows 'Loading...' then the first organization's rollup; /customer-admin opens", async ({ page, request }) => {
    const [first] = await listOrganizations(request);
    await loginAs(page, 'admin');
    await page.route('**/trpc/*users.permissions*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/executive-dashboard');
    await expect(page.getByText('Loading...').first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/organizations/${first!.id}/rollup$`));
    await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
    await page.unroute('**/trpc/*users.permissions*');
    await page.goto('/customer-admin');
    await expect(page).toHaveURL(/\/customer-admin$/);
    await expect(page.getByRole('heading', { name: 'Customer Admin' })).toBeVisible();
  });

  test('viewer: /executive-dashboard goes to My Dashboard', async ({ page }) => {
    await loginAs(page, 'viewer');
    await page.goto('/executive-dashboard');
    await expect(page).toHaveURL(/\/my-dashboard$/);
  });

  test('feature routes show their titles', async ({ page }) => {
    await loginAs(page, 'viewer');
    const titles: Record<string, string> = {
      '/requirements': 'Security Requirements',
      '/assistant': 'AI Compliance Assistant',
      '/contracts': 'Contract Analyzer',
      '/evidence': 'Evidence Library',
      '/policies': 'AI Policy Generator',
    };
    for (const [path, title] of Object.entries(titles)) {
      await navLinks(page).filter({ hasText: title }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(navLinks(page).filter({ hasText: title })).toHaveAttribute('aria-current', 'page');
    }
    await expect(page.getByText('Generate comprehensive security policies based on your compliance requirements')).toBeVisible();
  });
});

test.describe('tenant selector', () => {
  test('analyst switches tenant; the check moves, the session follows and it survives a reload', async ({ page }) => {
    await loginAs(page, 'analyst');
    await expect(tenantButton(page)).toBeEnabled();
    const start = (await tenantButton(page).textContent())?.includes('Acme Payments') ? 'Acme Payments' : 'Acme Hospitals';
    const other = start === 'Acme Payments' ? 'Acme Hospitals' : 'Acme Payments';

    await tenantButton(page).click();
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('group', { name: 'Acme Health Group' })).toBeVisible();
    await expect(listbox.getByRole('option')).toHaveCount(2);
    await expect(listbox.getByRole('option', { name: new RegExp(start) })).toHaveAttribute('aria-selected', 'true');
    await expect(listbox.getByRole('option', { name: /Acme Payments/ })).toContainText('PCI DSS 4.0');
    await listbox.getByRole('option', { name: new RegExp(other) }).click();

    await expect(tenantButton(page)).toContainText(other);
    await expect(currentTenantName(page)).toHaveText(other);
    await tenantButton(page).click();
    await expect(page.getByRole('option', { name: new RegExp(other) })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('option', { name: new RegExp(start) })).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('Escape');

    const stored = await page.evaluate(() => localStorage.getItem('selectedTenantId'));
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me.current_tenant_id).toBe(stored);

    await page.reload();
    await expect(tenantButton(page)).toContainText(other);
    await expect(currentTenantName(page)).toHaveText(other);
  });

  test('works from the keyboard, and the legacy selected_tenant_id key is migrated and removed', async ({ page }) => {
    await loginAs(page, 'analyst');
    await expect(tenantButton(page)).toContainText('Acme Hospitals');
    await tenantButton(page).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(currentTenantName(page)).toHaveText('Acme Payments');
    const paymentsId = await page.evaluate(() => localStorage.getItem('selectedTenantId'));
    await tenantButton(page).click();
    await page.getByRole('option', { name: /Acme Hospitals/ }).click();
    await expect(currentTenantName(page)).toHaveText('Acme Hospitals');

    await page.evaluate((id) => {
      localStorage.removeItem('selectedTenantId');
      localStorage.setItem('selected_tenant_id', id!);
    }, paymentsId);
    await page.reload();
    await expect(currentTenantName(page)).toHaveText('Acme Payments');
    expect(await page.evaluate(() => localStorage.getItem('selected_tenant_id'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('selectedTenantId'))).toBe(paymentsId);
  });

  test("shows two frameworks per tenant and '+N' for the rest", async ({ page }) => {
    await loginAs(page, 'viewer');
    await tenantButton(page).click();
    const option = page.getByRole('option', { name: /Acme Research/ });
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(option).toContainText('ISO 27001');
    await expect(option).toContainText('NIST 800-53 rev 5');
    await expect(option).not.toContainText('HIPAA');
    await expect(option).toContainText('+1');
  });
});

test.describe('organization selector', () => {
  test('admin sees the banner and every organization; choosing one opens its rollup', async ({ page, request }) => {
    const organizations = await listOrganizations(request);
    const globex = organizations.find((o) => o.name === 'Globex Software')!;
    await loginAs(page, 'admin');
    await expect(page.getByText('Product Admin - All Customers')).toBeVisible();
    await expect(organizationButton(page)).toBeEnabled();
    await organizationButton(page).click();
    await expect(page.getByRole('option')).toHaveCount(organizations.length);
    const tenants = globex.tenant_count === 1 ? '1 tenant' : `${globex.tenant_count} tenants`;
    await expect(page.getByRole('option', { name: /Globex Software/ })).toContainText(tenants);
    await page.getByRole('option', { name: /Globex Software/ }).click();

    await expect(page).toHaveURL(new RegExp(`/organizations/${globex.id}/rollup$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Globex Software' })).toBeVisible();
    await expect(organizationButton(page)).toContainText('Globex Software');
    expect(await page.evaluate(() => localStorage.getItem('selectedOrganizationId'))).toBe(globex.id);
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me.current_organization_id).toBe(globex.id);

    await page.getByRole('button', { name: /Globex Corporate IT/ }).click();
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await expect(currentTenantName(page)).toHaveText('Globex Corporate IT');
    await page.reload();
    await expect(organizationButton(page)).toContainText('Globex Software');
  });

  test("the rollup shows 'Loading Executive Dashboard...' and the organization's tenants", async ({ page, request }) => {
    const acme = await organizationNamed(request, 'Acme Health Group');
    await loginAs(page, 'manager');
    await page.route('**/trpc/*tenants.list*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(`/organizations/${acme.id}/rollup`);
    await expect(page.getByText('Loading Executive Dashboard...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tenant Compliance Comparison' })).toBeVisible();
    for (const name of ['Acme Hospitals', 'Acme Payments', 'Acme Research']) {
      await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    }
  });
});

test.describe('session', () => {
  test('logout returns to /login, clears the stored user, and protected routes then need a login', async ({ page }) => {
    await loginAs(page, 'viewer');
    await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('username'), localStorage.getItem('user')])).toEqual([null, null]);
    await page.goto('/my-dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test("'Keep me logged in' gives a persistent session cookie; without it the cookie ends with the browser", async ({ browser }) => {
    const sessionCookie = async (remember: boolean) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel(/username/i).fill('viewer');
      await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
      if (remember) await page.getByLabel('Keep me logged in').check();
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/my-dashboard$/);
      const cookie = (await context.cookies()).find((c) => c.name === 'session');
      await context.close();
      return cookie;
    };
    const persistent = await sessionCookie(true);
    expect(persistent?.httpOnly).toBe(true);
    expect(persistent!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const browserSession = await sessionCookie(false);
    expect(browserSession?.expires).toBe(-1);
  });

  test('on a small screen the menu slides in from the hamburger and closes after navigating', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'analyst');
    await expect(page.getByRole('link', { name: 'Audit Logs' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Audit Logs' }).click();
    await expect(page).toHaveURL(/\/audit-logs$/);
    await expect(page.getByRole('link', { name: 'Audit Logs' })).toBeHidden();
    await expect(tenantButton(page)).toBeVisible();
  });
});
