import { type Page, expect, test } from '@playwright/test';
import { loginAs } from './helpers';

const KEY_PREFIX = 'assistant:conversation:';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const input = (page: Page) => page.getByLabel('Your question');
const messages = (page: Page, role: 'user' | 'assistant') => page.locator(`[data-testid="chat-message"][data-role="${role}"]`);
const newConversation = (page: Page) => page.getByRole('button', { name: 'New conversation' });
const assistantHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'AI Compliance Assistant' });
const welcome = (page: Page) => page.getByRole('heading', { name: 'Welcome to the AI Compliance Assistant' });

async function openAssistant(page: Page) {
  await loginAs(page, 'analyst');
  await nav(page).getByRole('link', { name: 'AI Compliance Assistant' }).click();
  await expect(assistantHeading(page)).toBeVisible();
}

/** Picks a suggested question (or types one), sends it and waits for the whole answer. */
async function ask(page: Page, question: string, { suggested = false } = {}) {
  const answers = await messages(page, 'assistant').count();
  if (suggested) await page.getByRole('list', { name: 'Suggested questions' }).getByRole('button', { name: question }).click();
  else await input(page).fill(question);
  await input(page).press('Enter');
  const answer = messages(page, 'assistant').nth(answers);
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(answer).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  return answer;
}

/** The assistant conversations this tab remembers, by storage key. */
async function storedConversations(page: Page): Promise<Record<string, { role: string; content: string }[]>> {
  return page.evaluate((prefix) => {
    const found: Record<string, { role: string; content: string }[]> = {};
    for (let index = 0; index < sessionStorage.length; index += 1) {
      const key = sessionStorage.key(index)!;
      if (key.startsWith(prefix)) found[key] = JSON.parse(sessionStorage.getItem(key)!);
    }
    return found;
  }, KEY_PREFIX);
}

const currentTenantId = (page: Page) => page.evaluate(() => localStorage.getItem('selectedTenantId'));

/** Marks the loaded page, so a later check can tell that a link was followed without reloading it. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);

test.describe('AI Compliance Assistant: the conversation and its links', () => {
  test.setTimeout(90_000);

  test('the conversation survives leaving the page, coming back and reloading', async ({ page }) => {
    await openAssistant(page);
    const answer = await ask(page, 'What is our overall compliance rate?', { suggested: true });
    const answerText = (await answer.innerText()).trim();
    expect(answerText).toContain('Overall compliance rate');

    await nav(page).getByRole('link', { name: 'Security Requirements' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Security Requirements' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'AI Compliance Assistant' }).click();
    await expect(assistantHeading(page)).toBeVisible();
    await expect(messages(page, 'user')).toHaveText([/What is our overall compliance rate\?/]);
    await expect(messages(page, 'assistant')).toHaveCount(1);
    expect((await messages(page, 'assistant').innerText()).trim()).toBe(answerText);

    await page.reload();
    await expect(assistantHeading(page)).toBeVisible();
    await expect(messages(page, 'user')).toHaveText([/What is our overall compliance rate\?/]);
    expect((await messages(page, 'assistant').innerText()).trim()).toBe(answerText);

    // Stored for the current tenant only: the question and the completed answer.
    const tenantId = await currentTenantId(page);
    const stored = await storedConversations(page);
    expect(Object.keys(stored)).toEqual([`${KEY_PREFIX}${tenantId}`]);
    expect(stored[`${KEY_PREFIX}${tenantId}`]!.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  test('each tenant shows its own conversation', async ({ page }) => {
    await openAssistant(page);
    await ask(page, 'What types of evidence do we have?');
    const tenantButton = page.getByRole('banner').getByRole('button', { name: /^Tenant/ });
    const first = (await tenantButton.textContent())!.includes('Acme Payments') ? 'Acme Payments' : 'Acme Hospitals';
    const second = first === 'Acme Payments' ? 'Acme Hospitals' : 'Acme Payments';
    const choose = async (name: string) => {
      await tenantButton.click();
      await page.getByRole('listbox').getByRole('option', { name: new RegExp(name) }).click();
      await expect(tenantButton).toContainText(name);
    };

    await choose(second);
    await expect(welcome(page)).toBeVisible();
    await expect(page.getByTestId('chat-message')).toHaveCount(0);
    await ask(page, 'Which domains need the most attention?');

    await choose(first);
    await expect(messages(page, 'user')).toHaveText([/What types of evidence do we have\?/]);
    await choose(second);
    await expect(messages(page, 'user')).toHaveText([/Which domains need the most attention\?/]);
    expect(Object.keys(await storedConversations(page))).toHaveLength(2);
  });

  test('New conversation empties it; logging out forgets every conversation', async ({ page }) => {
    await openAssistant(page);
    await expect(newConversation(page)).toBeDisabled();
    await ask(page, 'What is our overall compliance rate?');
    await expect(newConversation(page)).toBeEnabled();
    await newConversation(page).click();
    await expect(welcome(page)).toBeVisible();
    await expect(page.getByTestId('chat-message')).toHaveCount(0);
    expect(await storedConversations(page)).toEqual({});
    await page.reload();
    await expect(welcome(page)).toBeVisible();

    await ask(page, 'What types of evidence do we have?');
    expect(Object.keys(await storedConversations(page))).toHaveLength(1);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedConversations(page)).toEqual({});

    await loginAs(page, 'analyst');
    await nav(page).getByRole('link', { name: 'AI Compliance Assistant' }).click();
    await expect(welcome(page)).toBeVisible();
  });

  test("an answer's links open the requirement, evidence and contract pages in place, filtered", async ({ page }) => {
    await openAssistant(page);
    const requirements = (await (await page.request.get('/api/requirements/')).json()) as { display_id: string }[];
    const id = requirements.find((r) => /^\d+\.\d+$/.test(r.display_id))!.display_id;
    // A conversation as the assistant leaves it, links included, restored from this tab's storage.
    const answer = [
      `Start with [requirement ${id}](/requirements?search=${id}).`,
      '- Evidence: [Access Control Policy](/evidence?search=Access%20Control%20Policy)',
      '- Contract: [Acme MSA](/contracts?search=acme-msa.pdf)',
      '- Elsewhere: [a site](https://attacker.example/) and [another](//attacker.example/)',
    ].join('\n');
    const conversation = [
      { role: 'user', content: 'Where do I start?' },
      { role: 'assistant', content: answer, sources: ['list_top_priority_requirements'] },
    ];
    const tenantId = await currentTenantId(page);
    await page.evaluate(([key, value]) => sessionStorage.setItem(key!, value!), [`${KEY_PREFIX}${tenantId}`, JSON.stringify(conversation)]);
    await page.reload();
    const reply = messages(page, 'assistant');
    await expect(reply).toContainText(`Start with requirement ${id}`);
    // Only the app's own pages are links.
    await expect(reply.getByRole('link')).toHaveCount(3);
    await expect(reply.getByText('a site')).toBeVisible();

    await markPage(page);
    await reply.getByRole('link', { name: `requirement ${id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/requirements\\?search=${id.replace('.', '\\.')}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Security Requirements' })).toBeVisible();
    await expect(page.getByTestId('search-filter')).toContainText(`“${id}”`);
    await expect(page.getByTestId('display-id')).toHaveText([id]);
    expect(await stillSamePage(page)).toBe(true);
    await page.getByTestId('search-filter').getByRole('button', { name: 'Clear filter' }).click();
    await expect(page).toHaveURL(/\/requirements$/);
    await expect(page.getByTestId('search-filter')).toHaveCount(0);
    expect(await page.getByTestId('display-id').count()).toBeGreaterThan(1);

    await page.goBack();
    await expect(assistantHeading(page)).toBeVisible();
    await expect(messages(page, 'assistant')).toContainText(`Start with requirement ${id}`);
    await messages(page, 'assistant').getByRole('link', { name: 'Access Control Policy' }).click();
    await expect(page).toHaveURL(/\/evidence\?search=Access%20Control%20Policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Evidence Library' })).toBeVisible();
    await expect(page.getByTestId('search-filter')).toContainText('“Access Control Policy”');
    await expect(page.getByTestId('search-filter')).toBeInViewport();

    await page.goBack();
    await messages(page, 'assistant').getByRole('link', { name: 'Acme MSA' }).click();
    await expect(page).toHaveURL(/\/contracts\?search=acme-msa\.pdf$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contract Analyzer' })).toBeVisible();
    await expect(page.getByTestId('search-filter')).toContainText('“acme-msa.pdf”');
    expect(await stillSamePage(page)).toBe(true);
  });

  test('a requirement link in a real answer opens that requirement', async ({ page }) => {
    await openAssistant(page);
    const answer = await ask(page, 'What are our top priority requirements?', { suggested: true });
    const link = answer.locator('a[href^="/requirements?search="]').first();
    expect(await link.count(), 'the answer to "What are our top priority requirements?" links no requirement yet').toBeGreaterThan(0);
    const href = (await link.getAttribute('href'))!;
    const id = new URLSearchParams(href.slice(href.indexOf('?'))).get('search')!;

    await markPage(page);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Security Requirements' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('search')).toBe(id);
    await expect(page.getByTestId('display-id')).toHaveText([id]);
    expect(await stillSamePage(page)).toBe(true);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the page fits the screen and New conversation can be used', async ({ page }) => {
      await loginAs(page, 'analyst');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'AI Compliance Assistant' }).click();
      await expect(assistantHeading(page)).toBeVisible();
      await expect(newConversation(page)).toBeVisible();
      await expect(input(page)).toBeVisible();

      await ask(page, 'What is our overall compliance rate?', { suggested: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await newConversation(page).scrollIntoViewIfNeeded();
      await expect(newConversation(page)).toBeInViewport();
      const box = (await newConversation(page).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(32);
      await newConversation(page).click();
      await expect(welcome(page)).toBeVisible();
      await expect(page.getByTestId('chat-message')).toHaveCount(0);
    });
  });
});
