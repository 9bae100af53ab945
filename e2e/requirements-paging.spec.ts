import { type Page, expect, test } from '@playwright/test';
import { loginAs, requirementPagesOf } from './helpers';

const PAGE = 40;
const cards = (page: Page) => page.getByTestId('requirement-card');
const loadMore = (page: Page) => page.getByTestId('load-more');

/** The screen's pages are asked for at 40 rows here, a size the test's counts are written for. */
const smallPages = (page: Page) => requirementPagesOf(page, PAGE);

async function apiIds(page: Page): Promise<{ id: string; domain_number: number }[]> {
  const response = await page.request.get('/api/requirements/');
  expect(response.ok()).toBeTruthy();
  return response.json();
}

test('a long requirements list loads more as it scrolls, with the whole list counted from the start', async ({ page }) => {
  await smallPages(page);
  await loginAs(page, 'analyst');
  await page.goto('/requirements');
  await expect(cards(page)).toHaveCount(PAGE);
  const list = await apiIds(page);
  expect(list.length).toBeGreaterThan(PAGE * 3);

  // Tiles and group headers count the whole list although a page is loaded.
  await expect(page.getByRole('group', { name: 'Total Requirements', exact: true })).toHaveText(`Total Requirements ${list.length}`, { useInnerText: true });
  const inFirst = list.filter((r) => r.domain_number === list[0]!.domain_number).length;
  await expect(page.getByTestId('domain-group').first().getByTestId('domain-count')).toHaveText(`${inFirst} requirements`);
  await expect(loadMore(page)).toContainText(`Showing ${PAGE} of ${list.length} requirements`);

  // "Select all shown" takes what is loaded.
  await page.getByRole('button', { name: 'Select all shown' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText(`${PAGE} requirements selected`);
  await page.getByRole('button', { name: 'Clear selection' }).click();

  // Scrolling to the end of the list brings the next page, until there is none.
  await loadMore(page).scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(PAGE * 2);
  for (let i = 0; i < 20 && (await loadMore(page).count()) > 0; i++) {
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(100);
  }
  await expect(loadMore(page)).toHaveCount(0);
  await expect(cards(page)).toHaveCount(list.length);
  const shown = await cards(page).evaluateAll((elements) => elements.map((e) => e.getAttribute('data-requirement-id')));
  expect(shown).toEqual(list.map((r) => r.id));
});

test('a domain filter pages through its own rows only', async ({ page }) => {
  await smallPages(page);
  await loginAs(page, 'analyst');
  await page.goto('/requirements');
  await expect(cards(page)).toHaveCount(PAGE);
  // The largest domains, enough of them for more than a page, leaving the first domain out.
  const all = await apiIds(page);
  const sizes = [...new Set(all.map((r) => r.domain_number))].filter((d) => d !== 1).map((d) => ({ d, n: all.filter((r) => r.domain_number === d).length }));
  sizes.sort((a, b) => b.n - a.n);
  const picked: number[] = [];
  for (const { d } of sizes) if (all.filter((r) => picked.includes(r.domain_number)).length <= PAGE + 5) picked.push(d);
  const domains = page.getByRole('group', { name: 'Domains', exact: true });
  await domains.getByRole('button', { name: 'Deselect All', exact: true }).click();
  for (const d of picked) await domains.getByRole('checkbox').nth(d - 1).check();
  const wanted = all.filter((r) => picked.includes(r.domain_number));
  expect(wanted.length).toBeGreaterThan(PAGE);
  await expect(cards(page)).toHaveCount(PAGE);
  await loadMore(page).scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(wanted.length);
  await expect(loadMore(page)).toHaveCount(0);
  await expect(page.getByTestId('domain-group')).toHaveCount(picked.length);
  const shown = await cards(page).evaluateAll((elements) => elements.map((e) => e.getAttribute('data-requirement-id')));
  expect(shown).toEqual(wanted.map((r) => r.id));
});
