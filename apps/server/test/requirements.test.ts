import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRequirements, frameworksOf } from '@compliance/catalog/catalog';
import { type TestApp, type Session, api, createTestApp, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { auditEntriesOf } from './helpers/db-probe';

let t: TestApp;
let tenantA: string;
let tenantB: string;
let editor: Session;
let editorName: string;
let viewer: Session;
let outsider: Session;
const hipaaCount = catalogRequirements.filter((r) => frameworksOf(r).includes('HIPAA')).length;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['PCI DSS 4.0', 'ISO 27001']]);
  const other = await createComplianceOrg(t.handle.db, [['HIPAA']]);
  tenantA = org.tenants[0]!.id;
  tenantB = org.tenants[1]!.id;
  const e = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: [org.tenants[0]!] });
  const v = await createUser(t.handle.db, { role: 'Viewer', memberOf: [org.id], tenants: [org.tenants[0]!] });
  const o = await createUser(t.handle.db, { role: 'Admin', memberOf: [other.id], tenants: other.tenants });
  editorName = e.username;
  editor = await login(t.app, e.username, PASSWORD);
  viewer = await login(t.app, v.username, PASSWORD);
  outsider = await login(t.app, o.username, PASSWORD);
});
afterAll(async () => t.close());

describe('GET /api/requirements/', () => {
  it("lists the requirements of the tenant's frameworks with every spec field", async () => {
    const res = await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenantA}`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(hipaaCount);
    const first = list[0];
    for (const field of ['id', 'text', 'domain_number', 'domain_name', 'source_type', 'frameworks', 'compliance_status', 'contract_count', 'contract_names', 'evidence_count', 'owner_name', 'user_response', 'suggested_response']) {
      expect(first).toHaveProperty(field);
    }
    expect(first.display_id).toMatch(/^\d+\.\d+$/);
    expect(first.frameworks).toEqual(['HIPAA']);
    expect(first.compliance_status).toBe('Not Started');
  });

  it('filters by comma-joined domains and frameworks, accepting both framework spellings', async () => {
    const res = await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenantA}&domains=3,15`);
    expect(res.json().every((r: { domain_number: number }) => [3, 15].includes(r.domain_number))).toBe(true);
    const none = await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenantA}&frameworks=${encodeURIComponent('NIST 800-53')}`);
    expect(none.json()).toEqual([]);
    const bad = await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenantA}&domains=99`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('domain numbers');
  });

  it("refuses another tenant's requirements, by query and by header", async () => {
    const byQuery = await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenantB}`);
    expect(byQuery.statusCode).toBe(403);
    const byHeader = await api(t.app, outsider, 'GET', '/api/requirements/', undefined, { 'x-tenant-id': tenantA });
    expect(byHeader.statusCode).toBe(403);
    expect(byHeader.body).not.toContain(tenantA);
  });
});

describe('PATCH /api/requirements/{id}/response', () => {
  it('saves response, status and owner, and writes the audit trail', async () => {
    const [req] = (await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenantA}&domains=3`)).json();
    const owners = (await api(t.app, editor, 'GET', `/api/requirements/owners?tenant_id=${tenantA}`)).json();
    const owner = owners.find((o: { username: string }) => o.username === editorName);
    expect(owner).toBeTruthy();
    const res = await api(t.app, editor, 'PATCH', `/api/requirements/${req.id}/response?tenant_id=${tenantA}`, {
      user_response: 'MFA is enforced through the identity provider.',
      compliance_status: 'Compliant',
      owner_id: owner.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_response: 'MFA is enforced through the identity provider.', compliance_status: 'Compliant', owner_name: editorName });
    const again = (await api(t.app, editor, 'GET', `/api/requirements/${req.id}?tenant_id=${tenantA}`)).json();
    expect(again.compliance_status).toBe('Compliant');
    const audit = await auditEntriesOf(t.handle.db, editorName);
    const entry = audit.find((a) => a.action === 'update_requirement_response');
    expect(entry).toBeTruthy();
    expect(JSON.stringify(entry!.details)).toContain('Not Started → Compliant');
  });

  it('accepts the spec body {user_response} alone', async () => {
    const [, req] = (await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenantA}`)).json();
    const res = await api(t.app, editor, 'PATCH', `/api/requirements/${req.id}/response?tenant_id=${tenantA}`, { user_response: 'Done.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_response).toBe('Done.');
  });

  it('refuses a Viewer, an unknown status, an owner without access and another tenant', async () => {
    const [req] = (await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenantA}`)).json();
    expect((await api(t.app, viewer, 'PATCH', `/api/requirements/${req.id}/response?tenant_id=${tenantA}`, { user_response: 'x' })).statusCode).toBe(403);
    const badStatus = await api(t.app, editor, 'PATCH', `/api/requirements/${req.id}/response?tenant_id=${tenantA}`, { compliance_status: 'Done' });
    expect(badStatus.statusCode).toBe(400);
    const badOwner = await api(t.app, editor, 'PATCH', `/api/requirements/${req.id}/response?tenant_id=${tenantA}`, { owner_id: outsider.userId });
    expect(badOwner.statusCode).toBe(400);
    const cross = await api(t.app, outsider, 'PATCH', `/api/requirements/${req.id}/response`, { user_response: 'hijack' });
    expect(cross.statusCode).toBe(404);
    const after = (await api(t.app, editor, 'GET', `/api/requirements/${req.id}?tenant_id=${tenantA}`)).json();
    expect(after.user_response).not.toBe('hijack');
  });
});

describe('GET /api/requirements/stats and the CSV export', () => {
  it('answers the stats shape', async () => {
    const res = await api(t.app, viewer, 'GET', `/api/requirements/stats?tenant_id=${tenantA}`);
    expect(res.json()).toEqual({ contracts: 0, evidence: 0 });
  });

  it('exports a real CSV of the filtered requirements for the current tenant', async () => {
    const res = await api(t.app, editor, 'GET', '/api/requirements/export/csv?domains=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="requirements-.+\.csv"/);
    const text = res.body.replace(/^\uFEFF/, '');
    const rows = parseCsv(text);
    expect(rows[0]).toContain('HIPAA controls');
    const data = rows.slice(1);
    expect(data.length).toBe(catalogRequirements.filter((r) => r.domain_number === 3 && frameworksOf(r).includes('HIPAA')).length);
    expect(data.every((r) => r[1] === 'Identity & Access Management')).toBe(true);
    const statusColumn = rows[0]!.indexOf('Status');
    expect(data.some((r) => r[statusColumn] === 'Compliant')).toBe(true);
  });

  it("refuses to export another tenant's requirements", async () => {
    const res = await api(t.app, outsider, 'GET', `/api/requirements/export/csv?tenant_id=${tenantA}`);
    expect(res.statusCode).toBe(403);
    expect((await api(t.app, null, 'GET', '/api/requirements/export/csv')).statusCode).toBe(401);
  });
});

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r') continue;
    else if (c === '\n') row.push(field), rows.push(row), (row = []), (field = '');
    else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

describe('tenant named in the tRPC input', () => {
  it('is honoured and checked against access, like the header and the query', async () => {
    const input = encodeURIComponent(JSON.stringify({ tenant_id: tenantB }));
    const refused = await t.app.inject({ method: 'GET', url: `/trpc/requirements.list?input=${input}`, headers: { cookie: editor.cookie } });
    expect(refused.statusCode).toBe(403);
    const own = encodeURIComponent(JSON.stringify({ tenant_id: tenantA }));
    const ok = await t.app.inject({ method: 'GET', url: `/trpc/requirements.list?input=${own}`, headers: { cookie: editor.cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data).toHaveLength(hipaaCount);
  });
});
