import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, expect, test } from '@playwright/test';
import { buildTextPdf } from '@compliance/documents/minimal-pdf';
import { WHOLE_LIST, loginAs, requirementPagesOf } from './helpers';

const FIXTURES = fileURLToPath(new URL('../packages/documents/fixtures', import.meta.url));
const fixture = (name: string) => path.join(FIXTURES, name);
const SERVER_STAGES = /^(Extracting text content|Analyzing with AI batch \d+\/\d+|Matching requirements|Finalizing analysis)$/;
const LIVE_STAGES = /Uploading file|Processing document|Extracting text content|Analyzing with AI batch \d+\/\d+|Matching requirements|Finalizing analysis|Complete/;

interface ApiRequirement {
  id: string;
  contract_count: number;
  contract_names: string[];
  evidence_count: number;
  suggested_response: string | null;
}

/** Opens a documents screen; the requirements screen, visited later, is asked for pages that hold the whole list. */
async function open(page: Page, link: 'Contract Analyzer' | 'Evidence Library', user = 'analyst') {
  await requirementPagesOf(page, WHOLE_LIST);
  await loginAs(page, user);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
}

/** Records every status text the progress bar shows, however briefly. */
async function recordStages(page: Page) {
  await page.evaluate(() => {
    const stages: string[] = [];
    (window as unknown as { stages: string[] }).stages = stages;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="progress-stage"]')?.textContent;
      if (text && stages[stages.length - 1] !== text) stages.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function apiRequirements(page: Page): Promise<ApiRequirement[]> {
  const response = await page.request.get('/api/requirements/');
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as ApiRequirement[];
}

test.describe.serial('contracts and evidence', () => {
  test.setTimeout(120_000);

  test('a PDF contract is analysed with live progress and its obligations are shown', async ({ page }) => {
    await open(page, 'Contract Analyzer');
    await expect(page.getByText('No contracts uploaded yet. Upload your first contract above.')).toBeVisible();
    // Hold the upload a moment so the progress bar is observable before the (fast, local) analysis ends.
    await page.route('**/api/contracts/upload*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await recordStages(page);
    await page.getByLabel('Upload contract').setInputFiles(fixture('contract.pdf'));
    await expect(page.getByRole('progressbar', { name: 'Analysis of contract.pdf' })).toBeVisible();
    await expect(page.getByTestId('progress-stage')).toHaveText(LIVE_STAGES);

    const success = page.getByRole('status').filter({ hasText: /^Extracted \d+ requirements from contract\.pdf$/ });
    await expect(success).toBeVisible({ timeout: 90_000 });
    const count = Number((await success.textContent())!.match(/Extracted (\d+)/)![1]);
    expect(count).toBeGreaterThan(0);
    // The timer fallback cannot reach these in the few seconds the analysis takes: they came from the job.
    const seen = await page.evaluate(() => (window as unknown as { stages: string[] }).stages);
    expect(seen.some((stage) => SERVER_STAGES.test(stage)), seen.join(' | ')).toBe(true);

    const row = page.getByTestId('contract-row').filter({ hasText: 'contract.pdf' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('requirement-count')).toHaveText(String(count));

    await row.getByRole('button', { name: /^View / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('obligation').first()).toBeVisible();
    const obligations = await page.request.get(`/api/contracts/${await contractId(page)}/obligations`);
    const first = ((await obligations.json()) as { text: string; display_id: string | null }[])[0]!;
    await expect(dialog.getByTestId('obligation').first()).toContainText(first.text);
    if (first.display_id) await expect(dialog.getByTestId('obligation').first()).toContainText(first.display_id);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    const linked = (await apiRequirements(page)).find((r) => r.contract_count > 0)!;
    expect(linked, 'a requirement raised by the contract').toBeDefined();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Security Requirements' }).click();
    const card = page.locator(`[data-testid="requirement-card"][data-requirement-id="${linked.id}"]`);
    await expect(card).toContainText(`${linked.contract_count} ${linked.contract_count === 1 ? 'contract' : 'contracts'}`);
  });

  test("the counterparty and our side are shown, the other side's duties are marked, the side can change, the same file is refused", async ({ page }) => {
    const agreement = buildTextPdf([
      [
        'MASTER SERVICES AGREEMENT',
        'This Agreement is made between Harbourline Logistics Ltd ("Harbourline" or the "Customer") and Cobaltix Cloud Services Limited ("Cobaltix" or the "Provider").',
        '1. Security',
        '1.1 The Provider shall encrypt all Customer Data at rest using AES-256 and in transit using TLS 1.2 or higher.',
        '1.2 The Provider shall notify the Customer of any security incident affecting Customer Data within 24 hours.',
        '2. Customer responsibilities',
        '2.1 The Customer shall keep the passwords of its users confidential and shall enforce multi-factor authentication for its user accounts.',
      ],
    ]);
    const file = { name: 'cobaltix-msa.pdf', mimeType: 'application/pdf', buffer: agreement };
    await open(page, 'Contract Analyzer');
    await page.getByLabel('Upload contract').setInputFiles(file);
    await expect(page.getByRole('status').filter({ hasText: /^Extracted \d+ requirements from cobaltix-msa\.pdf$/ })).toBeVisible({ timeout: 90_000 });
    const row = page.getByTestId('contract-row').filter({ hasText: 'cobaltix-msa.pdf' });
    await expect(row.getByTestId('contract-parties')).toContainText('With Harbourline Logistics Ltd');
    await expect(row.getByTestId('contract-parties')).toContainText('We provide the service');
    const providerCount = Number(await row.getByTestId('requirement-count').textContent());

    await row.getByRole('button', { name: /^View / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('contract-side')).toContainText('Cobaltix Cloud Services Limited (provider)');
    const theirs = dialog.locator('[data-testid="obligation"][data-theirs="true"]');
    await expect(theirs).toHaveCount(1);
    await expect(theirs).toContainText('Duty of Harbourline Logistics Ltd');
    await expect(theirs).toContainText('Not one of your requirements');
    await dialog.getByLabel('Our side of this contract').selectOption('customer');
    await expect(page.getByRole('status').filter({ hasText: 'is being re-analysed with your organisation as the customer' })).toBeVisible();
    await expect(row.getByTestId('contract-parties')).toContainText('We are the customer', { timeout: 60_000 });
    await expect(row.getByTestId('contract-parties')).toContainText('With Cobaltix Cloud Services Limited');
    await expect(row.getByTestId('requirement-count')).not.toHaveText(String(providerCount));

    await page.getByLabel('Upload contract').setInputFiles(file);
    await expect(page.getByRole('alert').filter({ hasText: 'This file was already uploaded as the contract "cobaltix-msa"' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('contract-row').filter({ hasText: 'cobaltix-msa.pdf' })).toHaveCount(1);

    page.once('dialog', (confirm) => void confirm.accept());
    await row.getByRole('button', { name: 'Delete cobaltix-msa' }).click();
    await expect(page.getByText('Contract "cobaltix-msa" deleted successfully')).toBeVisible();
  });

  test('a PDF schedule: its control table gives one obligation per row, and annex clauses keep their numbers across a page break', async ({ page }) => {
    const schedule = buildTextPdf([
      [
        'SUPPLIER SECURITY SCHEDULE',
        'This Schedule is agreed between Northwind Payments plc (the "Bank") and Tallis Hosting Ltd (the "Supplier").',
        '1. Controls',
        'The Supplier shall implement the controls in the table below.',
        'Ref\tControl\tEvidence',
        'SR-1\tMulti-factor authentication for all remote access\tConfiguration export',
        'SR-2\tSecurity event logs retained for twelve months\tSIEM report',
        'ANNEX II - TECHNICAL AND ORGANISATIONAL MEASURES',
        'II.1 Organisation of information security',
        'II.1.1 The Supplier maintains an information security management system certified to ISO/IEC 27001 and renews',
        'Page 1 of 2',
      ],
      ['the certificate before it lapses.', 'II.1.2 Security policies are reviewed once a year and after any significant incident.', 'Page 2 of 2'],
    ]);
    await open(page, 'Contract Analyzer');
    await page.getByLabel('Upload contract').setInputFiles({ name: 'tallis-schedule.pdf', mimeType: 'application/pdf', buffer: schedule });
    await expect(page.getByRole('status').filter({ hasText: /^Extracted \d+ requirements from tallis-schedule\.pdf$/ })).toBeVisible({ timeout: 90_000 });
    const row = page.getByTestId('contract-row').filter({ hasText: 'tallis-schedule.pdf' });
    await row.getByRole('button', { name: /^View / }).click();
    const obligations = page.getByRole('dialog').getByTestId('obligation');
    await expect(obligations.filter({ hasText: 'Clause SR-1' })).toContainText('Multi-factor authentication for all remote access');
    await expect(obligations.filter({ hasText: 'Clause SR-2' })).toContainText('Security event logs retained for twelve months');
    await expect(obligations.filter({ hasText: 'Clause II.1.1' })).toContainText('renews the certificate before it lapses.');
    await expect(obligations.filter({ hasText: 'Clause II.1.2' })).toContainText('Security policies are reviewed once a year');
    await expect(obligations.filter({ hasText: 'Page 1 of 2' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    page.once('dialog', (confirm) => void confirm.accept());
    await row.getByRole('button', { name: 'Delete tallis-schedule' }).click();
    await expect(page.getByText('Contract "tallis-schedule" deleted successfully')).toBeVisible();
  });

  test('a batch of evidence files uploads each file on its own; one bad file fails alone', async ({ page }) => {
    await open(page, 'Evidence Library');
    const submit = page.getByRole('button', { name: /^Upload/ });
    await expect(submit).toBeDisabled();
    await expect(page.getByLabel('Document Type')).toHaveValue('Policy');

    await page.getByLabel('File', { exact: true }).setInputFiles(fixture('policy-20-pages.pdf'));
    await expect(page.getByLabel('Display Name')).toHaveValue('policy-20-pages');
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles([fixture('policy-20-pages.pdf'), fixture('image-only.pdf'), fixture('controls.xlsx')]);
    await expect(submit).toHaveText('Upload 3 files');
    await submit.click();

    const rows = page.getByTestId('batch-row');
    await expect(rows).toHaveCount(3);
    const failed = rows.filter({ hasText: 'image-only.pdf' });
    await expect(failed).toHaveAttribute('data-state', 'failed', { timeout: 90_000 });
    await expect(failed.getByRole('alert')).not.toBeEmpty();
    for (const name of ['policy-20-pages.pdf', 'controls.xlsx']) {
      await expect(rows.filter({ hasText: name })).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    }

    const policy = page.getByTestId('evidence-row').filter({ hasText: 'policy-20-pages.pdf' });
    await expect(policy).toBeVisible();
    await expect(policy.getByTestId('linked-count')).not.toHaveText('0');
    await policy.getByRole('button', { name: 'policy-20-pages', exact: true }).click();
    await expect(page.getByTestId('evidence-excerpt').first()).not.toBeEmpty();

    await policy.getByRole('button', { name: 'Re-analyze policy-20-pages' }).click();
    await expect(page.getByText('Re-analyzed "policy-20-pages" successfully')).toBeVisible({ timeout: 90_000 });
  });

  test('Generate AI Response appears for a requirement with evidence and fills the suggestion', async ({ page }) => {
    await requirementPagesOf(page, WHOLE_LIST);
    await loginAs(page, 'analyst');
    const requirements = await apiRequirements(page);
    const target = requirements.find((r) => r.evidence_count > 0 && !r.suggested_response);
    const without = requirements.find((r) => r.evidence_count === 0 && !r.suggested_response);
    expect(target, 'a requirement with evidence and no suggestion').toBeDefined();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Security Requirements' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compliance Response Editor' });

    await page.locator(`[data-testid="requirement-card"][data-requirement-id="${without!.id}"]`).click();
    await expect(dialog.getByTestId('requirement-text')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Generate AI Response' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.locator(`[data-testid="requirement-card"][data-requirement-id="${target!.id}"]`).click();
    await expect(dialog.getByTestId('supporting-evidence').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Generate AI Response' }).click();
    await expect(dialog.getByTestId('suggested-response')).not.toBeEmpty();
    await expect(dialog.getByRole('button', { name: 'Generate AI Response' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Use This Response' }).click();
    await expect(dialog.getByLabel('Your Response')).not.toHaveValue('');
  });

  test('deleting a contract asks with the spec text and removes it', async ({ page }) => {
    await open(page, 'Contract Analyzer');
    const row = page.getByTestId('contract-row').filter({ hasText: 'contract.pdf' });
    await expect(row).toHaveCount(1);
    const name = (await row.getByRole('button').first().textContent())!.trim();
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText(`Contract "${name}" deleted successfully`)).toBeVisible();
    expect(asked).toBe(`Delete contract "${name}"? This will also remove all requirements extracted from it.`);
    await expect(page.getByText('No contracts uploaded yet. Upload your first contract above.')).toBeVisible();
  });

  test('a viewer sees the documents but cannot upload, re-analyze or delete', async ({ page }) => {
    await open(page, 'Evidence Library', 'viewer');
    await expect(page.getByRole('form', { name: 'Upload evidence' })).toHaveCount(0);
    await expect(page.getByLabel('File', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Delete|Re-analyze) / })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Contract Analyzer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contract Analyzer' })).toBeVisible();
    await expect(page.getByLabel('Upload contract')).toHaveCount(0);
  });
});

async function contractId(page: Page): Promise<string> {
  const response = await page.request.get('/api/contracts/');
  const contracts = (await response.json()) as { id: string; filename: string }[];
  return contracts.find((c) => c.filename === 'contract.pdf')!.id;
}
