import { type Page, expect, test } from '@playwright/test';
import { WHOLE_LIST, loginAs, requirementPagesOf } from './helpers';

interface ApiRequirement {
  id: string;
  text: string;
  compliance_status: string;
  owner_id: string | null;
  due_date: string | null;
  overdue: boolean;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const card = (page: Page, id: string) => page.locator(`[data-testid="requirement-card"][data-requirement-id="${id}"]`);
const editor = (page: Page) => page.getByRole('dialog', { name: 'Compliance Response Editor' });

async function apiRequirements(page: Page, query = ''): Promise<ApiRequirement[]> {
  const response = await page.request.get(`/api/requirements/${query}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as ApiRequirement[];
}

test('assign an owner and a past due date, then find the work in My Work marked overdue', async ({ page }) => {
  // Rows from the end of the list are used, so the screen's pages hold the whole list.
  await requirementPagesOf(page, WHOLE_LIST);
  await loginAs(page, 'analyst');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  await nav(page).getByRole('link', { name: 'Security Requirements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security Requirements' })).toBeVisible();

  // Three open, unassigned requirements from the end of the list (other tests work at its start).
  const open = (await apiRequirements(page)).filter((r) => r.compliance_status === 'Not Started' && !r.owner_id);
  expect(open.length).toBeGreaterThanOrEqual(3);
  const [a, b, c] = open.slice(-3) as [ApiRequirement, ApiRequirement, ApiRequirement];

  // Bulk: select two rows, set owner and a due date in the past.
  await card(page, a.id).getByRole('checkbox').check();
  await card(page, b.id).getByRole('checkbox').check();
  const bar = page.getByTestId('bulk-assign');
  await expect(bar.getByTestId('selected-count')).toHaveText('2 requirements selected');
  await bar.getByLabel('Set owner').selectOption({ label: 'Avery Analyst' });
  await bar.getByLabel('Set due date').fill('2020-01-15');
  await bar.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 requirements assigned' })).toBeVisible();
  await expect(bar.getByTestId('selected-count')).toHaveText('Select requirements to assign an owner or a due date');
  await expect(card(page, a.id).getByTestId('owner')).toContainText('Avery Analyst');
  await expect(card(page, a.id).getByTestId('due-date')).toContainText('Overdue');

  // One at a time: the response editor sets owner and due date too.
  await card(page, c.id).getByRole('button').click();
  await editor(page).getByLabel('Owner').selectOption({ label: 'Avery Analyst' });
  await editor(page).getByLabel('Due Date').fill('2021-03-01');
  await editor(page).getByRole('button', { name: 'Save Response' }).click();
  await expect(editor(page)).toHaveCount(0);
  await expect(card(page, c.id).getByTestId('due-date')).toContainText('Overdue');

  const overdue = await apiRequirements(page, '?owner=me&overdue=true');
  expect(overdue.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
  expect(overdue.every((r) => r.overdue && r.owner_id === me.user.id)).toBe(true);

  // My Work lists them, overdue first, each marked Overdue.
  await nav(page).getByRole('link', { name: 'My Work' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Work' })).toBeVisible();
  const work = page.getByRole('list', { name: 'My work' }).getByTestId('requirement-card');
  for (const r of [a, b, c]) await expect(card(page, r.id).getByTestId('due-date')).toContainText('Overdue');
  await expect(work.first().getByTestId('due-date')).toContainText('Overdue');
  await expect(page.getByTestId('work-summary')).toContainText('overdue');

  // Done work is no longer overdue and moves below what still is.
  await card(page, c.id).getByRole('button').click();
  await editor(page).getByLabel('Compliance Status').selectOption('Compliant');
  await editor(page).getByRole('button', { name: 'Save Response' }).click();
  await expect(editor(page)).toHaveCount(0);
  await expect(card(page, c.id).getByTestId('due-date')).not.toContainText('Overdue');
  const ids = await work.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-requirement-id')));
  expect(ids.indexOf(c.id)).toBeGreaterThan(Math.max(ids.indexOf(a.id), ids.indexOf(b.id)));
});

test('a Viewer sees My Work but cannot assign from the requirements screen', async ({ page }) => {
  await loginAs(page, 'viewer');
  await nav(page).getByRole('link', { name: 'My Work' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Work' })).toBeVisible();
  await expect(page.getByText('Nothing is assigned to you in this tenant.')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Security Requirements' }).click();
  await expect(page.getByTestId('requirement-card').first()).toBeVisible();
  await expect(page.getByTestId('bulk-assign')).toHaveCount(0);
  await expect(page.getByTestId('requirement-card').first().getByRole('checkbox')).toHaveCount(0);
});
