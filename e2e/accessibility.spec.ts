/**
 * Accessibility: every screen, opened by a role that may see it (on a desktop and on a 390 px phone),
 * has no serious or critical axe violation against WCAG 2.1 A/AA, and carries its own document title.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { type DemoUser, loginAs } from './helpers';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s), e.g. ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Opens a screen and waits until its heading is there and nothing is still loading. */
async function openScreen(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role="status"]:has-text("Loading")')).toHaveCount(0, { timeout: 30_000 });
}

interface ScreenCheck {
  path: string;
  heading: string | RegExp;
  title: string;
}

const EVERY_ROLE: ScreenCheck[] = [
  { path: '/my-dashboard', heading: 'My Dashboard', title: 'My Dashboard' },
  { path: '/requirements', heading: 'Security Requirements', title: 'Security Requirements' },
  { path: '/assistant', heading: 'AI Compliance Assistant', title: 'AI Compliance Assistant' },
  { path: '/contracts', heading: 'Contract Analyzer', title: 'Contract Analyzer' },
  { path: '/evidence', heading: 'Evidence Library', title: 'Evidence Library' },
  { path: '/policies', heading: 'AI Policy Generator', title: 'AI Policy Generator' },
  { path: '/organizations', heading: 'Organization Management', title: 'Organization Management' },
  { path: '/users', heading: 'User Management', title: 'User Management' },
  { path: '/audit-logs', heading: 'Audit Logs', title: 'Audit Logs' },
  { path: '/security', heading: 'Security', title: 'Security' },
];

const BY_ROLE: [DemoUser, ScreenCheck[]][] = [
  [
    'admin',
    [
      ...EVERY_ROLE,
      { path: '/customer-admin', heading: 'Customer Admin', title: 'Customer Admin' },
      // The executive dashboard redirects to the first organization's rollup, headed by its name.
      { path: '/executive-dashboard', heading: /.+/, title: 'Executive Dashboard' },
    ],
  ],
  // A viewer sees the tenant screens with their controls withheld or disabled.
  ['viewer', EVERY_ROLE.slice(0, 6)],
];

/** The screens with wide tables or stacked panels, at a phone's width. */
const PHONE: ScreenCheck[] = [EVERY_ROLE[0]!, EVERY_ROLE[4]!, EVERY_ROLE[5]!, EVERY_ROLE[7]!, EVERY_ROLE[8]!];

test.describe('axe: no serious or critical violations', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the login screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /^login$/i })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Compliance Platform');
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const [role, screens] of BY_ROLE) {
    for (const screen of screens) {
      test(`${role}: ${screen.path}`, async ({ page }) => {
        await loginAs(page, role);
        await openScreen(page, screen.path, screen.heading);
        await expect(page).toHaveTitle(`${screen.title} · Compliance Platform`);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  for (const screen of PHONE) {
    test(`admin at 390 px: ${screen.path}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs(page, 'admin');
      await openScreen(page, screen.path, screen.heading);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('admin: the add-user form and the edit-access dialog', async ({ page }) => {
    await loginAs(page, 'admin');
    await openScreen(page, '/users', 'User Management');
    await page.getByRole('button', { name: '+ Add User' }).click();
    await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Edit access/i }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
