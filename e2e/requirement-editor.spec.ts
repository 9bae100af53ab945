import { expect, test } from '@playwright/test';
import { type ApiRequirement, apiRequirements, card, cards, csrfHeader, dialog, expectTile, isNonCompliant, openRequirements, patchProcedure } from './requirements-screen';

/** The Compliance Response Editor opened from the Security Requirements screen. */
test.describe('Compliance Response Editor', () => {
  test('analyst saves response, status and owner; the card and tiles update and it survives a reload', async ({ page }) => {
    await openRequirements(page);
    const list = await apiRequirements(page);
    const target = list.find((r) => r.compliance_status === 'Not Started' && !r.user_response && !r.owner_id)!;
    const nonCompliant = list.filter((r) => isNonCompliant(r.compliance_status)).length;
    const response = `Access is reviewed quarterly by the IAM team (e2e ${Date.now()}).`;
    try {
      await card(page, target.id).getByRole('button').click();
      const editor = dialog(page);
      await expect(editor).toBeVisible();
      await expect(editor.getByTestId('requirement-text')).toHaveText(target.text);
      await expect(editor).toContainText(`${target.domain_number}. ${target.domain_name}`);
      const [framework, ids] = Object.entries(target.control_ids)[0]!;
      await expect(editor).toContainText(`${framework}${ids.join(', ')}`);
      await expect(editor).toContainText('0 documents');
      await expect(editor.getByRole('button', { name: 'Generate AI Response' })).toHaveCount(0);
      const textArea = editor.getByLabel('Your Response');
      await expect(textArea).toBeFocused();
      await expect(textArea).toHaveAttribute('rows', '10');

      await textArea.fill(response);
      await expect(editor.getByText(`${response.length} characters`)).toBeVisible();
      await editor.getByLabel('Compliance Status').selectOption('Compliant');
      await editor.getByLabel('Owner').selectOption({ label: 'Avery Analyst' });
      await editor.getByRole('button', { name: 'Save Response' }).click();
      await expect(editor).toHaveCount(0);
      await expect(page.getByTestId('toast')).toHaveText(`Response saved for requirement ${target.display_id}`);

      const saved = card(page, target.id);
      await expect(saved.getByText('Response Added')).toBeVisible();
      await expect(saved.getByTestId('status')).toHaveText('Compliant');
      await expect(saved.getByTestId('status').locator('[data-tone]')).toHaveAttribute('data-tone', 'green');
      await expect(saved.getByTestId('owner')).toHaveText('Owner: Avery Analyst');
      await expectTile(page, 'Non-Compliant', nonCompliant - 1);

      await page.reload();
      await expect(card(page, target.id).getByTestId('owner')).toHaveText('Owner: Avery Analyst');
      await expect(card(page, target.id).getByTestId('status')).toHaveText('Compliant');
      await card(page, target.id).getByRole('button').click();
      await expect(dialog(page).getByLabel('Your Response')).toHaveValue(response);
      await expect(dialog(page).getByLabel('Compliance Status')).toHaveValue('Compliant');
      await expect(dialog(page).getByLabel('Owner').locator('option:checked')).toHaveText('Avery Analyst');
    } finally {
      const restore = await page.request.patch(`/api/requirements/${target.id}/response`, {
        data: { user_response: null, compliance_status: 'Not Started', owner_id: null },
        headers: await csrfHeader(page),
      });
      expect(restore.ok(), await restore.text()).toBeTruthy();
    }
  });

  test('Escape and Cancel close without saving, focus stays inside, and a failed save shows the error', async ({ page }) => {
    await openRequirements(page);
    const target = (await apiRequirements(page)).find((r) => !r.user_response)!;
    const opener = card(page, target.id).getByRole('button');

    await opener.click();
    await dialog(page).getByLabel('Your Response').fill('Not kept');
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
    await opener.click();
    await expect(dialog(page).getByLabel('Your Response')).toHaveValue('');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(card(page, target.id).getByText('Response Added')).toHaveCount(0);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/requirements.updateResponse*', async (route) => {
      await held;
      await route.abort('failed');
    });
    await opener.click();
    await dialog(page).getByLabel('Your Response').fill('Will fail');
    await dialog(page).getByRole('button', { name: 'Save Response' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    const error = dialog(page).getByRole('alert');
    await expect(error).toHaveText('Failed to save response');
    await expect(error).toHaveClass(/text-red-600/);
    await expect(dialog(page).getByRole('button', { name: 'Save Response' })).toBeEnabled();

    await page.unroute('**/trpc/requirements.updateResponse*');
    await page.route('**/trpc/requirements.updateResponse*', (route) =>
      route.fulfill({
        status: 400,
        json: [{ error: { message: 'The owner must be a user with access to this tenant', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, detail: 'The owner must be a user with access to this tenant' } } }],
      }),
    );
    await dialog(page).getByRole('button', { name: 'Save Response' }).click();
    await expect(error).toHaveText('The owner must be a user with access to this tenant');
    await expect(dialog(page)).toBeVisible();
  });

  test("'Use This Response' copies the suggested response into the editor", async ({ page }) => {
    const suggestion = 'Multi-factor authentication is enforced for all remote and privileged access.';
    await patchProcedure(page, 'requirements.page', (data) => {
      const first = data as { items: ApiRequirement[] };
      return { ...first, items: first.items.map((r, i) => (i === 0 ? { ...r, suggested_response: suggestion } : r)) };
    });
    await openRequirements(page);
    await cards(page).first().getByRole('button').click();
    await expect(dialog(page).getByTestId('suggested-response')).toHaveText(suggestion);
    await dialog(page).getByLabel('Your Response').fill('');
    await dialog(page).getByRole('button', { name: 'Use This Response' }).click();
    await expect(dialog(page).getByLabel('Your Response')).toHaveValue(suggestion);
    await expect(dialog(page).getByText(`${suggestion.length} characters`)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Undo' })).toHaveCount(0);
    // Over text of one's own, the suggestion goes in and Undo brings the earlier text back.
    await dialog(page).getByLabel('Your Response').fill('My own words');
    await dialog(page).getByRole('button', { name: 'Use This Response' }).click();
    await expect(dialog(page).getByLabel('Your Response')).toHaveValue(suggestion);
    await expect(dialog(page).getByText('Your earlier response was replaced by the suggestion.')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Undo' }).click();
    await expect(dialog(page).getByLabel('Your Response')).toHaveValue('My own words');
    await expect(dialog(page).getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await cards(page).nth(1).getByRole('button').click();
    await expect(dialog(page).getByRole('button', { name: 'Use This Response' })).toHaveCount(0);
  });

  test('a viewer sees the editor read-only and the server refuses a save', async ({ page }) => {
    await openRequirements(page, 'viewer');
    await expect(page.getByText('Unified security requirements for Acme Research')).toBeVisible();
    const target = (await apiRequirements(page))[0]!;
    await card(page, target.id).getByRole('button').click();
    const editor = dialog(page);
    await expect(editor.getByTestId('requirement-text')).toHaveText(target.text);
    await expect(editor.getByRole('button', { name: 'Save Response' })).toHaveCount(0);
    await expect(editor.getByLabel('Your Response')).toHaveAttribute('readonly', '');
    await expect(editor.getByLabel('Compliance Status')).toBeDisabled();
    await expect(editor.getByLabel('Owner')).toBeDisabled();
    await expect(editor.getByText('You have read-only access to this tenant')).toBeVisible();
    await editor.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(editor).toHaveCount(0);

    const refused = await page.request.patch(`/api/requirements/${target.id}/response`, {
      data: { user_response: 'Viewer edit' },
      headers: await csrfHeader(page),
    });
    expect(refused.status()).toBe(403);
  });
});
