import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTextPdf } from '@compliance/documents/minimal-pdf';
import { type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { PASSWORD, createOrganization, createUser } from './helpers/factories';
import { multipartBody } from './helpers/multipart';

/**
 * An upload lands in the tenant it names (query, header or form field), never in the session's
 * current tenant instead; a tenant the caller cannot reach, or two different tenants, are refused
 * before anything is stored.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let tenantA: string;
let tenantB: string;
let foreignTenant: string;

/** A small file with bytes of its own, so no upload is refused as a duplicate: a text note, or a PDF for contracts. */
function freshFile(url: string) {
  const tag = randomBytes(4).toString('hex');
  if (url.startsWith('/api/contracts')) {
    return { filename: `msa-${tag}.pdf`, content: buildTextPdf([[`Agreement ${tag}`, '1.1 The Provider shall encrypt Customer Data at rest.']]) };
  }
  return { filename: `note-${tag}.txt`, content: Buffer.from(`Access reviews happen quarterly. ${tag}`) };
}

function upload(session: Session, url: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const file = freshFile(url);
  const body = multipartBody(file, { document_type: 'Policy', ...fields });
  const res = t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: session.cookie, 'x-csrf-token': session.csrf, ...headers },
  });
  return res.then((answer) => ({ answer, filename: file.filename }));
}

async function evidenceFilenames(session: Session, tenantId: string): Promise<string[]> {
  const res = await api(t.app, session, 'GET', `/api/evidence/?tenant_id=${tenantId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { filename: string }[]).map((e) => e.filename);
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.handle.db, 2);
  const other = await createOrganization(t.handle.db, 1);
  [tenantA, tenantB] = [org.tenants[0]!.id, org.tenants[1]!.id];
  foreignTenant = other.tenants[0]!.id;
  admin = await login(t.app, (await createUser(t.handle.db, { productAdmin: true })).username, PASSWORD);
  manager = await login(t.app, (await createUser(t.handle.db, { role: 'Viewer', manages: [org.id] })).username, PASSWORD);
  for (const session of [admin, manager]) {
    expect((await api(t.app, session, 'PUT', '/api/auth/current-tenant', { tenant_id: tenantA })).statusCode).toBe(200);
  }
});
afterAll(async () => t.close());

describe('the tenant an upload names', () => {
  it('is where the evidence lands for a product admin whose session is in another tenant', async () => {
    const { answer, filename } = await upload(admin, `/api/evidence/upload?wait=false&tenant_id=${tenantB}`);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(await evidenceFilenames(admin, tenantB)).toContain(filename);
    expect(await evidenceFilenames(admin, tenantA)).not.toContain(filename);
  });

  it('is honoured from a tenant_id form field, for contracts and evidence alike', async () => {
    const evidence = await upload(manager, '/api/evidence/upload?wait=false', { tenant_id: tenantB });
    expect(evidence.answer.statusCode, evidence.answer.body).toBe(202);
    expect(await evidenceFilenames(manager, tenantB)).toContain(evidence.filename);
    expect(await evidenceFilenames(manager, tenantA)).not.toContain(evidence.filename);

    const contract = await upload(manager, '/api/contracts/upload?wait=false', { tenant_id: tenantB });
    expect(contract.answer.statusCode, contract.answer.body).toBe(202);
    const contracts = (await api(t.app, manager, 'GET', `/api/contracts/?tenant_id=${tenantB}`)).json() as { filename: string }[];
    expect(contracts.map((c) => c.filename)).toContain(contract.filename);
  });

  it('without any name is the session tenant, as before', async () => {
    const { answer, filename } = await upload(admin, '/api/evidence/upload?wait=false');
    expect(answer.statusCode, answer.body).toBe(202);
    expect(await evidenceFilenames(admin, tenantA)).toContain(filename);
  });

  it('is refused when the query, header and form name different tenants, and nothing is stored', async () => {
    const before = [...(await evidenceFilenames(admin, tenantA)), ...(await evidenceFilenames(admin, tenantB))];
    const formAndQuery = await upload(admin, `/api/evidence/upload?wait=false&tenant_id=${tenantA}`, { tenant_id: tenantB });
    expectError(formAndQuery.answer, 400, 'The request names two different tenants; name the tenant once');
    const headerAndQuery = await upload(admin, `/api/evidence/upload?wait=false&tenant_id=${tenantA}`, {}, { 'x-tenant-id': tenantB });
    expectError(headerAndQuery.answer, 400, 'The request names two different tenants; name the tenant once');
    const after = [...(await evidenceFilenames(admin, tenantA)), ...(await evidenceFilenames(admin, tenantB))];
    expect(after.sort()).toEqual(before.sort());
    const same = await upload(admin, `/api/evidence/upload?wait=false&tenant_id=${tenantB}`, { tenant_id: tenantB });
    expect(same.answer.statusCode, same.answer.body).toBe(202);
  });

  it("is refused across organizations, in the query or the form, and the other tenant's library is unchanged", async () => {
    const before = await evidenceFilenames(admin, foreignTenant);
    expectError((await upload(manager, `/api/evidence/upload?wait=false&tenant_id=${foreignTenant}`)).answer, 403, 'You do not have access to this tenant');
    expectError((await upload(manager, '/api/evidence/upload?wait=false', { tenant_id: foreignTenant })).answer, 403, 'You do not have access to this tenant');
    expectError((await upload(manager, '/api/contracts/upload?wait=false', { tenant_id: foreignTenant })).answer, 403, 'You do not have access to this tenant');
    expectError((await upload(manager, '/api/evidence/upload?wait=false', { tenant_id: 'not-a-tenant' })).answer, 400, 'tenant_id must be a valid id');
    expect(await evidenceFilenames(admin, foreignTenant)).toEqual(before);
  });
});

describe('a procedure naming two tenants', () => {
  it('is refused rather than one of them silently preferred', async () => {
    const input = encodeURIComponent(JSON.stringify({ tenant_id: tenantB }));
    const conflicting = await t.app.inject({
      method: 'GET',
      url: `/trpc/evidence.list?input=${input}`,
      headers: { cookie: admin.cookie, 'x-tenant-id': tenantA },
    });
    expect(conflicting.statusCode).toBe(400);
    expect(conflicting.body).toContain('The request names two different tenants');
    const agreeing = await t.app.inject({ method: 'GET', url: `/trpc/evidence.list?input=${input}`, headers: { cookie: admin.cookie, 'x-tenant-id': tenantB } });
    expect(agreeing.statusCode).toBe(200);
    expect((await api(t.app, admin, 'GET', `/api/evidence/?tenant_id=${tenantB}`, undefined, { 'x-tenant-id': tenantB })).statusCode).toBe(200);
  });
});
