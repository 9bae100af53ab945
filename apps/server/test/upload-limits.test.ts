import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type Session, api, createTestApp, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { multipartBody } from './helpers/multipart';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/documents/fixtures');

let t: TestApp;
let editor: Session;
let viewer: Session;

beforeAll(async () => {
  // A 64 KB limit, so a real fixture is over it (UPLOAD_MAX_MB sets it in production).
  t = await createTestApp({ uploadMaxBytes: 64 * 1024 });
  const org = await createComplianceOrg(t.handle.db, [['ISO 27001']]);
  editor = await login(t.app, (await createUser(t.handle.db, { role: 'Editor', tenants: org.tenants })).username, PASSWORD);
  viewer = await login(t.app, (await createUser(t.handle.db, { role: 'Viewer', tenants: org.tenants })).username, PASSWORD);
});
afterAll(async () => t.close());

describe('upload size limit', () => {
  it('answers 413 with the limit for a file over it, and stores nothing', async () => {
    const big = readFileSync(path.join(fixtures, 'policy-20-pages.pdf'));
    expect(big.length).toBeGreaterThan(64 * 1024);
    const body = multipartBody({ filename: 'policy.pdf', content: big }, { document_type: 'Policy' });
    const res = await t.app.inject({ method: 'POST', url: '/api/evidence/upload', payload: body.payload, headers: { 'content-type': body.contentType, cookie: editor.cookie, 'x-csrf-token': editor.csrf } });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/^The file is larger than the .+ limit$/);
    expect((await api(t.app, editor, 'GET', '/api/evidence/')).json()).toEqual([]);
  });

  it('accepts a file under the limit', async () => {
    const small = readFileSync(path.join(fixtures, 'contract.pdf'));
    expect(small.length).toBeLessThan(64 * 1024);
    const body = multipartBody({ filename: 'msa.pdf', content: small });
    const res = await t.app.inject({ method: 'POST', url: '/api/contracts/upload', payload: body.payload, headers: { 'content-type': body.contentType, cookie: editor.cookie, 'x-csrf-token': editor.csrf } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a Viewer before reading the file: 403 for an oversized file and for none at all', async () => {
    const big = multipartBody({ filename: 'policy.pdf', content: readFileSync(path.join(fixtures, 'policy-20-pages.pdf')) }, { document_type: 'Policy' });
    for (const [url, payload, contentType] of [
      ['/api/evidence/upload', big.payload, big.contentType],
      ['/api/contracts/upload', big.payload, big.contentType],
      ['/api/contracts/upload', '{}', 'application/json'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, cookie: viewer.cookie, 'x-csrf-token': viewer.csrf } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(res.json().detail).toBeTruthy();
    }
    expect((await api(t.app, viewer, 'GET', '/api/evidence/')).json()).toEqual([]);
  });
});
