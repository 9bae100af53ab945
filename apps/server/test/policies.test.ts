import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRequirements, displayId, frameworksOf } from '@compliance/catalog/catalog';
import { POLICY_TEMPLATES } from '@compliance/catalog/policy-templates';
import type { Framework } from '@compliance/contracts/frameworks';
import { type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { addContractObligation, createComplianceOrg } from './helpers/compliance-fixtures';
import { probe } from './helpers/db-probe';

let t: TestApp;
let tenant: { id: string; name: string; organization_id: string };
let sibling: { id: string; name: string; organization_id: string };
let orgName: string;
let editor: Session;
let viewer: Session;
const CONTRACT_TEXT = 'The Supplier shall disable the accounts of departing personnel within 24 hours.';
const accessControl = POLICY_TEMPLATES.find((p) => p.name === 'Access Control Policy')!;

/** What a template covers for a tenant with these frameworks, computed from the catalog itself. */
function expectedCatalog(template: (typeof POLICY_TEMPLATES)[number], frameworks: Framework[]) {
  return catalogRequirements.filter((r) => template.requirement_keys.includes(r.key) && frameworksOf(r).some((f) => frameworks.includes(f)));
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['HIPAA', 'NIST 800-53 rev 5'], ['ISO 27001']]);
  tenant = org.tenants[0]!;
  sibling = org.tenants[1]!;
  orgName = org.name;
  await addContractObligation(t.handle.db, tenant, { contract: 'Northwind MSA', clause: '7.2', text: CONTRACT_TEXT, domainNumber: accessControl.domains[0]! });
  const e = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: [tenant] });
  const v = await createUser(t.handle.db, { role: 'Viewer', memberOf: [org.id], tenants: [tenant] });
  editor = await login(t.app, e.username, PASSWORD);
  viewer = await login(t.app, v.username, PASSWORD);
});
afterAll(async () => t.close());

const generate = (session: Session, body: Record<string, unknown>, tenantId = tenant.id) =>
  api(t.app, session, 'POST', `/api/policies/generate?tenant_id=${tenantId}`, { policy_type: 'Access Control Policy', frameworks: [], include_contracts: true, ...body });

describe('GET /api/policies/templates', () => {
  it("counts each template's requirements from the tenant's list, contract requirements included", async () => {
    const res = await api(t.app, viewer, 'GET', `/api/policies/templates?tenant_id=${tenant.id}&frameworks=HIPAA`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as Array<{ name: string; requirement_count: number; frameworks_covered: string[] }>;
    for (const template of POLICY_TEMPLATES) {
      const expected = expectedCatalog(template, ['HIPAA']).length + (template.domains.includes(accessControl.domains[0]!) ? 1 : 0);
      const found = list.find((x) => x.name === template.name);
      if (expected === 0) expect(found).toBeUndefined();
      else expect(found?.requirement_count, template.name).toBe(expected);
    }
    expect(list.find((x) => x.name === 'Access Control Policy')!.frameworks_covered).toEqual(['HIPAA']);
    const counts = list.map((x) => x.requirement_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('reads no frameworks as all of the tenant\'s and accepts the short spellings', async () => {
    const all = (await api(t.app, viewer, 'GET', `/api/policies/templates?tenant_id=${tenant.id}`)).json() as Array<{ name: string; requirement_count: number; frameworks_covered: string[] }>;
    const short = (await api(t.app, viewer, 'GET', `/api/policies/templates?tenant_id=${tenant.id}&frameworks=${encodeURIComponent('NIST 800-53,HIPAA')}`)).json();
    expect(short).toEqual(all);
    const ac = all.find((x) => x.name === 'Access Control Policy')!;
    expect(ac.requirement_count).toBe(expectedCatalog(accessControl, ['HIPAA', 'NIST 800-53 rev 5']).length + 1);
    expect(ac.frameworks_covered).toEqual(['NIST 800-53 rev 5', 'HIPAA']);
  });

  it('lists nothing for a framework the tenant does not have but its contract requirements', async () => {
    const list = (await api(t.app, viewer, 'GET', `/api/policies/templates?tenant_id=${tenant.id}&frameworks=PCI%20DSS%204.0`)).json() as Array<{ name: string; requirement_count: number }>;
    expect(list.every((x) => x.requirement_count === 1)).toBe(true);
  });

  it('refuses an unknown framework with a clear message', async () => {
    expectError(await api(t.app, viewer, 'GET', `/api/policies/templates?tenant_id=${tenant.id}&frameworks=SOX`), 400, /Unknown framework "SOX"/);
  });
});

describe('POST /api/policies/generate', () => {
  it('writes a complete policy that covers every mapped requirement, with the contract obligation', async () => {
    const res = await generate(editor, { frameworks: ['NIST 800-53'] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const expected = expectedCatalog(accessControl, ['NIST 800-53 rev 5']);
    expect(body.requirement_count).toBe(expected.length + 1);
    expect(body.provider).toBe('local');
    const content: string = body.content;
    expect(content).toContain(orgName);
    expect(content).toContain(tenant.name);
    for (const heading of ['Purpose', 'Scope', 'Roles and Responsibilities', 'Policy Statements', 'Exceptions', 'Enforcement', 'Review']) expect(content).toContain(heading);
    for (const r of expected) expect(content, `Requirement ${displayId(r)}`).toMatch(new RegExp(`Requirement ${displayId(r).replace('.', '\\.')}\\b`));
    expect(content).toContain(CONTRACT_TEXT);
    expect(content).toContain('Northwind MSA');
    expect(content).toMatch(/shall/);
    expect(content).toMatch(/\|\s*Statement\s*\|/);
  });

  it('leaves contract obligations out when include_contracts is off', async () => {
    const res = await generate(editor, { frameworks: ['NIST 800-53'], include_contracts: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).not.toContain(CONTRACT_TEXT);
    expect(res.json().requirement_count).toBe(expectedCatalog(accessControl, ['NIST 800-53 rev 5']).length);
  });

  it('records the job with its provider and writes an audit entry', async () => {
    const res = await generate(editor, {});
    const job = await probe(t.handle.db, (tx) => tx.selectFrom('jobs').select(['name', 'status', 'provider']).where('id', '=', res.json().job_id).executeTakeFirstOrThrow());
    expect(job).toEqual({ name: 'generate-policy', status: 'completed', provider: 'local' });
    const audit = await probe(t.handle.db, (tx) => tx.selectFrom('audit_logs').select('action').where('tenant_id', '=', tenant.id).where('action', '=', 'generate_policy').execute());
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses bad input with a clear 400', async () => {
    expectError(await generate(editor, { policy_type: 'Poetry Policy' }), 400, /Unknown policy type "Poetry Policy"/);
    expectError(await generate(editor, { policy_type: '   ' }), 400, /policy_type is required/);
    expectError(await generate(editor, { frameworks: ['SOX'] }), 400, /Unknown framework/);
    expectError(await generate(editor, { include_contracts: 'yes' }), 400, /include_contracts/);
  });

  it('is refused to a Viewer and for a tenant the caller cannot reach', async () => {
    expectError(await generate(viewer, {}), 403);
    expectError(await generate(editor, {}, sibling.id), 403);
  });
});

describe('POST /api/policies/save-to-evidence', () => {
  const save = (session: Session, content: string, tenantId = tenant.id) =>
    api(t.app, session, 'POST', `/api/policies/save-to-evidence?tenant_id=${tenantId}`, { policy_type: 'Access Control Policy', content });

  it('stores the policy as Policy evidence and links the requirements it covers', async () => {
    const { content, requirement_count } = (await generate(editor, {})).json();
    const res = await save(editor, content);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ requirement_count, name: 'Access Control Policy', filename: 'Access_Control_Policy.md' });
    const evidence = (await api(t.app, viewer, 'GET', `/api/evidence?tenant_id=${tenant.id}`)).json() as Array<{ id: string; name: string; document_type: string; status: string; requirement_count: number }>;
    const saved = evidence.find((e) => e.name === 'Access Control Policy')!;
    expect(saved).toMatchObject({ document_type: 'Policy', status: 'completed', requirement_count, approval: 'draft' });
    const download = await api(t.app, viewer, 'GET', `/api/evidence/${saved.id}/download?tenant_id=${tenant.id}`);
    expect(download.body).toBe(content);
    const requirements = (await api(t.app, viewer, 'GET', `/api/requirements?tenant_id=${tenant.id}`)).json() as Array<{ text: string; evidence_count: number }>;
    // A draft supports nothing until an Admin approves it (ai-review.test.ts approves one).
    expect(requirements.find((r) => r.text === CONTRACT_TEXT)!.evidence_count).toBe(0);
  });

  it('replaces the earlier copy, and links only what the edited text still refers to', async () => {
    const { content } = (await generate(editor, { frameworks: ['NIST 800-53'], include_contracts: false })).json();
    const firstStatement = content.split('\n').find((line: string) => /Requirement \d+\.\d+/.test(line) && !line.startsWith('|'))!;
    const id = /Requirement (\d+\.\d+)/.exec(firstStatement)![1]!;
    const edited = content
      .split('\n')
      .filter((line: string) => !new RegExp(`Requirement ${id.replace('.', '\\.')}\\b`).test(line) && !line.includes(`| ${id} |`))
      .join('\n');
    const full = (await save(editor, content)).json().requirement_count;
    const res = await save(editor, edited);
    expect(res.json().requirement_count).toBe(full - 1);
    const copies = await probe(t.handle.db, (tx) => tx.selectFrom('documents').select('id').where('tenant_id', '=', tenant.id).where('filename', '=', 'Access_Control_Policy.md').execute());
    expect(copies).toHaveLength(1);
  });

  it("says 'No policy content to save' for blank content and stores nothing", async () => {
    expectError(await save(editor, '   \n  '), 400, 'No policy content to save');
    expectError(await api(t.app, editor, 'POST', `/api/policies/save-to-evidence?tenant_id=${tenant.id}`, { policy_type: 'Unknown', content: '# x' }), 400, /Unknown policy type/);
  });

  it('is refused to a Viewer and in a tenant the caller cannot reach, storing nothing there', async () => {
    expectError(await save(viewer, '# Access Control Policy\n\nRequirement 3.1'), 403);
    expectError(await save(editor, '# Access Control Policy\n\nRequirement 3.1', sibling.id), 403);
    const stored = await probe(t.handle.db, (tx) => tx.selectFrom('documents').select('id').where('tenant_id', '=', sibling.id).execute());
    expect(stored).toEqual([]);
  });
});
