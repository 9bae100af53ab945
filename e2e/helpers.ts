import { type Page, expect } from '@playwright/test';

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

/** Every label of the side navigation, in the spec's order (each role sees a part of it). */
export const NAV_LABELS = [
  'Customer Admin',
  'Executive Dashboard',
  'My Dashboard',
  'Security Requirements',
  'AI Compliance Assistant',
  'Contract Analyzer',
  'Evidence Library',
  'AI Policy Generator',
  'Organization Management',
  'User Management',
  'Audit Logs',
] as const;
