import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';
import { apiRequirements, card, cards, EMPTY, expectTile, filterGroup, groups, isNonCompliant, openRequirements, patchProcedure, switchTenant } from './requirements-screen';

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
