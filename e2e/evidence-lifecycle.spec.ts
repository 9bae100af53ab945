import { type Page, expect as baseExpect, test } from '@playwright/test';
import { loginAs } from './helpers';

// Each step waits on a live server that analyses files in the same process: allow it a slow machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const NAME = 'E2E Quarterly Access Review';
const TEXT =
  'Access rights of all user accounts are reviewed every quarter by the system owner, and unused accounts are disabled. Multi-factor authentication is required for all remote access.';

const pastDay = () => new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);

async function requirementEvidenceCount(page: Page, id: string): Promise<number> {
  const response = await page.request.get(`/api/requirements/${id}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { evidence_count: number }).evidence_count;
}

test.describe.serial('evidence lifecycle', () => {
  test.setTimeout(120_000);

  test('an evidence expiry set in the past takes its support away from the requirement, flagged everywhere', async ({ page }) => {
    await loginAs(page, 'analyst');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Evidence Library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Evidence Library' })).toBeVisible();

    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'access-review.txt', mimeType: 'text/plain', buffer: Buffer.from(TEXT) });
    await page.getByLabel('Display Name').fill(NAME);
    await page.getByLabel('Document Type').selectOption('Screenshot');
    await page.getByRole('button', { name: 'Upload & Analyze' }).click();
    await expect(page.getByText('Evidence uploaded and analyzed successfully')).toBeVisible({ timeout: 90_000 });

    const evidence = (await (await page.request.get('/api/evidence/')).json()) as { id: string; name: string; requirement_count: number }[];
    const uploaded = evidence.find((e) => e.name === NAME)!;
    expect(uploaded.requirement_count).toBeGreaterThan(0);
    const links = (await (await page.request.get(`/api/evidence/${uploaded.id}/links`)).json()) as { links: { requirement_id: string }[] };
    const requirementId = links.links[0]!.requirement_id;
    const before = await requirementEvidenceCount(page, requirementId);
    expect(before).toBeGreaterThan(0);

    const row = page.getByTestId('evidence-row').filter({ hasText: 'access-review.txt' });
    await row.getByRole('button', { name: `Edit ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Evidence' });
    await dialog.getByLabel('Expires On').fill(pastDay());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Evidence "${NAME}" saved`)).toBeVisible();
    await expect(row.getByTestId('expired-flag')).toContainText(`Expired ${pastDay()}`);
    await expect(row.getByTestId('linked-count')).toHaveText('0');

    expect(await requirementEvidenceCount(page, requirementId)).toBe(before - 1);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Security Requirements' }).click();
    const card = page.locator(`[data-testid="requirement-card"][data-requirement-id="${requirementId}"]`);
    await expect(card).toContainText(before - 1 === 1 ? '1 evidence document' : `${before - 1} evidence documents`);
    await card.click();
    const editor = page.getByRole('dialog', { name: 'Compliance Response Editor' });
    const flagged = editor.getByTestId('supporting-evidence').filter({ hasText: NAME });
    await expect(flagged).toHaveAttribute('data-counts', 'false');
    await expect(flagged).toContainText('Does not count as support');
    await expect(flagged.getByTestId('expired-flag')).toBeVisible();
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Dashboard' }).click();
    await expect(page.getByTestId('expiring-evidence-item').filter({ hasText: NAME }).getByTestId('expired-flag')).toBeVisible();
  });

  test('the suggested type is applied with one click, and the type can be changed later', async ({ page }) => {
    await loginAs(page, 'analyst');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Evidence Library' }).click();
    const row = page.getByTestId('evidence-row').filter({ hasText: 'access-review.txt' });
    const apply = row.getByRole('button', { name: /^Use suggested type / });
    if ((await apply.count()) === 0) {
      // The analysis suggested the type chosen at upload: change it so the suggestion differs, then apply it back.
      await row.getByRole('button', { name: `Edit ${NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Evidence' });
      await dialog.getByLabel('Document Type').selectOption('Certificate');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(row.getByTestId('evidence-type')).toHaveText('Certificate');
    }
    const label = (await apply.getAttribute('aria-label'))!;
    const suggested = /^Use suggested type (.+) for /.exec(label)![1]!;
    await apply.click();
    await expect(row.getByTestId('evidence-type')).toHaveText(suggested);
    await expect(apply).toHaveCount(0);
  });

  test("on a phone, opening a document's links and versions keeps the page as wide as the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'analyst');
    await page.goto('/evidence');
    const row = page.getByTestId('evidence-row').filter({ hasText: 'access-review.txt' });
    await row.getByRole('button', { name: NAME, exact: true }).click();
    await expect(page.getByRole('region', { name: `Versions of ${NAME}` }).getByText('Upload new version')).toBeAttached();
    // The table scrolls sideways inside its own region; nothing in it (a hidden file input) widens the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
