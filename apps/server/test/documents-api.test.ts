import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type Session, api, createTestApp, expectError, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { multipartBody } from './helpers/multipart';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/documents/fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

let t: TestApp;
let editor: Session;
let viewer: Session;
let outsider: Session;
let tenantId: string;

function upload(session: Session | null, url: string, file: { filename: string; content: Buffer }, fields: Record<string, string> = {}, csrf = true) {
  const body = multipartBody(file, fields);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(session ? { cookie: session.cookie, ...(csrf ? { 'x-csrf-token': session.csrf } : {}) } : {}) },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['ISO 27001', 'HIPAA']]);
  const other = await createComplianceOrg(t.handle.db, [['ISO 27001']]);
  tenantId = org.tenants[0]!.id;
  editor = await login(t.app, (await createUser(t.handle.db, { role: 'Editor', tenants: org.tenants })).username, PASSWORD);
  viewer = await login(t.app, (await createUser(t.handle.db, { role: 'Viewer', tenants: org.tenants })).username, PASSWORD);
  outsider = await login(t.app, (await createUser(t.handle.db, { role: 'Admin', manages: [other.id], tenants: other.tenants })).username, PASSWORD);
});
afterAll(async () => t.close());

describe('contracts over REST', () => {
  it('uploads, analyses, lists, shows obligations, downloads the identical bytes and deletes everything extracted', async () => {
    const content = fixture('contract.pdf');
    const res = await upload(editor, '/api/contracts/upload', { filename: 'Master Services Agreement.pdf', content });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(`Extracted ${body.requirement_count} requirements from Master Services Agreement.pdf`);
    expect(body.requirement_count).toBeGreaterThan(0);

    const list = (await api(t.app, editor, 'GET', '/api/contracts/')).json();
    const contract = list.find((c: { id: string }) => c.id === body.document_id);
    expect(contract).toMatchObject({ name: 'Master Services Agreement', requirement_count: body.requirement_count, status: 'completed', analysis_provider: 'local' });

    const obligations = (await api(t.app, editor, 'GET', `/api/contracts/${body.document_id}/obligations`)).json();
    expect(obligations.length).toBeGreaterThan(0);
    for (const o of obligations) expect(o).toMatchObject({ text: expect.any(String), domain_name: expect.any(String), requirement_id: expect.any(String) });

    const requirements = (await api(t.app, editor, 'GET', '/api/requirements/')).json();
    expect(requirements.some((r: { contract_names: string[] }) => r.contract_names.includes('Master Services Agreement'))).toBe(true);
    expect((await api(t.app, editor, 'GET', '/api/requirements/stats')).json().contracts).toBeGreaterThanOrEqual(1);

    const download = await api(t.app, viewer, 'GET', `/api/contracts/${body.document_id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-disposition']).toContain('Master%20Services%20Agreement.pdf');

    const again = await upload(editor, '/api/contracts/upload', { filename: 'copy.pdf', content });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().detail).toMatch(/^This file was already uploaded as the contract "Master Services Agreement" on \d{4}-\d{2}-\d{2}\./);
    expect((await api(t.app, editor, 'GET', '/api/contracts/')).json()).toHaveLength(list.length);

    const side = await api(t.app, editor, 'PUT', `/api/contracts/${body.document_id}/side`, { side: 'sideways' });
    expect(side.statusCode).toBe(400);
    expect(side.json().detail).toContain('Side must be provider or customer');

    expect((await api(t.app, outsider, 'GET', `/api/contracts/${body.document_id}/download`)).statusCode).toBe(404);
    expect((await api(t.app, viewer, 'DELETE', `/api/contracts/${body.document_id}`)).statusCode).toBe(403);
    const deleted = await api(t.app, editor, 'DELETE', `/api/contracts/${body.document_id}`);
    expect(deleted.json().message).toBe('Contract "Master Services Agreement" deleted successfully');
    const after = (await api(t.app, editor, 'GET', '/api/requirements/')).json();
    expect(after.some((r: { contract_names: string[] }) => r.contract_names.includes('Master Services Agreement'))).toBe(false);
  });

  it('refuses bad files, a missing CSRF token, a Viewer and a missing file with clear 4xx answers', async () => {
    const wrong = await upload(editor, '/api/contracts/upload', { filename: 'contract.pdf', content: fixture('contract.docx') });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().detail).toBeTruthy();
    const unreadable = await upload(editor, '/api/contracts/upload', { filename: 'scan.pdf', content: fixture('image-only.pdf') });
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().detail).toContain('no extractable text');
    expect((await upload(editor, '/api/contracts/upload', { filename: 'a.pdf', content: fixture('contract.pdf') }, {}, false)).statusCode).toBe(403);
    expect((await upload(viewer, '/api/contracts/upload', { filename: 'a.pdf', content: fixture('contract.pdf') })).statusCode).toBe(403);
    expect((await upload(null, '/api/contracts/upload', { filename: 'a.pdf', content: fixture('contract.pdf') })).statusCode).toBe(401);
    const json = await api(t.app, editor, 'POST', '/api/contracts/upload', { file: 'x' });
    expect(json.statusCode).toBe(415);
    const names = (await api(t.app, editor, 'GET', '/api/contracts/')).json().map((c: { filename: string }) => c.filename);
    expect(names).not.toContain('scan.pdf');
  });
});

describe('evidence over REST', () => {
  it('uploads with a type, links requirements with excerpts, re-analyses idempotently, and generates a response', async () => {
    const res = await upload(editor, '/api/evidence/upload', { filename: 'policy.pdf', content: fixture('policy-20-pages.pdf') }, { document_type: 'Policy', description: 'Approved policy' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Evidence uploaded and analyzed successfully');
    const id = res.json().document_id;
    const links = (await api(t.app, editor, 'GET', `/api/evidence/${id}/links`)).json();
    expect(links.document_type).toBe('Policy');
    expect(links.suggested_document_type).toBeTruthy();
    expect(links.links.length).toBeGreaterThan(0);
    const listed = (await api(t.app, editor, 'GET', '/api/evidence/')).json().find((e: { id: string }) => e.id === id);
    expect(listed).toMatchObject({ name: 'policy', filename: 'policy.pdf', document_type: 'Policy', requirement_count: links.links.length });

    const again = await t.app.inject({ method: 'POST', url: `/api/evidence/${id}/reanalyze`, headers: { cookie: editor.cookie, 'x-csrf-token': editor.csrf } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Re-analyzed "policy.pdf" successfully');
    expect((await api(t.app, editor, 'GET', `/api/evidence/${id}/links`)).json().links.length).toBe(links.links.length);

    expect((await api(t.app, outsider, 'GET', `/api/evidence/${id}/download`)).statusCode).toBe(404);
    expect((await api(t.app, outsider, 'GET', `/api/evidence/${id}/download?tenant_id=${tenantId}`)).statusCode).toBe(403);
    const crossReanalyze = await t.app.inject({ method: 'POST', url: `/api/evidence/${id}/reanalyze`, headers: { cookie: outsider.cookie, 'x-csrf-token': outsider.csrf } });
    expect(crossReanalyze.statusCode).toBe(404);
    expect(crossReanalyze.body).not.toContain('policy');

    const requirementId = links.links[0].requirement_id;
    const supporting = (await api(t.app, editor, 'GET', `/api/requirements/${requirementId}/evidence`)).json();
    expect(supporting[0]).toMatchObject({ evidence_id: id, name: 'policy' });
    const generated = await api(t.app, editor, 'POST', `/api/requirements/${requirementId}/generate-response`);
    expect(generated.statusCode, generated.body).toBe(200);
    // In our voice, each claim a whole sentence of the document's stored passage, cited by its name.
    expect(generated.json().suggested_response).toMatch(/^(?:We meet this requirement through our policy\.|Our policy covers part of this requirement\.) [A-Z][^\n]+ \(policy(?:, section [^\n]+)?\)\./);
    expect((await api(t.app, editor, 'GET', `/api/requirements/${requirementId}`)).json()).toMatchObject({ suggested_response: generated.json().suggested_response, evidence_count: 1 });
  });

  it('refuses an unknown document type and keeps nothing', async () => {
    const res = await upload(editor, '/api/evidence/upload', { filename: 'notes.txt', content: Buffer.from('Access reviews happen quarterly.') }, { document_type: 'Diary' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Document type must be one of');
  });
});

describe('plain routes and procedures answer errors alike', () => {
  it('parses ids, queries and form fields with the contract schemas: a clear 400, nothing stored', async () => {
    const before = (await api(t.app, editor, 'GET', '/api/evidence/')).json().length;
    for (const url of ['/api/evidence/not-an-id/download', `/api/contracts/${'a'.repeat(36)}/download`, '/api/evidence/1/reanalyze?wait=false']) {
      const method = url.includes('reanalyze') ? 'POST' : 'GET';
      expectError(await t.app.inject({ method, url, headers: { cookie: editor.cookie, 'x-csrf-token': editor.csrf } }), 400, 'id: Must be a valid id');
    }
    const file = { filename: 'notes.txt', content: Buffer.from('Access reviews happen quarterly.') };
    expectError(await upload(editor, '/api/evidence/upload?wait=soon', file), 400, 'wait must be true or false');
    expectError(await upload(editor, '/api/evidence/upload?wait=false', file, { description: 'x'.repeat(2001) }), 400, 'description: Must be at most 2000 characters');
    expectError(await upload(editor, '/api/evidence/upload?wait=false', file, { name: 'n'.repeat(256) }), 400, 'Name must be at most 255 characters');
    expectError(await api(t.app, editor, 'GET', '/api/requirements/export/csv?domains=99'), 400, 'domains must be comma-separated domain numbers from 1 to 15');
    expect((await api(t.app, editor, 'GET', '/api/evidence/')).json()).toHaveLength(before);
  });

  it('gives the same error the same status and {detail, code} on a plain route and through the REST bridge', async () => {
    const unknown = '3f0e8c56-5f0a-4d0e-9c43-6f1a2b3c4d5e';
    const plain = await api(t.app, editor, 'GET', `/api/evidence/${unknown}/download`);
    const bridged = await api(t.app, editor, 'GET', `/api/evidence/${unknown}/links`);
    expect([plain.statusCode, bridged.statusCode]).toEqual([404, 404]);
    expect(plain.json()).toEqual({ detail: 'Evidence not found', code: 'NOT_FOUND' });
    expect(bridged.json()).toEqual(plain.json());
    expect((await api(t.app, null, 'GET', `/api/evidence/${unknown}/download`)).json()).toEqual((await api(t.app, null, 'GET', `/api/evidence/${unknown}/links`)).json());
    const unreadable = await upload(editor, '/api/contracts/upload', { filename: 'locked.pdf', content: fixture('encrypted.pdf') });
    expect(unreadable.statusCode, unreadable.body).toBe(422);
    expect(unreadable.json()).toEqual({ detail: expect.stringContaining('password'), code: 'UNPROCESSABLE_CONTENT' });
  });
});

describe('the OpenAPI document', () => {
  type Operation = { parameters?: { name: string; in: string; required?: boolean; schema: { format?: string; enum?: string[] } }[]; requestBody?: { content: Record<string, { schema: { properties: Record<string, { enum?: string[]; format?: string }>; required?: string[] } }> } };
  const operation = (doc: { paths: Record<string, Record<string, Operation>> }, path: string, method: string) => doc.paths[path]?.[method];
  const params = (op: Operation | undefined) => Object.fromEntries((op?.parameters ?? []).map((p) => [`${p.in} ${p.name}`, p]));

  it('describes the upload, download and export routes beside the procedures, with their parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/contracts/upload', '/evidence/upload', '/evidence/{id}/reanalyze', '/contracts/{id}/download', '/requirements/export/csv', '/contracts/{id}/obligations', '/evidence/{id}/links']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    const plain: [string, string, string[]][] = [
      ['/contracts/upload', 'post', ['query tenant_id', 'query wait']],
      ['/evidence/upload', 'post', ['query tenant_id', 'query wait']],
      ['/evidence/{id}/versions', 'post', ['path id', 'query tenant_id', 'query wait']],
      ['/evidence/{id}/reanalyze', 'post', ['path id', 'query tenant_id', 'query wait']],
      ['/contracts/{id}/download', 'get', ['path id', 'query tenant_id']],
      ['/evidence/{id}/download', 'get', ['path id', 'query tenant_id']],
      ['/requirements/export/csv', 'get', ['query domains', 'query frameworks', 'query tenant_id']],
      ['/reports/export/executive-summary', 'get', ['query domains', 'query frameworks', 'query tenant_id']],
      ['/reports/export/gap-analysis', 'get', ['query domains', 'query frameworks', 'query tenant_id']],
    ];
    for (const [path, method, expected] of plain) {
      const found = params(operation(doc, path, method));
      expect(Object.keys(found).sort(), `${method} ${path}`).toEqual(expected);
      if (found['path id']) expect(found['path id']).toMatchObject({ required: true, schema: { format: 'uuid' } });
      expect(found['query tenant_id']?.schema.format, `${method} ${path}`).toBe('uuid');
      if (found['query wait']) expect(found['query wait'].schema.enum).toEqual(['true', 'false']);
    }
    const form = operation(doc, '/evidence/{id}/versions', 'post')!.requestBody!.content['multipart/form-data']!.schema;
    expect(form.required).toEqual(['file']);
    expect(Object.keys(form.properties).sort()).toEqual(['description', 'document_type', 'expires_on', 'file', 'name', 'tenant_id']);
    expect(form.properties.file!.format).toBe('binary');
    expect(form.properties.document_type!.enum).toContain('SOC 2 Report');
  });
});
