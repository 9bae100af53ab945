import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';
import { totpCode } from './totp';

const PASSWORD = 'Mfa-Requirement-E2E-1';

/** The demo product admin, in a request context of its own (the browser's session is the person's). */
async function adminApi(request: APIRequestContext) {
  expect((await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).ok()).toBeTruthy();
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrf_token')!.value;
  return { headers: { 'x-csrf-token': csrf } };
}

/** A fresh organization with one tenant and an Editor of it, made by the product admin. */
async function organizationWithPerson(request: APIRequestContext, headers: Record<string, string>) {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const org = await (await request.post('/api/organizations', { headers, data: { name: `MFA Org ${run}`, domain: null, logo_url: null, description: null } })).json();
  const tenant = await request.post('/api/tenants', { headers, data: { name: `MFA Tenant ${run}`, description: null, assigned_frameworks: ['HIPAA'], organization_id: org.id } });
  expect(tenant.ok(), await tenant.text()).toBeTruthy();
  const username = `mfa-${run}`;
  const user = await request.post('/api/users', {
    headers,
    data: { username, email: `${username}@example.com`, password: PASSWORD, role: 'Editor', organization_id: org.id, tenant_ids: [(await tenant.json()).id] },
  });
  expect(user.ok(), await user.text()).toBeTruthy();
  return { orgId: org.id as string, username };
}

async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /^login$/i }).click();
}

/** Reads the key on screen, has a wrong code refused, confirms the right one and goes on past the recovery codes. */
async function enrolOnScreen(page: Page) {
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  const code = page.getByLabel('Authentication code');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('alert')).toContainText('That code does not match');
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/my-dashboard$/);
}

test('a person signed in before the organization required MFA is sent to enrolment at the next step, and then works on', async ({ page, request }) => {
  const { headers } = await adminApi(request);
  const { orgId, username } = await organizationWithPerson(request, headers);
  await signIn(page, username);
  await expect(page).toHaveURL(/\/my-dashboard$/);

  const required = await request.put(`/api/organizations/${orgId}/mfa-requirement`, { headers, data: { require_mfa: true } });
  expect(required.ok(), await required.text()).toBeTruthy();

  // The next call the page makes is refused and the app opens enrolment: opening a screen, or the
  // dashboard's own refresh when that comes first (the link is then already gone).
  await page.getByRole('link', { name: 'Security Requirements' }).click({ timeout: 5_000 }).catch(() => undefined);
  await expect(page).toHaveURL(/\/mfa-setup$/);
  await expect(page.getByRole('heading', { name: 'Set up multi-factor authentication' })).toBeVisible();
  // Typing another address leads back here until the person has enrolled.
  await page.goto('/evidence');
  await expect(page).toHaveURL(/\/mfa-setup$/);
  const blocked = await page.request.get('/api/requirements');
  expect(blocked.status()).toBe(403);
  expect((await blocked.json()).detail).toBe('Your organization requires multi-factor authentication. Set up an authenticator app to continue.');

  await enrolOnScreen(page);
  expect((await page.request.get('/api/requirements')).status()).toBe(200);
  await page.goto('/mfa-setup');
  await expect(page).toHaveURL(/\/my-dashboard$/);
  await request.put(`/api/organizations/${orgId}/mfa-requirement`, { headers, data: { require_mfa: false } });
});

test('a person of an organization that already requires MFA enrols in the login form before any session', async ({ page, request }) => {
  const { headers } = await adminApi(request);
  const { orgId, username } = await organizationWithPerson(request, headers);
  await request.put(`/api/organizations/${orgId}/mfa-requirement`, { headers, data: { require_mfa: true } });
  await signIn(page, username);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your organization requires multi-factor authentication.')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await enrolOnScreen(page);
  expect((await (await page.request.get('/api/auth/me')).json()).mfa_enrollment_required).toBe(false);
  await request.put(`/api/organizations/${orgId}/mfa-requirement`, { headers, data: { require_mfa: false } });
});
