import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { auditEntriesOf, probe } from './helpers/db-probe';
import { bearer } from './helpers/mfa';
import { multipartBody } from './helpers/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signedInEditor() {
  const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['HIPAA']]);
  const user = await createUser(t.handle.db, { role: 'Editor', tenants: [org.tenants[0]!] });
  return { org, user, session: await login(t.app, user.username, PASSWORD) };
}

async function createToken(session: Awaited<ReturnType<typeof login>>, body: Record<string, unknown> = { name: 'CI' }) {
  const res = await api(t.app, session, 'POST', '/api/auth/tokens', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; token: string; name: string; expires_at: string };
}

describe('personal API tokens', () => {
  it('are created with a cpt_ secret shown once, stored only as a hash, listed without it and audited', async () => {
    const { user, session } = await signedInEditor();
    const created = await createToken(session, { name: 'Build server', expires_in_days: 30 });
    expect(created.token).toMatch(/^cpt_[A-Za-z0-9_-]{43}$/);
    expect((new Date(created.expires_at).getTime() - Date.now()) / 86_400_000).toBeCloseTo(30, 1);
    const stored = await probe(t.handle.db, (tx) => tx.selectFrom('api_tokens').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow());
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(4));
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = await api(t.app, session, 'GET', '/api/auth/tokens');
    expect(list.json().tokens).toEqual([expect.objectContaining({ id: created.id, name: 'Build server', last_used_at: null, revoked_at: null })]);
    expect(list.body).not.toContain(created.token);
    expect((await auditEntriesOf(t.handle.db, user.username)).map((e) => e.action)).toEqual(['login', 'api_token_created']);
  });

  it('act as their user for GET and for a mutation without CSRF, and record last use', async () => {
    const { org, user, session } = await signedInEditor();
    const { id, token } = await createToken(session);
    const me = await bearer(t.app, token, 'GET', '/api/auth/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.username).toBe(user.username);
    const tenant = org.tenants[0]!;
    const requirements = await bearer(t.app, token, 'GET', '/api/requirements', undefined, { 'x-tenant-id': tenant.id });
    expect(requirements.statusCode, requirements.body).toBe(200);
    const requirement = (requirements.json() as { id: string }[])[0]!;
    const patch = await bearer(t.app, token, 'PATCH', `/api/requirements/${requirement.id}/response`, { user_response: 'Written by a script' }, { 'x-tenant-id': tenant.id });
    expect(patch.statusCode, patch.body).toBe(200);
    const row = await probe(t.handle.db, (tx) => tx.selectFrom('tenant_requirements').select(['user_response', 'updated_by']).where('id', '=', requirement.id).executeTakeFirstOrThrow());
    expect(row).toEqual({ user_response: 'Written by a script', updated_by: user.id });
    const list = await api(t.app, session, 'GET', '/api/auth/tokens');
    expect(list.json().tokens.find((x: { id: string }) => x.id === id).last_used_at).not.toBeNull();
  });

  it('work on the plain routes: an upload without CSRF and a CSV export', async () => {
    const { org, session } = await signedInEditor();
    const { token } = await createToken(session);
    const tenant = org.tenants[0]!;
    const body = multipartBody({ filename: 'notes.txt', content: Buffer.from('Access reviews happen quarterly.') }, { document_type: 'Policy' });
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/evidence/upload?wait=false&tenant_id=${tenant.id}`,
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const csv = await bearer(t.app, token, 'GET', `/api/requirements/export/csv?tenant_id=${tenant.id}`);
    expect(csv.statusCode).toBe(200);
    expectError(await bearer(t.app, 'cpt_forged', 'GET', `/api/requirements/export/csv?tenant_id=${tenant.id}`), 401, 'Invalid API token');
  });

  it('refuses revoked, expired and unknown tokens and deactivated users with 401 and a clear detail', async () => {
    const { user, session } = await signedInEditor();
    const revoked = await createToken(session);
    expect((await api(t.app, session, 'DELETE', `/api/auth/tokens/${revoked.id}`)).statusCode).toBe(200);
    expectError(await bearer(t.app, revoked.token, 'GET', '/api/auth/me'), 401, 'This API token has been revoked');
    const expired = await createToken(session, { name: 'old', expires_in_days: 1 });
    await probe(t.handle.db, (tx) => tx.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expired.id).execute());
    expectError(await bearer(t.app, expired.token, 'GET', '/api/auth/me'), 401, 'This API token has expired');
    expectError(await bearer(t.app, 'cpt_not-a-real-token', 'GET', '/api/auth/me'), 401, 'Invalid API token');
    expectError(await bearer(t.app, 'some-session-token', 'GET', '/api/auth/me'), 401, 'Invalid API token');
    const live = await createToken(session);
    await probe(t.handle.db, (tx) => tx.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute());
    expectError(await bearer(t.app, live.token, 'GET', '/api/auth/me'), 401, 'This account is deactivated. Contact your administrator.');
  });

  it('cannot manage tokens, MFA or the session', async () => {
    const { session } = await signedInEditor();
    const { id, token } = await createToken(session);
    const refused = 'This action needs a signed-in browser session; API tokens cannot perform it.';
    expectError(await bearer(t.app, token, 'POST', '/api/auth/tokens', { name: 'minted' }), 403, refused);
    expectError(await bearer(t.app, token, 'GET', '/api/auth/tokens'), 403, refused);
    expectError(await bearer(t.app, token, 'DELETE', `/api/auth/tokens/${id}`), 403, refused);
    expectError(await bearer(t.app, token, 'POST', '/api/auth/mfa/start', {}), 403, refused);
    expectError(await bearer(t.app, token, 'POST', '/api/auth/mfa/disable', { code: '123456' }), 403, refused);
    expectError(await bearer(t.app, token, 'POST', '/api/auth/logout', {}), 403, refused);
    expect((await api(t.app, session, 'GET', '/api/auth/tokens')).json().tokens).toHaveLength(1);
  });

  it("cannot revoke another user's token (404, the token keeps working)", async () => {
    const a = await signedInEditor();
    const b = await signedInEditor();
    const { id, token } = await createToken(b.session);
    expectError(await api(t.app, a.session, 'DELETE', `/api/auth/tokens/${id}`), 404, 'API token not found');
    expect((await bearer(t.app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('of a user in organization A cannot reach organization B', async () => {
    const a = await signedInEditor();
    const b = await signedInEditor();
    const { token } = await createToken(a.session);
    const tenantB = b.org.tenants[0]!;
    expectError(await bearer(t.app, token, 'GET', `/api/reports/dashboard?tenant_id=${tenantB.id}`), 403);
    expectError(await bearer(t.app, token, 'GET', '/api/requirements', undefined, { 'x-tenant-id': tenantB.id }), 403);
    expectError(await bearer(t.app, token, 'GET', `/api/requirements/export/csv?tenant_id=${tenantB.id}`), 403);
    const rollup = await bearer(t.app, token, 'GET', `/api/organizations/${b.org.id}/rollup`);
    expect([403, 404]).toContain(rollup.statusCode);
    expect(rollup.body).not.toContain(b.org.name);
  });

  it('expire after 90 days when no expiry is given, and none lives longer than 365 days', async () => {
    const { session } = await signedInEditor();
    const daysLeft = (token: { expires_at: string }) => (new Date(token.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(daysLeft(await createToken(session, { name: 'default' }))).toBeCloseTo(90, 1);
    expect(daysLeft(await createToken(session, { name: 'null means the default', expires_in_days: null }))).toBeCloseTo(90, 1);
    expect(daysLeft(await createToken(session, { name: 'longest', expires_in_days: 365 }))).toBeCloseTo(365, 1);
    expectError(await api(t.app, session, 'POST', '/api/auth/tokens', { name: 'x', expires_in_days: 366 }), 400, 'Expiry must be between 1 and 365 days');
    const listed = (await api(t.app, session, 'GET', '/api/auth/tokens')).json().tokens as { expires_at: string | null }[];
    expect(listed.every((token) => typeof token.expires_at === 'string')).toBe(true);
  });

  it('refuses bad input with a 400 detail', async () => {
    const { session } = await signedInEditor();
    expectError(await api(t.app, session, 'POST', '/api/auth/tokens', { name: '' }), 400, 'Token name is required');
    expectError(await api(t.app, session, 'POST', '/api/auth/tokens', { name: 'x', expires_in_days: 0 }), 400, 'Expiry must be between 1 and 365 days');
    expectError(await api(t.app, session, 'POST', '/api/auth/tokens', { name: 'x', expires_in_days: 'soon' }), 400);
    expectError(await api(t.app, session, 'DELETE', '/api/auth/tokens/not-an-id'), 400);
  });
});
