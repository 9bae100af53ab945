import { type Page, expect } from '@playwright/test';
import { REQUIREMENT_PAGE_SIZE } from '@compliance/contracts/requirement-pages';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'ChangeMe-Demo-2026';
export type DemoUser = 'admin' | 'manager' | 'analyst' | 'viewer';

/** Logs in through the login screen, as a person would. */
export async function loginAs(page: Page, username: DemoUser | string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** The CSRF header a state-changing API call from the signed-in page needs (the csrf_token cookie echoed). */
export async function csrfHeader(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'csrf_token');
  expect(cookie, 'csrf cookie after login').toBeDefined();
  return { 'x-csrf-token': cookie!.value };
}

/** Every label of the side navigation, in the spec's order (each role sees a part of it; a product admin without memberships owns no work, so sees no My Work). */
export const NAV_LABELS = [
  'Customer Admin',
  'Executive Dashboard',
  'My Dashboard',
  'My Work',
  'Security Requirements',
  'AI Compliance Assistant',
  'Contract Analyzer',
  'Evidence Library',
  'AI Policy Generator',
  'Organization Management',
  'User Management',
  'Audit Logs',
] as const;

/**
 * Has the Security Requirements screen ask for pages of `rows`: the server pages for real (its cursors,
 * its order), at a size a test is written for. Tests of the list's content ask for pages that hold a demo
 * tenant's whole list; requirements-paging.spec.ts asks for small ones. Only the requirements.page entry of
 * a batched call is changed, and only when the screen asked for its own page size: a screen that asked for
 * anything else is left alone, so its test sees what it really asked for.
 */
export async function requirementPagesOf(page: Page, rows: number) {
  await page.route('**/trpc/*requirements.page*', async (route) => {
    const url = new URL(route.request().url());
    const procedures = url.pathname.slice(url.pathname.lastIndexOf('/') + 1).split(',');
    const input = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, { limit?: number } | undefined>;
    procedures.forEach((name, i) => {
      const entry = input[String(i)];
      if (name === 'requirements.page' && entry?.limit === REQUIREMENT_PAGE_SIZE) entry.limit = rows;
    });
    url.searchParams.set('input', JSON.stringify(input));
    // fallback: a handler registered before this one (a test's patched answer) still sees the request.
    await route.fallback({ url: url.toString() });
  });
}

/** The most rows a requirements page may hold: more than a demo tenant's whole list. */
export const WHOLE_LIST = 1000;
