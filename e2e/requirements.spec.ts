import { type Page, type Route, expect, test } from '@playwright/test';
import { WHOLE_LIST, loginAs, requirementPagesOf } from './helpers';

interface ApiRequirement {
  id: string;
  display_id: string;
  text: string;
  domain_number: number;
  domain_name: string;
  frameworks: string[];
  control_ids: Record<string, string[]>;
  compliance_status: string;
  owner_id: string | null;
  user_response: string | null;
  source_type: string;
  contract_count: number;
  evidence_count: number;
}

const cards = (page: Page) => page.getByTestId('requirement-card');
const card = (page: Page, id: string) => page.locator(`[data-testid="requirement-card"][data-requirement-id="${id}"]`);
const groups = (page: Page) => page.getByTestId('domain-group');
const filterGroup = (page: Page, name: 'Frameworks' | 'Domains') => page.getByRole('group', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Compliance Response Editor' });
const tenantButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Tenant/ });
const EMPTY = 'No requirements match the selected filters';
const isNonCompliant = (status: string) => status !== 'Compliant' && status !== 'Not Applicable';

async function expectTile(page: Page, label: string, value: number | string) {
  await expect(page.getByRole('group', { name: label, exact: true })).toHaveText(`${label} ${value}`, { useInnerText: true });
}

/** Opens the screen with pages that hold the demo tenant's whole list: these tests are about its content. */
async function openRequirements(page: Page, user = 'analyst') {
  await requirementPagesOf(page, WHOLE_LIST);
  await loginAs(page, user);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Security Requirements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security Requirements' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

/** The current tenant's requirements through the REST facade (the page shares the browser's session). */
async function apiRequirements(page: Page, query = ''): Promise<ApiRequirement[]> {
  const response = await page.request.get(`/api/requirements/${query}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as ApiRequirement[];
}

async function csrfHeader(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'csrf_token');
  expect(cookie, 'csrf cookie after login').toBeDefined();
  return { 'x-csrf-token': cookie!.value };
}

/** Rewrites one procedure's answer inside the (batched) tRPC responses the page receives. */
async function patchProcedure(page: Page, procedure: string, patch: (data: unknown) => unknown) {
  await page.route(`**/trpc/*${procedure}*`, async (route: Route) => {
    const response = await route.fetch();
    const names = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, '')).split(',');
    const body = (await response.json()) as { result?: { data: unknown } }[];
    const entry = body[names.indexOf(procedure)];
    if (entry?.result) entry.result.data = patch(entry.result.data);
    await route.fulfill({ response, json: body });
  });
}

async function switchTenant(page: Page, name: string) {
  await tenantButton(page).click();
  await page.getByRole('listbox').getByRole('option', { name: new RegExp(name) }).click();
  await expect(tenantButton(page)).toContainText(name);
}

/** A minimal RFC 4180 reader: quoted fields, doubled quotes, line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

test.describe('Security Requirements', () => {
  test('lists the tenant requirements by domain; the tiles match the list', async ({ page }) => {
    await openRequirements(page);
    await expect(page.getByText('Unified security requirements for Acme Hospitals')).toBeVisible();
    const list = await apiRequirements(page);
    const stats = (await (await page.request.get('/api/requirements/stats')).json()) as { contracts: number; evidence: number };
    expect(list.length).toBeGreaterThan(100);

    await expect(cards(page)).toHaveCount(list.length);
    await expectTile(page, 'Total Requirements', list.length);
    await expectTile(page, 'Non-Compliant', list.filter((r) => isNonCompliant(r.compliance_status)).length);
    await expectTile(page, 'Contracts Analyzed', stats.contracts);
    await expectTile(page, 'Evidence Uploaded', stats.evidence);
    const shownStatuses = await page.getByTestId('status').allTextContents();
    await expectTile(page, 'Non-Compliant', shownStatuses.filter(isNonCompliant).length);

    const domains = [...new Set(list.map((r) => r.domain_number))];
    await expect(groups(page)).toHaveCount(domains.length);
    const governance = groups(page).first();
    await expect(governance.getByRole('heading', { level: 2 })).toHaveText('1. Governance & Risk Management');
    const inGovernance = list.filter((r) => r.domain_number === 1).length;
    await expect(governance.getByTestId('domain-count')).toHaveText(`${inGovernance} requirements`);
    await expect(governance.getByTestId('requirement-card')).toHaveCount(inGovernance);

    const first = list[0]!;
    const firstCard = card(page, first.id);
    await expect(firstCard.getByTestId('display-id')).toHaveText(first.display_id);
    await expect(firstCard).toContainText(first.text);
    await expect(firstCard).toContainText('Framework');
    for (const framework of first.frameworks) await expect(firstCard).toContainText(framework);
    await expect(firstCard).toContainText(`${first.contract_count} contract`);
    await expect(firstCard).toContainText(`${first.evidence_count} evidence document`);
    await expect(firstCard.getByTestId('owner')).toHaveText('Owner: Unassigned');
    await expect(firstCard.getByText('Response Added')).toHaveCount(first.user_response ? 1 : 0);

    const tones: Record<string, string> = { Compliant: 'green', 'In Progress': 'amber', 'Not Started': 'red', 'Not Applicable': 'grey' };
    for (const [status, tone] of Object.entries(tones)) {
      const sample = list.find((r) => r.compliance_status === status)!;
      const badge = card(page, sample.id).getByTestId('status').locator('[data-tone]');
      await expect(badge).toHaveText(status);
      await expect(badge).toHaveAttribute('data-tone', tone);
      await expect(card(page, sample.id).getByText('Response Added')).toHaveCount(sample.user_response ? 1 : 0);
    }
  });

  test('filters: Deselect All frameworks leaves only contract requirements, one domain shows its group only, Select All restores', async ({ page }) => {
    await openRequirements(page);
    const all = await apiRequirements(page);
    const frameworks = filterGroup(page, 'Frameworks');
    const domains = filterGroup(page, 'Domains');
    await expect(frameworks.getByRole('checkbox')).toHaveCount(2);
    await expect(domains.getByRole('checkbox')).toHaveCount(15);
    await expect(domains.getByRole('checkbox', { name: '1. Governance & Risk Management' })).toBeChecked();

    // With no framework ticked only the tenant's own contract requirements remain (they map to no framework).
    const contractOnly = all.filter((r) => r.source_type === 'contract');
    const openContract = contractOnly.filter((r) => !['Compliant', 'Not Applicable'].includes(r.compliance_status));
    await frameworks.getByRole('button', { name: 'Deselect All', exact: true }).click();
    if (contractOnly.length === 0) await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(cards(page)).toHaveCount(contractOnly.length);
    await expectTile(page, 'Total Requirements', contractOnly.length);
    await expectTile(page, 'Non-Compliant', openContract.length);
    await frameworks.getByRole('button', { name: 'Select All', exact: true }).click();
    await expect(cards(page)).toHaveCount(all.length);

    await frameworks.getByRole('checkbox', { name: 'NIST 800-53 rev 5' }).uncheck();
    const hipaaOnly = await apiRequirements(page, '?frameworks=HIPAA');
    expect(hipaaOnly.length).toBeLessThan(all.length);
    await expect(cards(page)).toHaveCount(hipaaOnly.length);
    await expectTile(page, 'Total Requirements', hipaaOnly.length);
    await frameworks.getByRole('checkbox', { name: 'NIST 800-53 rev 5' }).check();

    await domains.getByRole('button', { name: 'Deselect All', exact: true }).click();
    await expect(page.getByText(EMPTY)).toBeVisible();
    await domains.getByRole('checkbox', { name: '3. Identity & Access Management' }).check();
    const iam = all.filter((r) => r.domain_number === 3);
    await expect(groups(page)).toHaveCount(1);
    await expect(groups(page).getByRole('heading', { level: 2 })).toHaveText('3. Identity & Access Management');
    await expect(groups(page).getByTestId('domain-count')).toHaveText(`${iam.length} requirements`);
    await expect(cards(page)).toHaveCount(iam.length);
    await expectTile(page, 'Total Requirements', iam.length);
    await expectTile(page, 'Non-Compliant', iam.filter((r) => isNonCompliant(r.compliance_status)).length);
    for (const id of await page.getByTestId('display-id').allTextContents()) expect(id).toMatch(/^3\.\d+$/);

    await domains.getByRole('button', { name: 'Select All', exact: true }).click();
    await expect(groups(page)).toHaveCount(15);
    await expect(cards(page)).toHaveCount(all.length);
  });

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

  test('Export to CSV opens the filtered CSV of the current tenant', async ({ page }) => {
    await openRequirements(page);
    const domains = filterGroup(page, 'Domains');
    await domains.getByRole('button', { name: 'Deselect All', exact: true }).click();
    await domains.getByRole('checkbox', { name: '3. Identity & Access Management' }).check();
    await expect(groups(page)).toHaveCount(1);
    const shown = await page.getByTestId('display-id').allTextContents();

    const popup = page.waitForEvent('popup');
    const exported = page.context().waitForEvent('response', (r) => r.url().includes('/api/requirements/export/csv'));
    await page.getByRole('button', { name: 'Export to CSV' }).click();
    await popup;
    const response = await exported;
    const url = new URL(response.url());
    expect(url.searchParams.get('domains')).toBe('3');
    expect(url.searchParams.get('frameworks')).toBe('HIPAA,NIST 800-53 rev 5');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/csv');
    expect(response.headers()['content-disposition']).toMatch(/attachment; filename="requirements-acme-hospitals-.*\.csv"/);

    const file = await page.request.get(response.url());
    const rows = parseCsv(await file.text()).filter((row) => row.some(Boolean));
    expect(rows[0]!.slice(0, 3)).toEqual(['ID', 'Domain', 'Requirement']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(shown);
  });

  test('switching tenant changes the list and the framework filter', async ({ page }) => {
    await openRequirements(page);
    const hospitals = await apiRequirements(page);
    await expect(cards(page)).toHaveCount(hospitals.length);
    await expect(filterGroup(page, 'Frameworks').getByRole('checkbox', { name: 'HIPAA' })).toBeChecked();
    await expect(filterGroup(page, 'Frameworks').getByRole('checkbox', { name: 'NIST 800-53 rev 5' })).toBeChecked();

    await switchTenant(page, 'Acme Payments');
    await expect(page.getByText('Unified security requirements for Acme Payments')).toBeVisible();
    const payments = await apiRequirements(page);
    expect(payments.map((r) => r.id)).not.toEqual(hospitals.map((r) => r.id));
    const frameworks = filterGroup(page, 'Frameworks');
    await expect(frameworks.getByRole('checkbox', { name: 'PCI DSS 4.0' })).toBeChecked();
    await expect(frameworks.getByRole('checkbox', { name: 'CIS Controls v8.1' })).toBeChecked();
    await expect(frameworks.getByRole('checkbox', { name: 'HIPAA' })).toHaveCount(0);
    await expect(cards(page)).toHaveCount(payments.length);
    await expect(card(page, payments[0]!.id)).toBeVisible();
    await expect(card(page, hospitals[0]!.id)).toHaveCount(0);
    await expectTile(page, 'Total Requirements', payments.length);
    await expectTile(page, 'Non-Compliant', payments.filter((r) => isNonCompliant(r.compliance_status)).length);
  });

  test('loading, load failure and no-tenant states', async ({ page }) => {
    await loginAs(page, 'analyst');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/*requirements.page*', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: [{ error: { message: 'Internal server error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, detail: 'Internal server error' } } }] });
    });
    await page.goto('/requirements');
    await expect(page.getByText('Loading requirements...')).toBeVisible();
    release();
    await expect(page.getByRole('alert')).toContainText('Failed to load requirements.');
    await page.unroute('**/trpc/*requirements.page*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page).first()).toBeVisible();

    await patchProcedure(page, 'users.accessibleTenants', () => []);
    await page.reload();
    await expect(page.getByText('No tenant selected')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });
});
