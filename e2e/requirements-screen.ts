import { type Page, type Route, expect } from '@playwright/test';
import { WHOLE_LIST, loginAs, requirementPagesOf } from './helpers';

/** What the Security Requirements specs share: the screen's parts, its opening, and the API beside it. */

export interface ApiRequirement {
  id: string;
  display_id: string;
  text: string;
  domain_number: number;
  domain_name: string;
  frameworks: string[];
  control_ids: Record<string, string[]>;
  compliance_status: string;
  owner_id: string | null;
  user_response: string | null;
  source_type: string;
  contract_count: number;
  evidence_count: number;
}

export const cards = (page: Page) => page.getByTestId('requirement-card');
export const card = (page: Page, id: string) => page.locator(`[data-testid="requirement-card"][data-requirement-id="${id}"]`);
export const groups = (page: Page) => page.getByTestId('domain-group');
export const filterGroup = (page: Page, name: 'Frameworks' | 'Domains') => page.getByRole('group', { name, exact: true });
export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Compliance Response Editor' });
export const tenantButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Tenant/ });
export const EMPTY = 'No requirements match the selected filters';
export const isNonCompliant = (status: string) => status !== 'Compliant' && status !== 'Not Applicable';

export async function expectTile(page: Page, label: string, value: number | string) {
  await expect(page.getByRole('group', { name: label, exact: true })).toHaveText(`${label} ${value}`, { useInnerText: true });
}

/** Opens the screen with pages that hold the demo tenant's whole list: these tests are about its content. */
export async function openRequirements(page: Page, user = 'analyst') {
  await requirementPagesOf(page, WHOLE_LIST);
  await loginAs(page, user);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Security Requirements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security Requirements' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

/** The current tenant's requirements through the REST facade (the page shares the browser's session). */
export async function apiRequirements(page: Page, query = ''): Promise<ApiRequirement[]> {
  const response = await page.request.get(`/api/requirements/${query}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as ApiRequirement[];
}

export async function csrfHeader(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'csrf_token');
  expect(cookie, 'csrf cookie after login').toBeDefined();
  return { 'x-csrf-token': cookie!.value };
}

/** Rewrites one procedure's answer inside the (batched) tRPC responses the page receives. */
export async function patchProcedure(page: Page, procedure: string, patch: (data: unknown) => unknown) {
  await page.route(`**/trpc/*${procedure}*`, async (route: Route) => {
    const response = await route.fetch();
    const names = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, '')).split(',');
    const body = (await response.json()) as { result?: { data: unknown } }[];
    const entry = body[names.indexOf(procedure)];
    if (entry?.result) entry.result.data = patch(entry.result.data);
    await route.fulfill({ response, json: body });
  });
}

export async function switchTenant(page: Page, name: string) {
  await tenantButton(page).click();
  await page.getByRole('listbox').getByRole('option', { name: new RegExp(name) }).click();
  await expect(tenantButton(page)).toContainText(name);
}

/** A minimal RFC 4180 reader: quoted fields, doubled quotes, line breaks inside quotes. */
