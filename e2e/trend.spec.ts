import { expect, test } from '@playwright/test';
import { csrfHeader, loginAs } from './helpers';

interface TrendPoint {
  date: string;
  compliance_rate: number;
  compliant: number;
}

const percent = (rate: number) => `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;

test.describe('Compliance trend', () => {
  test("My Dashboard draws the tenant's trend, and a status change moves today's point", async ({ page }) => {
    await loginAs(page, 'analyst');
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Compliance Trend' })).toBeVisible();

    // Mark one open requirement Compliant through the API, then reload.
    const requirements = (await (await page.request.get('/api/requirements/')).json()) as { id: string; compliance_status: string }[];
    const open = requirements.find((r) => r.compliance_status === 'Not Started');
    expect(open, 'an open requirement').toBeTruthy();
    const patch = await page.request.patch(`/api/requirements/${open!.id}/response`, { data: { compliance_status: 'Compliant' }, headers: await csrfHeader(page) });
    expect(patch.ok(), await patch.text()).toBeTruthy();
    await page.reload();

    const trend = (await (await page.request.get('/api/reports/trend?days=30')).json()) as TrendPoint[];
    const today = trend[trend.length - 1]!;
    const chart = page.getByTestId('trend-chart');
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`^Compliance rate over the last 30 days: .*${percent(today.compliance_rate).replace('.', '\\.')} on `));
    await expect(page.getByTestId('trend-summary')).toContainText(`${percent(today.compliance_rate)} today`);

    await page.getByRole('group', { name: 'Trend period' }).getByRole('button', { name: '1 year' }).click();
    await expect(chart).toHaveAttribute('aria-label', /^Compliance rate over the last 365 days: /);
  });

  test("the Executive Dashboard draws the organization's trend for a manager", async ({ page }) => {
    await loginAs(page, 'manager');
    await expect(page.getByRole('heading', { name: 'Top Organization-Wide Compliance Gaps' })).toBeVisible();
    const id = new URL(page.url()).pathname.match(/organizations\/([^/]+)\/rollup/)?.[1];
    expect(id, 'the roll-up of the manager').toBeTruthy();
    const trend = (await (await page.request.get(`/api/organizations/${id}/trend?days=30`)).json()) as TrendPoint[];
    expect(trend.length).toBeGreaterThan(0);
    const rollup = (await (await page.request.get(`/api/organizations/${id}/rollup`)).json()) as { metrics: { overall_compliance_rate: number } };
    // Today's point of the trend is the roll-up's overall rate.
    expect(trend[trend.length - 1]!.compliance_rate).toBe(rollup.metrics.overall_compliance_rate);
    const chart = page.getByTestId('trend-chart');
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`${percent(rollup.metrics.overall_compliance_rate).replace('.', '\\.')} on `));
  });
});
