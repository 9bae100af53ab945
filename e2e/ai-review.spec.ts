import { type Page, expect, test } from '@playwright/test';
import { buildTextPdf } from '@compliance/documents/minimal-pdf';
import { csrfHeader, loginAs } from './helpers';

/**
 * Review of what the AI proposed: an Editor rejects a link the analysis made and it stays rejected after
 * re-analysis; a policy saved from the generator waits as a draft until an Admin approves it.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openEvidence(page: Page) {
  await nav(page).getByRole('link', { name: 'Evidence Library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Evidence Library' })).toBeVisible();
}

async function tenantNamed(page: Page, name: string): Promise<string> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  const tenants = (await (await page.request.get(`/api/users/${me.user.id}/accessible-tenants`)).json()) as { id: string; name: string }[];
  return tenants.find((t) => t.name === name)!.id;
}

async function evidenceCount(page: Page, tenantId: string, requirementId: string): Promise<number> {
  const res = await page.request.get(`/api/requirements/${requirementId}?tenant_id=${tenantId}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { evidence_count: number }).evidence_count;
}

test.describe('review of what the AI proposed', () => {
  test.setTimeout(180_000);

  test('an Editor rejects an AI link; after re-analysis it is still rejected and does not count', async ({ page }) => {
    await loginAs(page, 'analyst');
    await openEvidence(page);
    const name = `review-${Date.now().toString(36)}`;
    const buffer = buildTextPdf([
      [
        'Access Control and Backup Procedure',
        `Reference ${name}.`,
        'Access rights are reviewed every quarter by each system owner and revoked when no longer needed.',
        'Multi-factor authentication is required for all remote access and for administrator accounts.',
        'Backups are encrypted, stored off site and restored in a test every month.',
        'Security event logs are retained for twelve months and reviewed weekly.',
      ],
    ]);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: `${name}.pdf`, mimeType: 'application/pdf', buffer });
    await page.getByRole('button', { name: /^Upload/ }).click();
    await expect(page.getByText('Evidence uploaded and analyzed successfully')).toBeVisible({ timeout: 90_000 });

    const row = page.getByTestId('evidence-row').filter({ hasText: `${name}.pdf` });
    const count = row.getByTestId('linked-count');
    await expect(count).not.toHaveText('0');
    const before = Number(await count.textContent());
    await row.getByRole('button', { name, exact: true }).click();
    const first = page.getByTestId('evidence-link').first();
    await expect(first).toHaveAttribute('data-state', 'suggested');
    const requirement = (await first.getAttribute('data-requirement'))!;
    const link = page.getByTestId('evidence-link').and(page.locator(`[data-requirement="${requirement}"]`));

    await link.getByRole('button', { name: `Reject link to ${requirement}` }).click();
    await expect(link).toHaveAttribute('data-state', 'rejected');
    await expect(link.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(count).toHaveText(String(before - 1));

    await row.getByRole('button', { name: `Re-analyze ${name}` }).click();
    await expect(page.getByText(`Re-analyzed "${name}" successfully`)).toBeVisible({ timeout: 90_000 });
    await page.reload();
    await expect(count).toHaveText(String(before - 1));
    await row.getByRole('button', { name, exact: true }).click();
    await expect(link).toHaveAttribute('data-state', 'rejected');
    await expect(link.getByRole('button', { name: `Undo reject of link to ${requirement}` })).toBeVisible();
  });

  test('a policy saved from the generator is a draft until an Admin approves it, then it counts as support', async ({ page }) => {
    await loginAs(page, 'analyst');
    const tenantId = await tenantNamed(page, 'Acme Hospitals');
    const headers = await csrfHeader(page);
    const generated = await page.request.post(`/api/policies/generate?tenant_id=${tenantId}`, {
      headers,
      data: { policy_type: 'Incident Response Policy', frameworks: [], include_contracts: true },
    });
    expect(generated.ok(), await generated.text()).toBeTruthy();
    const saved = await page.request.post(`/api/policies/save-to-evidence?tenant_id=${tenantId}`, {
      headers,
      data: { policy_type: 'Incident Response Policy', content: ((await generated.json()) as { content: string }).content },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
    const { evidence_id: evidenceId, requirement_count: linked } = (await saved.json()) as { evidence_id: string; requirement_count: number };
    expect(linked).toBeGreaterThan(0);
    const links = (await (await page.request.get(`/api/evidence/${evidenceId}/links?tenant_id=${tenantId}`)).json()) as { links: { requirement_id: string }[] };
    const requirementId = links.links[0]!.requirement_id;
    const unsupported = await evidenceCount(page, tenantId, requirementId);

    // The Editor sees the draft and no way to approve it.
    await page.request.put('/api/auth/current-tenant', { headers, data: { tenant_id: tenantId } });
    await openEvidence(page);
    const row = page.getByTestId('evidence-row').filter({ hasText: 'Incident_Response_Policy.md' });
    await expect(row.getByText('Draft — awaiting approval')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

    // The organization's manager (an Admin) approves it from the Evidence Library.
    await page.context().clearCookies();
    await loginAs(page, 'manager');
    const organization = page.getByRole('banner').getByRole('button', { name: /^Organization/ });
    await expect(organization).not.toHaveText('Loading...');
    if ((await organization.textContent())?.trim() !== 'Acme Health Group') {
      await organization.click();
      await page.getByRole('option', { name: /Acme Health Group/ }).click();
    }
    await openEvidence(page);
    const picker = page.getByTestId('tenant-in-view').getByRole('button', { name: /^Tenant/ });
    if ((await picker.textContent())?.trim() !== 'Acme Hospitals') {
      await picker.click();
      await page.getByRole('listbox').getByRole('option', { name: /Acme Hospitals/ }).click();
    }
    await row.getByRole('button', { name: 'Approve Incident Response Policy' }).click();
    await expect(page.getByText('Evidence "Incident Response Policy" approved: its links now count as support')).toBeVisible();
    await expect(row.getByText('Draft — awaiting approval')).toHaveCount(0);
    expect(await evidenceCount(page, tenantId, requirementId)).toBe(unsupported + 1);
  });
});
