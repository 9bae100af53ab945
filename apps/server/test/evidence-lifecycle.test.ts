import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { multipartBody } from './helpers/multipart';

// Each test uploads and waits for analysis several times: allow a loaded machine more than the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let editor: Session;
let viewer: Session;
let outsider: Session;
let tenant: { id: string; organization_id: string };
let otherTenantId: string;
let requirementIds: string[];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function upload(session: Session, url: string, text: string, fields: Record<string, string> = {}) {
  const body = multipartBody({ filename: `${fields.name ?? 'evidence'}.txt`, content: Buffer.from(text) }, fields);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType, cookie: session.cookie, 'x-csrf-token': session.csrf } });
}

/** Evidence linked (as analysis would) to the given requirements, so counts are exact whatever the analyser finds. */
async function linkEvidence(documentId: string, ids: string[]) {
  await withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
    for (const id of ids) {
      await tx
        .insertInto('evidence_links')
        .values({ tenant_id: tenant.id, organization_id: tenant.organization_id, document_id: documentId, tenant_requirement_id: id, confidence: 0.9, excerpt: 'Access is reviewed quarterly.' })
        .onConflict((oc) => oc.columns(['document_id', 'tenant_requirement_id']).doNothing())
        .execute();
    }
  });
}

const evidenceCount = async (requirementId: string) => (await api(t.app, editor, 'GET', `/api/requirements/${requirementId}`)).json().evidence_count as number;
const listed = async (id: string) => (await api(t.app, editor, 'GET', '/api/evidence/')).json().find((e: { id: string }) => e.id === id);
const auditActions = async () => (await api(t.app, editor, 'GET', '/api/audit-logs/?limit=500')).json();

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['ISO 27001']]);
  const other = await createComplianceOrg(t.handle.db, [['ISO 27001']]);
  tenant = org.tenants[0]!;
  otherTenantId = other.tenants[0]!.id;
  editor = await login(t.app, (await createUser(t.handle.db, { role: 'Admin', manages: [org.id], tenants: org.tenants })).username, PASSWORD);
  viewer = await login(t.app, (await createUser(t.handle.db, { role: 'Viewer', tenants: org.tenants })).username, PASSWORD);
  outsider = await login(t.app, (await createUser(t.handle.db, { role: 'Admin', manages: [other.id], tenants: other.tenants })).username, PASSWORD);
  requirementIds = (await api(t.app, editor, 'GET', '/api/requirements/')).json().slice(0, 3).map((r: { id: string }) => r.id);
});
afterAll(async () => t.close());

describe('evidence expiry', () => {
  it('is set at upload, edited through PATCH, and expired evidence stops counting as support everywhere', async () => {
    const res = await upload(editor, '/api/evidence/upload', 'Access rights are reviewed every quarter by the system owner.', { name: 'Access Review Record', document_type: 'Report', expires_on: day(200) });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().document_id as string;
    await linkEvidence(id, requirementIds.slice(0, 2));
    const current = await listed(id);
    expect(current).toMatchObject({ name: 'Access Review Record', expires_on: day(200), expired: false, version_count: 0 });
    const linked = current.requirement_count as number;
    expect(linked).toBeGreaterThanOrEqual(2);
    const before = await evidenceCount(requirementIds[0]!);
    expect(before).toBeGreaterThanOrEqual(1);

    const patched = await api(t.app, editor, 'PATCH', `/api/evidence/${id}`, { name: 'Q3 Access Review', description: 'Signed off', document_type: 'Audit Report', expires_on: day(-3) });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id, name: 'Q3 Access Review', description: 'Signed off', document_type: 'Audit Report', expires_on: day(-3), expired: true, requirement_count: 0 });

    expect(await evidenceCount(requirementIds[0]!)).toBe(before - 1);
    const panel = (await api(t.app, editor, 'GET', `/api/requirements/${requirementIds[0]}/evidence`)).json();
    expect(panel.find((e: { evidence_id: string }) => e.evidence_id === id)).toMatchObject({ expired: true, counts: false, expires_on: day(-3) });
    const dashboard = (await api(t.app, editor, 'GET', '/api/reports/dashboard')).json();
    for (const gap of dashboard.top_gaps.filter((g: { requirement_id: string }) => requirementIds.includes(g.requirement_id))) {
      expect(gap.evidence_count).toBe(await evidenceCount(gap.requirement_id));
    }
    const expiring = (await api(t.app, viewer, 'GET', '/api/evidence/expiring?days=30')).json();
    expect(expiring.evidence).toEqual([expect.objectContaining({ id, expired: true, expires_on: day(-3), linked_requirement_count: linked })]);
    const entry = (await auditActions()).find((e: { action: string }) => e.action === 'update_evidence');
    expect(entry?.details?.message ?? JSON.stringify(entry)).toContain('Q3 Access Review');

    const cleared = await api(t.app, editor, 'PATCH', `/api/evidence/${id}`, { expires_on: null });
    expect(cleared.json()).toMatchObject({ expires_on: null, expired: false, requirement_count: linked, name: 'Q3 Access Review' });
    expect(await evidenceCount(requirementIds[0]!)).toBe(before);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const res = await upload(editor, '/api/evidence/upload', 'Backups are restored and tested every month.', { name: 'Restore Test' });
    const id = res.json().document_id as string;
    expectError(await api(t.app, editor, 'PATCH', `/api/evidence/${id}`, { expires_on: '2026-02-30' }), 400, /real calendar date/);
    expectError(await api(t.app, editor, 'PATCH', `/api/evidence/${id}`, { expires_on: 'next year' }), 400, /YYYY-MM-DD/);
    expectError(await api(t.app, editor, 'PATCH', `/api/evidence/${id}`, { name: '   ' }), 400, /Name cannot be empty/);
    expectError(await api(t.app, editor, 'PATCH', `/api/evidence/${id}`, { document_type: 'Diary' }), 400, /Document type must be one of/);
    expectError(await api(t.app, editor, 'PATCH', `/api/evidence/${id}`, {}), 400, /at least one/);
    expectError(await api(t.app, editor, 'GET', '/api/evidence/expiring?days=0'), 400, /days must be/);
    const bad = await upload(editor, '/api/evidence/upload', 'Laptops are encrypted with full-disk encryption.', { name: 'Encryption', expires_on: '31/12/2030' });
    expectError(bad, 400, /YYYY-MM-DD/);
    expect((await api(t.app, editor, 'GET', '/api/evidence/')).json().some((e: { name: string }) => e.name === 'Encryption')).toBe(false);
    expect(await listed(id)).toMatchObject({ name: 'Restore Test', expires_on: null });
  });

  it('denies other tenants, other organizations and viewers', async () => {
    const res = await upload(editor, '/api/evidence/upload', 'Firewall rules are reviewed twice a year.', { name: 'Firewall Review' });
    const id = res.json().document_id as string;
    expect((await api(t.app, outsider, 'PATCH', `/api/evidence/${id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await api(t.app, outsider, 'PATCH', `/api/evidence/${id}?tenant_id=${tenant.id}`, { name: 'Taken' })).statusCode).toBe(403);
    expect((await api(t.app, outsider, 'GET', `/api/evidence/${id}/versions`)).statusCode).toBe(404);
    expect((await api(t.app, outsider, 'GET', `/api/evidence/expiring?tenant_id=${tenant.id}`)).statusCode).toBe(403);
    expect((await api(t.app, outsider, 'GET', `/api/evidence/expiring?tenant_id=${otherTenantId}`)).json().evidence).toEqual([]);
    expect((await api(t.app, viewer, 'PATCH', `/api/evidence/${id}`, { name: 'Taken' })).statusCode).toBe(403);
    const version = await upload(viewer, `/api/evidence/${id}/versions`, 'A new firewall review.', {});
    expect(version.statusCode).toBe(403);
    expect(await listed(id)).toMatchObject({ name: 'Firewall Review', version_count: 0 });
  });
});

describe('evidence versions', () => {
  it('keeps the old version in the history, moves its links to the new one and deletes the history with it', async () => {
    const first = await upload(editor, '/api/evidence/upload', 'Penetration test of the web application, 2025.', { name: 'Pen Test', document_type: 'Penetration Test', expires_on: day(5) });
    const oldId = first.json().document_id as string;
    await linkEvidence(oldId, requirementIds);

    const second = await upload(editor, `/api/evidence/${oldId}/versions`, 'Penetration test of the web application, 2026 retest.', { expires_on: day(370) });
    expect(second.statusCode, second.body).toBe(200);
    const newId = second.json().document_id as string;

    const list = (await api(t.app, editor, 'GET', '/api/evidence/')).json();
    expect(list.some((e: { id: string }) => e.id === oldId)).toBe(false);
    expect(list.find((e: { id: string }) => e.id === newId)).toMatchObject({ name: 'Pen Test', document_type: 'Penetration Test', expires_on: day(370), expired: false, version_count: 1 });
    for (const requirementId of requirementIds) {
      const supporting = (await api(t.app, editor, 'GET', `/api/requirements/${requirementId}/evidence`)).json();
      expect(supporting.map((e: { evidence_id: string }) => e.evidence_id)).toContain(newId);
      expect(supporting.map((e: { evidence_id: string }) => e.evidence_id)).not.toContain(oldId);
    }
    const versions = (await api(t.app, viewer, 'GET', `/api/evidence/${newId}/versions`)).json();
    expect(versions.map((v: { id: string; current: boolean }) => [v.id, v.current])).toEqual([[newId, true], [oldId, false]]);
    expect(versions[1]).toMatchObject({ filename: 'Pen Test.txt', expires_on: day(5) });
    expect((await api(t.app, viewer, 'GET', `/api/evidence/${oldId}/download`)).body).toContain('2025');
    expectError(await api(t.app, editor, 'PATCH', `/api/evidence/${oldId}`, { name: 'Old' }), 409, /replaced by a newer version/);
    expect((await auditActions()).some((e: { action: string }) => e.action === 'upload_evidence_version')).toBe(true);

    expect((await api(t.app, editor, 'DELETE', `/api/evidence/${newId}`)).statusCode).toBe(200);
    expect((await api(t.app, editor, 'GET', `/api/evidence/${oldId}/download`)).statusCode).toBe(404);
  });
});

describe('the assistant on expiry', () => {
  it('answers which evidence expires in the next 30 days and whether any has expired', async () => {
    const soon = await upload(editor, '/api/evidence/upload', 'ISO 27001 certificate issued to the company.', { name: 'ISO Certificate', document_type: 'Certificate', expires_on: day(12) });
    const gone = await upload(editor, '/api/evidence/upload', 'SOC 2 Type II report for the last period.', { name: 'SOC 2 Report 2024', document_type: 'SOC 2 Report', expires_on: day(-10) });
    expect([soon.statusCode, gone.statusCode]).toEqual([200, 200]);
    const ask = async (question: string) =>
      (await api(t.app, editor, 'POST', `/api/assistant/chat?tenant_id=${tenant.id}`, { messages: [{ role: 'user', content: question }] })).json().response as string;

    const expiring = await ask('Which evidence expires in the next 30 days?');
    expect(expiring).toContain('ISO Certificate');
    expect(expiring).toContain(day(12));
    expect(expiring).toMatch(/SOC 2 Report 2024[^\n]*expired on/);
    const expired = await ask('Is any of our evidence expired?');
    expect(expired).toMatch(/\*\*\d+ evidence documents? expired\*\* and no longer counts? as support/);
    expect(expired).toContain('SOC 2 Report 2024');
    const named = await ask('When does the ISO Certificate evidence expire?');
    expect(named).toContain(`expires on **${day(12)}**`);
  });
});
