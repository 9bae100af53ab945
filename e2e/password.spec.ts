import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, loginAs } from './helpers';

const PASSWORD = 'Password-Screen-E2E-1';
const NEXT = 'Velvet orbit lantern 93';

/** A fresh Viewer created by the demo admin through the API (so no demo user changes), and the admin's request context. */
async function createPerson(browser: Browser, prefix: string): Promise<{ username: string; admin: APIRequestContext }> {
  const context = await browser.newContext();
  const admin = context.request;
  expect((await admin.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).ok()).toBeTruthy();
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf_token')!.value;
  const [org] = (await (await admin.get('/api/organizations')).json()) as { id: string }[];
  const username = `${prefix}-${Date.now().toString(36)}`;
  const created = await admin.post('/api/users', {
    headers: { 'x-csrf-token': csrf },
    data: { username, email: `${username}@example.com`, password: PASSWORD, role: 'Viewer', organization_id: org!.id },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return { username, admin };
}

/** Another browser of the same person, signed in, with an API token made from it. */
async function otherBrowserWithToken(browser: Browser, username: string) {
  const context = await browser.newContext();
  expect((await context.request.post('/api/auth/login', { data: { username, password: PASSWORD } })).ok()).toBeTruthy();
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf_token')!.value;
  const token = ((await (await context.request.post('/api/auth/tokens', { headers: { 'x-csrf-token': csrf }, data: { name: 'script' } })).json()) as { token: string }).token;
  return { request: context.request, token };
}

async function fillChange(page: Page, current: string, next: string, repeat = next) {
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill(current);
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Repeat new password', { exact: true }).fill(repeat);
  await form.getByRole('button', { name: 'Change password' }).click();
  return form;
}

async function changeOnScreen(page: Page, browser: Browser) {
  const { username } = await createPerson(browser, 'pw');
  const other = await otherBrowserWithToken(browser, username);
  await loginAs(page, username, PASSWORD);
  await page.goto('/security');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();

  // Checked in the browser first: too short, then the two new passwords differ.
  let form = await fillChange(page, PASSWORD, 'short');
  await expect(form.getByText('New password must be at least 12 characters')).toBeVisible();
  form = await fillChange(page, PASSWORD, NEXT, `${NEXT}x`);
  await expect(form.getByText('The new passwords do not match')).toBeVisible();
  // Checked by the server: a breached password, a wrong current password.
  form = await fillChange(page, PASSWORD, 'iloveyou2024!');
  await expect(form.getByRole('alert')).toContainText('This password is too common');
  form = await fillChange(page, 'not-my-password', NEXT);
  await expect(form.getByRole('alert')).toHaveText('Your current password is incorrect');

  // Show reveals what was typed.
  await form.getByLabel('New password', { exact: true }).fill(NEXT);
  await form.getByRole('button', { name: 'Show' }).nth(1).click();
  await expect(form.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');

  form = await fillChange(page, PASSWORD, NEXT);
  await expect(form.getByRole('status')).toHaveText('Password changed. 1 other session and 1 API token were ended; this browser stays signed in.');
  await expect(form.getByLabel('Current password', { exact: true })).toHaveValue('');

  // This browser stays signed in; the other one and the token are ended.
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  const byToken = await other.request.get('/api/auth/me', { headers: { authorization: `Bearer ${other.token}` } });
  expect(byToken.status()).toBe(401);
  await expect(page.getByRole('table', { name: 'API tokens' }).getByText('Revoked')).toBeVisible();
  return username;
}

test('a person changes their password on the Security page; other sessions and tokens end', async ({ page, browser }) => {
  const username = await changeOnScreen(page, browser);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await loginAs(page, username, NEXT);
});

test.describe('at phone size (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the change-password form fits the screen and works', async ({ page, browser }) => {
    await changeOnScreen(page, browser);
    const form = page.getByRole('region', { name: 'Change password' });
    for (const label of ['Current password', 'New password', 'Repeat new password']) {
      const box = (await form.getByLabel(label, { exact: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    const button = (await form.getByRole('button', { name: 'Change password' }).boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('an administrator resets a password; the person signs in with the code and must choose a new one', async ({ page, browser }) => {
  const { username } = await createPerson(browser, 'reset');
  await loginAs(page, 'admin');
  await page.goto('/users');
  await page.getByRole('row', { name: new RegExp(username) }).getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create reset code' }).click();
  const code = (await page.getByTestId('reset-code').innerText()).trim();
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(code);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page.getByText('Your administrator reset your password.')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.getByLabel('New password', { exact: true }).fill('password12345');
  await page.getByLabel('Repeat new password', { exact: true }).fill('password12345');
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page.getByRole('alert')).toContainText('This password is too common');
  await page.getByLabel('New password', { exact: true }).fill(NEXT);
  await page.getByLabel('Repeat new password', { exact: true }).fill(NEXT);
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  expect(((await (await page.request.get('/api/auth/me')).json()) as { user: { username: string } }).user.username).toBe(username);
});
