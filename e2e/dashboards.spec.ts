import { type Page, type Route, expect, test } from '@playwright/test';
import { csrfHeader, loginAs } from './helpers';

interface Counts {
  total: number;
  compliant: number;
  in_progress: number;
  not_started: number;
  compliance_rate: number;
}
interface DashboardBody {
  tenant_id: string;
  tenant_name: string;
  metrics: {
    compliance_rate: number;
    total_requirements: number;
    compliant: number;
    in_progress: number;
    not_started: number;
    not_applicable: number;
    total_evidence: number;
    total_contracts: number;
  };
  framework_breakdown: (Counts & { framework: string })[];
  domain_breakdown: (Counts & { domain_number: number; domain_name: string })[];
  top_gaps: { requirement_id: string; status: string; requirement_text: string }[];
}
interface RollupBody {
  metrics: {
    total_tenants: number;
    overall_compliance_rate: number;
    total_requirements: number;
    total_compliant: number;
    total_not_started: number;
  };
  tenant_snapshots: { tenant_id: string; tenant_name: string; compliance_rate: number; total_requirements: number; compliant: number }[];
  top_gaps: { requirement_text: string; domain_name: string; affected_tenants: number }[];
}

/** The rule of spec section 9, written independently of the app. */
const expectedLevel = (rate: number) => (rate >= 90 ? 'good' : rate >= 75 ? 'warning' : 'poor');
const LEVEL_CLASS = { good: /text-green-/, warning: /text-amber-/, poor: /text-red-/ };
const percent = (rate: number) => `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;
const affects = (n: number) => `Affects ${n} ${n === 1 ? 'tenant' : 'tenants'}`;

async function apiDashboard(page: Page, frameworks?: string[]): Promise<DashboardBody> {
  const query = frameworks ? `?${new URLSearchParams({ frameworks: frameworks.join(',') })}` : '';
  const response = await page.request.get(`/api/reports/dashboard${query}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as DashboardBody;
}

async function acmeRollup(page: Page): Promise<{ id: string; body: RollupBody }> {
  const organizations = (await (await page.request.get('/api/organizations')).json()) as { id: string; name: string }[];
  const acme = organizations.find((o) => o.name === 'Acme Health Group');
  expect(acme, 'Acme Health Group').toBeTruthy();
  const response = await page.request.get(`/api/organizations/${acme!.id}/rollup`);
  expect(response.ok()).toBeTruthy();
  return { id: acme!.id, body: (await response.json()) as RollupBody };
}

/** The manager lands on their organization's roll-up; waiting for it keeps later routes clear of its calls. */
async function loginAsManager(page: Page) {
  await loginAs(page, 'manager');
  await expect(page.getByRole('heading', { name: 'Top Organization-Wide Compliance Gaps' })).toBeVisible();
}

const card = (page: Page, label: string) => page.getByRole('group', { name: label });
const frameworkBox = (page: Page, name: string) => page.getByRole('checkbox', { name });

async function expectCards(page: Page, data: DashboardBody) {
  const m = data.metrics;
  await expect(page.getByTestId('metric-compliance-rate')).toHaveText(percent(m.compliance_rate));
  await expect(page.getByTestId('metric-total-requirements')).toHaveText(String(m.total_requirements));
  await expect(page.getByTestId('metric-compliant')).toHaveText(String(m.compliant));
  await expect(page.getByTestId('metric-in-progress')).toHaveText(String(m.in_progress));
  await expect(page.getByTestId('metric-not-started')).toHaveText(String(m.not_started));
  await expect(page.getByTestId('metric-not-applicable')).toHaveText(String(m.not_applicable));
  await expect(page.getByTestId('metric-evidence')).toHaveText(String(m.total_evidence));
  await expect(page.getByTestId('metric-contracts')).toHaveText(String(m.total_contracts));
}

async function chooseTenant(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name: /^Tenant/ }).click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByTestId('current-tenant-name')).toHaveText(name);
}

/** Rewrites the reports.dashboard answer inside a (possibly batched) tRPC GET. */
async function rewriteDashboard(route: Route, change: (data: DashboardBody) => DashboardBody) {
  const response = await route.fetch();
  const procedures = new URL(route.request().url()).pathname.replace('/trpc/', '').split(',');
  const body = (await response.json()) as { result: { data: unknown } }[];
  procedures.forEach((name, i) => {
    if (name === 'reports.dashboard' && body[i]?.result) body[i].result.data = change(body[i].result.data as DashboardBody);
  });
  await route.fulfill({ response, json: body });
}

test.describe('My Dashboard', () => {
  test('the four cards show the figures of GET /api/reports/dashboard', async ({ page }) => {
    await loginAs(page, 'analyst');
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
    await expect(page.getByText('Real-time compliance metrics and reporting')).toBeVisible();
    const data = await apiDashboard(page);
    expect(data.tenant_name).toBe('Acme Hospitals');
    await expectCards(page, data);
    for (const label of ['Compliance Rate', 'Total Requirements', 'Evidence Uploaded', 'Contracts Analyzed']) {
      await expect(card(page, label)).toBeVisible();
    }
    const table = page.getByRole('table');
    for (const row of data.framework_breakdown) {
      const cells = table.getByRole('row', { name: new RegExp(`^${row.framework}`) }).getByRole('cell');
      await expect(cells.nth(0)).toHaveText(String(row.total));
      await expect(cells.nth(1)).toHaveText(String(row.compliant));
      await expect(cells.nth(2)).toHaveText(String(row.in_progress));
      await expect(cells.nth(3)).toHaveText(String(row.not_started));
      await expect(cells.nth(4)).toContainText(percent(row.compliance_rate));
    }
    await expect(page.getByTestId('domain-card')).toHaveCount(data.domain_breakdown.length);
    const domainChart = page.getByRole('img', { name: /^Compliance rate by domain:/ });
    await expect(domainChart).toHaveAttribute('aria-label', new RegExp(`${data.domain_breakdown[0]!.domain_name} ${percent(data.domain_breakdown[0]!.compliance_rate)}`));
    await expect(page.getByRole('img', { name: /^Compliance rate by framework:/ })).toBeVisible();
  });

  test('the compliance-rate colour follows the 90 / 75 rule on the cards, domains and frameworks', async ({ page }) => {
    await loginAs(page, 'analyst');
    const seen = new Set<string>();
    for (const tenant of ['Acme Hospitals', 'Acme Payments']) {
      if (tenant !== 'Acme Hospitals') await chooseTenant(page, tenant);
      const data = await apiDashboard(page);
      expect(data.tenant_name).toBe(tenant);
      const rate = page.getByTestId('metric-compliance-rate');
      await expect(rate).toHaveText(percent(data.metrics.compliance_rate));
      const level = expectedLevel(data.metrics.compliance_rate);
      await expect(rate).toHaveAttribute('data-level', level);
      await expect(rate).toHaveClass(LEVEL_CLASS[level]);
      seen.add(level);
      const domainRates = page.getByTestId('domain-rate');
      await expect(domainRates).toHaveCount(data.domain_breakdown.length);
      for (const [i, domain] of data.domain_breakdown.entries()) {
        const expected = expectedLevel(domain.compliance_rate);
        await expect(domainRates.nth(i)).toHaveText(percent(domain.compliance_rate));
        await expect(domainRates.nth(i)).toHaveAttribute('data-level', expected);
        await expect(domainRates.nth(i)).toHaveClass(LEVEL_CLASS[expected]);
        seen.add(expected);
      }
      for (const row of data.framework_breakdown) {
        const bar = page.getByRole('progressbar', { name: `${row.framework} compliance rate` });
        await expect(bar).toHaveAttribute('data-level', expectedLevel(row.compliance_rate));
      }
    }
    expect([...seen].sort(), 'the demo data exercise every colour').toEqual(['good', 'poor', 'warning']);
  });

  test('ticking and unticking frameworks changes the totals to those of the API', async ({ page }) => {
    await loginAs(page, 'analyst');
    const all = await apiDashboard(page);
    await expectCards(page, all);
    await frameworkBox(page, 'HIPAA').check();
    await frameworkBox(page, 'NIST 800-53 rev 5').check();
    await expectCards(page, await apiDashboard(page, ['HIPAA', 'NIST 800-53 rev 5']));

    await frameworkBox(page, 'NIST 800-53 rev 5').uncheck();
    const hipaa = await apiDashboard(page, ['HIPAA']);
    expect(hipaa.metrics.total_requirements).not.toBe(all.metrics.total_requirements);
    await expectCards(page, hipaa);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('HIPAA');

    await frameworkBox(page, 'HIPAA').uncheck();
    await expectCards(page, all);
  });

  test('Top Priority Gaps lists the API gaps in order and never more than 10', async ({ page }) => {
    await loginAs(page, 'analyst');
    const data = await apiDashboard(page);
    expect(data.top_gaps.length).toBe(10);
    const gaps = page.getByRole('list', { name: 'Top Priority Gaps' }).getByTestId('top-gap');
    await expect(gaps).toHaveCount(10);
    for (const [i, gap] of data.top_gaps.entries()) await expect(gaps.nth(i)).toContainText(gap.requirement_text);

    await page.route('**/trpc/*reports.dashboard*', (route) =>
      rewriteDashboard(route, (d) => ({
        ...d,
        top_gaps: [...d.top_gaps, ...d.top_gaps.slice(0, 3).map((g) => ({ ...g, requirement_id: `${g.requirement_id.slice(0, -4)}ffff` }))],
      })),
    );
    await page.reload();
    await expect(page.getByTestId('metric-total-requirements')).toHaveText(String(data.metrics.total_requirements));
    await expect(gaps).toHaveCount(10);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test("shows 'Loading dashboard...' while loading and 'No data available' when the call fails (logged only)", async ({ page }) => {
    await loginAs(page, 'analyst');
    await expect(page.getByTestId('metric-total-requirements')).toBeVisible();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/trpc/*reports.dashboard*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({ status: 500, json: [{ error: { message: 'boom', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }] });
    });
    await page.reload();
    await expect(page.getByText('Loading dashboard...')).toBeVisible();
    await expect(page.getByText('No data available')).toBeVisible();
    await expect(page.getByTestId('metric-compliance-rate')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(errors.some((e) => e.includes('Failed to load dashboard'))).toBeTruthy();
  });

  test('both PDF buttons open a PDF of the selected frameworks in a new window', async ({ page }) => {
    await loginAs(page, 'analyst');
    await frameworkBox(page, 'HIPAA').check();
    for (const [label, path] of [
      ['Executive Summary PDF', '/api/reports/export/executive-summary'],
      ['Gap Analysis PDF', '/api/reports/export/gap-analysis'],
    ] as const) {
      const popup = page.waitForEvent('popup');
      const response = page.context().waitForEvent('response', (r) => r.url().includes(path));
      await page.getByRole('button', { name: label }).click();
      await popup;
      const pdf = await response;
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const url = new URL(pdf.url());
      expect(url.searchParams.get('frameworks')).toBe('HIPAA');
      expect(url.searchParams.has('tenant_id')).toBe(false);
      const body = await page.request.get(url.pathname + url.search);
      expect((await body.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  test('a status changed through the API shows on the dashboard after a reload', async ({ page }) => {
    await loginAs(page, 'analyst');
    const before = await apiDashboard(page);
    await expectCards(page, before);
    const gap = before.top_gaps.find((g) => g.status === 'Not Started');
    expect(gap, 'a Not Started gap').toBeTruthy();
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token');
    expect(csrf, 'csrf cookie').toBeDefined();
    const patch = (status: string) =>
      page.request.patch(`/api/requirements/${gap!.requirement_id}/response`, {
        data: { compliance_status: status },
        headers: { 'x-csrf-token': csrf!.value },
      });
    try {
      const changed = await patch('Compliant');
      expect(changed.ok(), await changed.text()).toBeTruthy();
      await page.reload();
      const after = await apiDashboard(page);
      expect(after.metrics.compliant).toBe(before.metrics.compliant + 1);
      expect(after.metrics.not_started).toBe(before.metrics.not_started - 1);
      expect(after.metrics.compliance_rate).toBeGreaterThan(before.metrics.compliance_rate);
      await expectCards(page, after);
      await expect(page.getByRole('list', { name: 'Top Priority Gaps' })).not.toContainText(gap!.requirement_text);
    } finally {
      expect((await patch('Not Started')).ok()).toBeTruthy();
    }
  });
});

test.describe('Executive Dashboard', () => {
  test("manager sees the roll-up's tiles, tenant cards and ranked gaps", async ({ page }) => {
    await loginAsManager(page);
    const { id, body } = await acmeRollup(page);
    await page.goto(`/organizations/${id}/rollup`);
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Health Group' })).toBeVisible();
    const m = body.metrics;
    await expect(card(page, 'Total Tenants')).toContainText(String(m.total_tenants));
    await expect(card(page, 'Overall Compliance')).toContainText(percent(m.overall_compliance_rate));
    await expect(page.getByTestId('overall-compliance')).toHaveAttribute('data-level', expectedLevel(m.overall_compliance_rate));
    await expect(card(page, 'Total Requirements')).toContainText(String(m.total_requirements));
    await expect(card(page, 'Compliant')).toContainText(String(m.total_compliant));
    await expect(card(page, 'Not Started')).toContainText(String(m.total_not_started));

    await expect(page.getByRole('heading', { name: 'Tenant Compliance Comparison' })).toBeVisible();
    const cards = page.getByTestId('tenant-card');
    await expect(cards).toHaveCount(body.tenant_snapshots.length);
    expect(body.tenant_snapshots.map((t) => t.tenant_name).sort()).toEqual(['Acme Hospitals', 'Acme Payments', 'Acme Research']);
    for (const snapshot of body.tenant_snapshots) {
      const tenantCard = cards.filter({ hasText: snapshot.tenant_name });
      await expect(tenantCard.getByTestId('tenant-rate')).toHaveText(percent(snapshot.compliance_rate));
      await expect(tenantCard.getByTestId('tenant-rate')).toHaveAttribute('data-level', expectedLevel(snapshot.compliance_rate));
      await expect(tenantCard.getByTestId('tenant-total')).toHaveText(String(snapshot.total_requirements));
      await expect(tenantCard.getByTestId('tenant-compliant')).toHaveText(String(snapshot.compliant));
      await expect(tenantCard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(snapshot.compliance_rate));
    }

    await expect(page.getByRole('heading', { name: 'Top Organization-Wide Compliance Gaps' })).toBeVisible();
    expect(body.top_gaps.length).toBeGreaterThan(0);
    const gaps = page.getByTestId('organization-gap');
    await expect(gaps).toHaveCount(body.top_gaps.length);
    for (const [i, gap] of body.top_gaps.entries()) {
      await expect(gaps.nth(i)).toContainText(`#${i + 1}`);
      await expect(gaps.nth(i)).toContainText(gap.requirement_text);
      await expect(gaps.nth(i)).toContainText(gap.domain_name);
      await expect(gaps.nth(i).getByTestId('affected-tenants')).toHaveText(affects(gap.affected_tenants));
    }
  });

  test('clicking a tenant card makes it current and opens My Dashboard for it', async ({ page }) => {
    await loginAsManager(page);
    const { id, body } = await acmeRollup(page);
    await page.goto(`/organizations/${id}/rollup`);
    const me = (await (await page.request.get('/api/auth/me')).json()) as { current_tenant_id: string };
    const target = body.tenant_snapshots.find((t) => t.tenant_id !== me.current_tenant_id)!;
    await page.getByTestId('tenant-card').filter({ hasText: target.tenant_name }).click();
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await expect(page.getByTestId('current-tenant-name')).toHaveText(target.tenant_name);
    await expect(page.getByTestId('metric-total-requirements')).toHaveText(String(target.total_requirements));
    await expect(page.getByTestId('metric-compliance-rate')).toHaveText(percent(target.compliance_rate));
    const after = (await (await page.request.get('/api/auth/me')).json()) as { current_tenant_id: string };
    expect(after.current_tenant_id).toBe(target.tenant_id);
  });

  test('the header counts the tenants the Total Tenants tile counts when one is inactive', async ({ page }) => {
    await loginAs(page, 'admin');
    const headers = await csrfHeader(page);
    const created = await page.request.post('/api/organizations', {
      headers,
      data: { name: `Rollup Count ${Date.now()}`, domain: null, logo_url: null, description: 'Created by the dashboards test' },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const org = (await created.json()) as { id: string; name: string };
    const tenantIds: string[] = [];
    for (const name of ['Open Unit', 'Closed Unit']) {
      const tenant = await page.request.post('/api/tenants', { headers, data: { name, description: null, assigned_frameworks: ['HIPAA'], organization_id: org.id } });
      expect(tenant.ok(), await tenant.text()).toBeTruthy();
      tenantIds.push(((await tenant.json()) as { id: string }).id);
    }
    expect((await page.request.delete(`/api/tenants/${tenantIds[1]}`, { headers })).ok()).toBeTruthy();

    await page.goto(`/organizations/${org.id}/rollup`);
    await expect(page.getByRole('heading', { level: 1, name: org.name })).toBeVisible();
    await expect(card(page, 'Total Tenants')).toContainText('1');
    await expect(page.getByTestId('rollup-tenant-count')).toHaveText('1 tenant');
    await expect(page.getByTestId('tenant-card')).toHaveCount(1);
    await expect(page.getByTestId('tenant-card')).toContainText('Open Unit');
  });

  test("shows 'No significant organization-wide gaps identified' when there are none", async ({ page }) => {
    await loginAsManager(page);
    const { id } = await acmeRollup(page);
    await page.route('**/trpc/*reports.rollup*', async (route) => {
      const response = await route.fetch();
      const procedures = new URL(route.request().url()).pathname.replace('/trpc/', '').split(',');
      const json = (await response.json()) as { result: { data: RollupBody } }[];
      procedures.forEach((name, i) => {
        if (name === 'reports.rollup' && json[i]?.result) json[i].result.data.top_gaps = [];
      });
      await route.fulfill({ response, json });
    });
    await page.goto(`/organizations/${id}/rollup`);
    await expect(page.getByText('No significant organization-wide gaps identified')).toBeVisible();
    await expect(page.getByTestId('organization-gap')).toHaveCount(0);
    await expect(page.getByTestId('tenant-card')).toHaveCount(3);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a roll-up that fails to load is logged and sends the user to My Dashboard', async ({ page }) => {
    await loginAsManager(page);
    const { id } = await acmeRollup(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/trpc/*reports.rollup*', (route) =>
      route.fulfill({ status: 404, json: [{ error: { message: 'Organization not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } }] }),
    );
    await page.goto(`/organizations/${id}/rollup`);
    await expect(page).toHaveURL(/\/my-dashboard$/);
    expect(errors.some((e) => e.includes('Could not load the organization roll-up'))).toBeTruthy();
  });
});
