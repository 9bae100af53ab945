import { type Page, expect, test } from '@playwright/test';
import { SUGGESTED_QUESTIONS as SUGGESTIONS } from '@compliance/contracts/assistant';
import { loginAs } from './helpers';


async function openAssistant(page: Page) {
  await loginAs(page, 'analyst');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'AI Compliance Assistant' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI Compliance Assistant' })).toBeVisible();
}

const input = (page: Page) => page.getByLabel('Your question');
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const messages = (page: Page, role: 'user' | 'assistant') => page.locator(`[data-testid="chat-message"][data-role="${role}"]`);

/** Holds each streaming request a moment so the waiting state can be seen. */
async function delayAnswers(page: Page, ms: number) {
  await page.route('**/trpc/assistant.stream*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** The rate as a figure the answer may print: 42.5 → 42.5%; 40 → 40% or 40.0%. */
function ratePattern(rate: number): RegExp {
  const rounded = Math.round(rate * 10) / 10;
  const text = Number.isInteger(rounded) ? `${rounded}(?:\\.0)?` : String(rounded).replace('.', '\\.');
  return new RegExp(`(?<![\\d.])${text}%`);
}

test.describe('AI Compliance Assistant', () => {
  test.setTimeout(60_000);

  test('the welcome shows six suggested questions; a click fills the input without sending', async ({ page }) => {
    await openAssistant(page);
    await expect(page.getByRole('heading', { name: 'Welcome to the AI Compliance Assistant' })).toBeVisible();
    const suggestions = page.getByRole('list', { name: 'Suggested questions' }).getByRole('button');
    await expect(suggestions).toHaveText(SUGGESTIONS);
    for (const question of SUGGESTIONS) {
      await suggestions.filter({ hasText: question }).click();
      await expect(input(page)).toHaveValue(question);
    }
    await expect(page.getByTestId('chat-message')).toHaveCount(0);
    await expect(page.getByText('Press Enter to send, Shift+Enter for new line')).toBeVisible();
    await expect(input(page)).toHaveAttribute('rows', '2');
  });

  test('the overall compliance rate it answers is the dashboard figure, streamed with sources', async ({ page }) => {
    await openAssistant(page);
    await delayAnswers(page, 800);
    await page.getByRole('button', { name: 'What is our overall compliance rate?' }).click();
    await input(page).press('Enter');

    await expect(messages(page, 'user')).toHaveText(/What is our overall compliance rate\?/);
    await expect(messages(page, 'user')).toContainText('You');
    await expect(page.getByTestId('typing-indicator')).toBeVisible();
    const answer = messages(page, 'assistant');
    await expect(answer).toContainText('Overall compliance rate', { timeout: 30_000 });
    await expect(answer).not.toHaveAttribute('aria-busy', 'true');
    await expect(answer).toContainText('AI');
    await expect(page.getByTestId('typing-indicator')).toHaveCount(0);
    await expect(answer).toContainText(/Source: .*get_compliance_summary/);

    const dashboard = (await (await page.request.get('/api/reports/dashboard')).json()) as {
      tenant_name: string;
      metrics: { compliance_rate: number };
    };
    await expect(answer).toContainText(dashboard.tenant_name);
    await expect(answer).toContainText(ratePattern(dashboard.metrics.compliance_rate));
    // The Markdown answer is rendered (bold figure), never shown as raw markers.
    await expect(answer.locator('strong').first()).toBeVisible();
    await expect(answer).not.toContainText('**');
  });

  test('Shift+Enter adds a line, Enter sends trimmed text; Send waits for text and for the reply', async ({ page }) => {
    await openAssistant(page);
    await expect(sendButton(page)).toBeDisabled();
    await input(page).fill('   \n  ');
    await expect(sendButton(page)).toBeDisabled();
    await input(page).press('Enter');
    await expect(page.getByTestId('chat-message')).toHaveCount(0);

    await input(page).fill('');
    await input(page).pressSequentially('  What types of evidence');
    await input(page).press('Shift+Enter');
    await input(page).pressSequentially('do we have?  ');
    await expect(input(page)).toHaveValue('  What types of evidence\ndo we have?  ');
    await expect(sendButton(page)).toBeEnabled();

    await delayAnswers(page, 1_500);
    await input(page).press('Enter');
    await expect(messages(page, 'user')).toHaveCount(1);
    expect(await messages(page, 'user').locator('div').innerText()).toBe('What types of evidence\ndo we have?');
    await expect(input(page)).toHaveValue('');

    await input(page).fill('Which domains need the most attention?');
    await expect(sendButton(page)).toBeDisabled();
    await input(page).press('Enter');
    await expect(messages(page, 'user')).toHaveCount(1);
    await expect(messages(page, 'assistant')).toHaveCount(1, { timeout: 30_000 });
    await expect(sendButton(page)).toBeEnabled();
    await sendButton(page).click();
    await expect(messages(page, 'user')).toHaveCount(2);
    await expect(messages(page, 'assistant')).toHaveCount(2, { timeout: 30_000 });
    await expect(messages(page, 'assistant').nth(1)).toBeInViewport();
  });

  test('a question about another organization is refused', async ({ page }) => {
    await openAssistant(page);
    await input(page).fill('What is the compliance rate of Globex Retail?');
    await input(page).press('Enter');
    const answer = messages(page, 'assistant');
    await expect(answer).toContainText(/can(?:no|['’])t (?:share|look up|access)|only (?:use|answer)/i, { timeout: 30_000 });
    await expect(answer).not.toContainText('%');
  });

  test('a failed request shows the error above the input and keeps the question', async ({ page }) => {
    await openAssistant(page);
    await page.route('**/trpc/assistant.stream*', (route) => route.abort());
    await input(page).fill('What are our top priority requirements?');
    await input(page).press('Enter');
    const error = page.getByRole('alert').filter({ hasText: 'Failed to get response from AI assistant' });
    await expect(error).toBeVisible();
    await expect(messages(page, 'user')).toHaveText(/What are our top priority requirements\?/);
    await expect(messages(page, 'assistant')).toHaveCount(0);
    await expect(page.getByTestId('typing-indicator')).toHaveCount(0);
    const errorBox = (await error.boundingBox())!;
    const inputBox = (await input(page).boundingBox())!;
    expect(errorBox.y + errorBox.height).toBeLessThanOrEqual(inputBox.y);
    await expect(sendButton(page)).toBeDisabled();
    await input(page).fill('Try again');
    await expect(sendButton(page)).toBeEnabled();
  });

  test('switching tenant clears the conversation', async ({ page }) => {
    await openAssistant(page);
    await input(page).fill('What is our overall compliance rate?');
    await input(page).press('Enter');
    await expect(messages(page, 'assistant')).toHaveCount(1, { timeout: 30_000 });

    const tenantButton = page.getByRole('banner').getByRole('button', { name: /^Tenant/ });
    const current = (await tenantButton.textContent())!.includes('Acme Payments') ? 'Acme Payments' : 'Acme Hospitals';
    const other = current === 'Acme Payments' ? 'Acme Hospitals' : 'Acme Payments';
    await tenantButton.click();
    await page.getByRole('listbox').getByRole('option', { name: new RegExp(other) }).click();
    await expect(tenantButton).toContainText(other);
    await expect(page.getByTestId('chat-message')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Welcome to the AI Compliance Assistant' })).toBeVisible();
    await expect(page.getByText(`Ask about the compliance rate, gaps, evidence and requirements of ${other}.`)).toBeVisible();
  });
});
