import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { buildTextPdf } from '@compliance/documents/minimal-pdf';
import { csrfHeader, loginAs } from './helpers';

/**
 * Product admins and organization managers choose an organization in the top bar and, on the tenant
 * screens, the tenant within it; an upload lands in the tenant the screen shows.
 */

interface ApiTenant {
  id: string;
  name: string;
  organization_name: string;
}

const SHOTS = process.env.TENANT_VIEW_SHOTS;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const bar = (page: Page) => page.getByTestId('tenant-in-view');
const tenantPicker = (page: Page) => bar(page).getByRole('button', { name: /^Tenant/ });

async function openScreen(page: Page, link: string) {
  await nav(page).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
}

/** Picks an organization with the top bar's selector (which opens its roll-up). */
async function chooseOrganization(page: Page, name: string) {
  const button = page.getByRole('banner').getByRole('button', { name: /^Organization/ });
  await expect(button).toBeEnabled();
  await expect(button).not.toHaveText('Loading...');
  if ((await button.textContent())?.trim() === name) return;
  await button.click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function chooseTenant(page: Page, name: string) {
  await tenantPicker(page).click();
  await page.getByRole('listbox').getByRole('option', { name: new RegExp(name) }).click();
  await expect(tenantPicker(page)).toHaveText(name);
}

async function reachableTenants(page: Page): Promise<Record<string, ApiTenant>> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  const tenants = (await (await page.request.get(`/api/users/${me.user.id}/accessible-tenants`)).json()) as ApiTenant[];
  return Object.fromEntries(tenants.map((t) => [t.name, t]));
}

async function evidenceNames(page: Page, tenantId: string): Promise<string[]> {
  const response = await page.request.get(`/api/evidence/?tenant_id=${tenantId}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { filename: string }[]).map((e) => e.filename);
}

test.describe('the tenant in view', () => {
  test.setTimeout(120_000);

  test('a product admin picks a tenant on the Evidence Library and the upload lands there, even if the session moves meanwhile', async ({ page }) => {
    await loginAs(page, 'admin');
    await chooseOrganization(page, 'Globex Software');
    await openScreen(page, 'Evidence Library');
    await expect(page.getByTestId('tenant-in-view-organization')).toHaveText('Globex Software');

    // Only the selected organization's tenants are offered.
    await tenantPicker(page).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([/^Globex Cloud/, /^Globex Corporate IT/]);
    await page.keyboard.press('Escape');
    await chooseTenant(page, 'Globex Corporate IT');
    await expect(page.getByTestId('upload-destination')).toContainText('Uploads go to Globex Corporate IT · Globex Software');

    // Another tab moves the session to another tenant: the page still shows, and uploads to, the one it shows.
    const tenants = await reachableTenants(page);
    const [shown, other] = [tenants['Globex Corporate IT']!, tenants['Globex Cloud']!];
    const moved = await page.request.put('/api/auth/current-tenant', { headers: await csrfHeader(page), data: { tenant_id: other.id } });
    expect(moved.ok(), await moved.text()).toBeTruthy();

    const filename = `tenant-view-${Date.now().toString(36)}.pdf`;
    const buffer = buildTextPdf([['Access Review Procedure', `Reference ${filename}.`, 'Access rights are reviewed every quarter by each system owner.']]);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: filename, mimeType: 'application/pdf', buffer });
    await page.getByRole('button', { name: 'Upload & Analyze' }).click();
    await expect(page.getByText('Evidence uploaded and analyzed successfully')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('evidence-row').filter({ hasText: filename })).toHaveCount(1);

    expect(await evidenceNames(page, shown.id)).toContain(filename);
    expect(await evidenceNames(page, other.id)).not.toContain(filename);

    const listed = (await (await page.request.get(`/api/evidence/?tenant_id=${shown.id}`)).json()) as { id: string; filename: string }[];
    const id = listed.find((e) => e.filename === filename)!.id;
    expect((await page.request.delete(`/api/evidence/${id}?tenant_id=${shown.id}`, { headers: await csrfHeader(page) })).ok()).toBeTruthy();
  });

  test('a manager sees and picks the tenant on every tenant screen, among their organization only', async ({ page }) => {
    await loginAs(page, 'manager');
    for (const screen of ['Contract Analyzer', 'Security Requirements', 'AI Policy Generator', 'AI Compliance Assistant', 'My Dashboard']) {
      await openScreen(page, screen);
      await expect(bar(page)).toBeVisible();
      await expect(page.getByTestId('tenant-in-view-organization')).toHaveText('Acme Health Group');
      await expect(tenantPicker(page)).toHaveText(/^Acme /);
    }
    await openScreen(page, 'Contract Analyzer');
    await tenantPicker(page).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([/^Acme Hospitals/, /^Acme Payments/, /^Acme Research/]);
    await page.keyboard.press('Escape');
    await chooseTenant(page, 'Acme Research');
    await expect(page.getByTestId('upload-destination')).toContainText('Uploads go to Acme Research');
    const me = (await (await page.request.get('/api/auth/me')).json()) as { current_tenant_id: string };
    expect(me.current_tenant_id).toBe((await reachableTenants(page))['Acme Research']!.id);

    // The choice holds across the tenant screens.
    await openScreen(page, 'Security Requirements');
    await expect(tenantPicker(page)).toHaveText('Acme Research');
    await expect(page.getByText('Unified security requirements for Acme Research')).toBeVisible();
  });

  test('people who work inside tenants keep the top bar tenant selector and get no second picker', async ({ page }) => {
    await loginAs(page, 'analyst');
    await openScreen(page, 'Evidence Library');
    await expect(page.getByRole('banner').getByRole('button', { name: /^Tenant/ })).toBeVisible();
    await expect(bar(page)).toHaveCount(0);
  });

  test('the picker fits a 390 × 844 phone screen and a desktop', async ({ page }) => {
    await loginAs(page, 'admin');
    await chooseOrganization(page, 'Acme Health Group');
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto('/evidence');
      await expect(tenantPicker(page)).toBeEnabled();
      await tenantPicker(page).click();
      const list = page.getByRole('listbox');
      await expect(list.getByRole('option')).toHaveCount(3);
      for (const box of [await bar(page).boundingBox(), await list.boundingBox(), await tenantPicker(page).boundingBox()]) {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/evidence-picker-${viewport.width}x${viewport.height}.png`, fullPage: false });
      await page.keyboard.press('Escape');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/evidence-bar-${viewport.width}x${viewport.height}.png`, fullPage: false });
    }
  });
});
