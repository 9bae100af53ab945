import { type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';
import { totpCode } from './totp';

const PASSWORD = 'Security-E2E-Password-1';

/** A fresh Viewer of the first organization, created by the demo admin through the API, so no demo user changes. */
async function createPerson(page: Page): Promise<string> {
  const admin = await page.request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(admin.ok()).toBeTruthy();
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')!.value;
  const [org] = (await (await page.request.get('/api/organizations')).json()) as { id: string }[];
  const username = `sec-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/users', {
    headers: { 'x-csrf-token': csrf },
    data: { username, email: `${username}@example.com`, password: PASSWORD, role: 'Viewer', organization_id: org!.id },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await page.context().clearCookies();
  return username;
}

async function passwordStep(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /^login$/i }).click();
}

test('a person enrols an authenticator, and login then asks for its code', async ({ page }) => {
  const username = await createPerson(page);
  await passwordStep(page, username);
  await expect(page).not.toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Security', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await passwordStep(page, username);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill('000000');
  await code.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Invalid authentication code');
  await code.fill(totpCode(secret, Date.now() + 30_000));
  await code.press('Enter');
  await expect(page).not.toHaveURL(/\/login$/);
  const me = await page.request.get('/api/auth/me');
  expect((await me.json()).user.username).toBe(username);
});

test('a person creates an API token, sees it once, uses it, and revokes it', async ({ page }) => {
  const username = await createPerson(page);
  await passwordStep(page, username);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/security');
  await page.getByLabel('Token name').fill('Reporting script');
  await page.getByLabel('Expires in days').fill('7');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('It will not be shown again.')).toBeVisible();
  const token = await page.getByTestId('new-api-token').innerText();
  expect(token).toMatch(/^cpt_/);

  const call = () => page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const ok = await call();
  expect(ok.status()).toBe(200);
  expect((await ok.json()).user.username).toBe(username);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-api-token')).toHaveCount(0);
  const row = page.getByRole('table', { name: 'API tokens' }).getByRole('row', { name: /Reporting script/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();

  const refused = await call();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).detail).toBe('This API token has been revoked');
});
