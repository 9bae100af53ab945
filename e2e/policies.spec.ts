import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { type Download, type Page, expect, test } from '@playwright/test';
import { csrfHeader, loginAs } from './helpers';

const ADDENDUM = 'E2E addendum: this policy was reviewed by the security team.';

async function openPolicies(page: Page, user = 'analyst') {
  await loginAs(page, user);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'AI Policy Generator' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI Policy Generator' })).toBeVisible();
}

async function download(page: Page, label: 'TXT' | 'DOCX' | 'MD'): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('group', { name: 'Download as' }).getByRole('button', { name: label, exact: true }).click(),
  ]);
  return { file, bytes: await readFile(await file.path()) };
}

const templateItems = (page: Page) => page.getByTestId('policy-template');
const preview = (page: Page) => page.getByTestId('policy-preview');

test.describe.serial('AI Policy Generator', () => {
  test.setTimeout(120_000);

  test('an analyst filters by framework, generates, edits, saves and downloads a policy', async ({ page }) => {
    await openPolicies(page);
    await expect(page.getByText('No Policy Generated Yet')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Generated Policy' })).toBeVisible();
    await expect(page.getByLabel('Include contract requirements')).toBeChecked();
    await expect(page.getByTestId('templates-caption')).toHaveText('Based on all frameworks');
    await expect(templateItems(page).first()).toBeVisible();

    // Tick the tenant's first framework: the caption changes and the list is asked for again with it.
    const frameworks = page.getByRole('group', { name: 'Frameworks' });
    await expect(frameworks.getByRole('checkbox')).toHaveCount(5);
    const assigned = frameworks.locator('label').filter({ has: page.locator('input:enabled') }).first();
    const frameworkName = (await assigned.textContent())!.trim();
    const framework = assigned.getByRole('checkbox');
    const reload = page.waitForRequest((r) => r.url().includes('policies.templates') && decodeURIComponent(r.url()).includes(frameworkName));
    await framework.check();
    await reload;
    await expect(page.getByTestId('templates-caption')).toHaveText('Based on 1 selected framework(s)');
    await expect(templateItems(page).first()).toBeVisible();
    await expect(templateItems(page).first()).toContainText(/\d+ requirements/);

    // Hold the start of the job so the generating state is observable, and try to choose another policy meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/policies.startGeneration*', async (route) => {
      await held;
      await route.continue();
    });
    const chosen = templateItems(page).first();
    const name = (await chosen.getByTestId('policy-template-name').textContent())!.trim();
    await chosen.click();
    await expect(page.getByText(`Generating ${name}...`)).toBeVisible();
    await expect(page.getByText('The AI is analyzing your compliance requirements and drafting the policy.')).toBeVisible();
    await templateItems(page).nth(1).click({ force: true });
    await expect(page.getByText(`Generating ${name}...`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(templateItems(page).nth(1)).toHaveAttribute('aria-pressed', 'false');
    release();

    // The result: the policy, a statement naming its requirement, and that requirement in the mapping table.
    await expect(preview(page)).toBeVisible({ timeout: 90_000 });
    await expect(preview(page).getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await expect(chosen.getByTestId('policy-generated-check')).toBeVisible();
    const statement = preview(page).locator('p', { has: page.locator('strong', { hasText: /^4\.1\.1$/ }) });
    await expect(statement).toContainText(/ shall /);
    const requirementId = /\(Requirement ([^;)]+)[;)]/.exec((await statement.textContent())!)?.[1];
    expect(requirementId, 'the statement names its requirement').toBeTruthy();
    const requirements = (await (await page.request.get('/api/requirements/')).json()) as { display_id: string }[];
    expect(requirements.map((r) => r.display_id)).toContain(requirementId);
    const table = preview(page).getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Requirement', exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^(CIS|NIST|ISO|PCI|HIPAA)/ })).toHaveCount(1);
    const mapped = table.getByRole('row').filter({ has: page.getByRole('cell', { name: '4.1.1', exact: true }) });
    await expect(mapped.getByRole('cell', { name: requirementId, exact: true })).toBeVisible();
    await expect(preview(page).locator('script, iframe')).toHaveCount(0);

    // Edit, then Preview shows the edit.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByLabel('Policy content');
    await expect(editor).toHaveAttribute('placeholder', 'Edit your policy content here...');
    const original = await editor.inputValue();
    expect(original.startsWith(`# ${name}`)).toBe(true);
    await editor.fill(`${original.trimEnd()}\n\n${ADDENDUM}\n`);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(preview(page).getByText(ADDENDUM)).toBeVisible();

    // Save: 'Saving...' while busy, then the spec's success message with the linked count.
    await page.route('**/trpc/policies.saveToEvidence*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save to Evidence Library' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    const success = page.getByRole('status').filter({ hasText: /^✅ Policy saved to Evidence Library! \d+ requirements linked\.$/ });
    await expect(success).toBeVisible();
    const linked = Number(/(\d+) requirements linked/.exec((await success.textContent())!)![1]);
    expect(linked).toBeGreaterThan(0);

    // Downloads are built in the browser from the shown text, named after the policy.
    const base = name.replace(/ /g, '_');
    // MD is the Markdown as shown; TXT is plain text: no heading, emphasis, link or table markup, the
    // mapping table as aligned columns.
    const md = await download(page, 'MD');
    expect(md.file.suggestedFilename()).toBe(`${base}.md`);
    const markdown = md.bytes.toString('utf8');
    expect(markdown.startsWith(`# ${name}`)).toBe(true);
    expect(markdown).toContain(ADDENDUM);
    const txt = await download(page, 'TXT');
    expect(txt.file.suggestedFilename()).toBe(`${base}.txt`);
    const text = txt.bytes.toString('utf8');
    expect(text).not.toBe(markdown);
    expect(text.split('\n')[0]).toBe(name);
    expect(text).toContain(ADDENDUM);
    expect(text).toMatch(new RegExp(`\\n4\\.1\\.1 .* shall .*\\(Requirement ${requirementId!.replace(/\./g, '\\.')}[;)]`));
    expect(text).not.toMatch(/^#{1,6} |\*\*|__|`|\]\(|\||^\s*:?-{3,}/m);
    const header = text.split('\n').find((line) => /^Statement +Requirement +/.test(line));
    expect(header, 'the mapping table header as text columns').toBeDefined();
    const requirementColumn = header!.indexOf('Requirement');
    const mappedLine = text.split('\n').find((line) => line.startsWith('4.1.1 ') && line.slice(requirementColumn).startsWith(`${requirementId} `));
    expect(mappedLine, 'the first statement\'s row with its requirement under the Requirement column').toBeDefined();
    const docx = await download(page, 'DOCX');
    expect(docx.file.suggestedFilename()).toBe(`${base}.docx`);
    expect(docx.bytes.length).toBeGreaterThan(1_000);
    expect(docx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const html = (await mammoth.convertToHtml({ buffer: docx.bytes })).value;
    expect(html).toContain(`<h1>${name}</h1>`);
    expect(html).toContain(ADDENDUM);

    // The saved policy is in the Evidence Library.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Evidence Library' }).click();
    const row = page.getByTestId('evidence-row').filter({ hasText: `${base}.md` });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('linked-count')).toHaveText(String(linked));
  });

  test('saving blank text shows "No policy content to save" and makes no call', async ({ page }) => {
    await openPolicies(page);
    await templateItems(page).first().click();
    await expect(preview(page)).toBeVisible({ timeout: 90_000 });
    let saveCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('policies.saveToEvidence')) saveCalls += 1;
    });
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Policy content').fill('   \n  ');
    await page.getByRole('button', { name: 'Save to Evidence Library' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No policy content to save' })).toBeVisible();
    expect(saveCalls).toBe(0);
  });

  test("the list reads 'Loading templates...' while the tenant and then the templates load", async ({ page }) => {
    await loginAs(page, 'analyst');
    let releaseTenants: () => void = () => {};
    let releaseTemplates: () => void = () => {};
    const tenantsHeld = new Promise<void>((resolve) => (releaseTenants = resolve));
    const templatesHeld = new Promise<void>((resolve) => (releaseTemplates = resolve));
    await page.route('**/trpc/*users.accessibleTenants*', async (route) => {
      await tenantsHeld;
      await route.continue();
    });
    await page.route('**/trpc/*policies.templates*', async (route) => {
      await templatesHeld;
      await route.continue();
    });
    await page.goto('/policies');
    await expect(page.getByText('Loading templates...', { exact: true })).toBeVisible();
    releaseTenants();
    const list = page.getByRole('complementary', { name: 'Policy templates' });
    await expect(list.getByText('Loading templates...', { exact: true })).toBeVisible();
    await expect(page.getByText(/Loading policy templates/)).toHaveCount(0);
    releaseTemplates();
    await expect(templateItems(page).first()).toBeVisible();
    await expect(page.getByText('Loading templates...', { exact: true })).toHaveCount(0);
  });

  test('a viewer sees the recommendations but cannot generate or save', async ({ page }) => {
    await openPolicies(page, 'viewer');
    await expect(templateItems(page).first()).toBeVisible();
    await expect(page.getByText(/read-only access to this tenant/)).toBeVisible();
    await expect(templateItems(page).first()).toBeDisabled();
    await expect(page.getByText('No Policy Generated Yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save to Evidence Library' })).toHaveCount(0);

    const refused = await page.request.post('/api/policies/generate', {
      data: { policy_type: 'Access Control Policy', frameworks: [], include_contracts: true },
      headers: await csrfHeader(page),
    });
    expect(refused.status()).toBe(403);
  });
});
