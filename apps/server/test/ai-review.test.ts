import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob, waitForJob } from '@compliance/domain/jobs/job-service';
import { type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { PASSWORD, actorFor, createUser } from './helpers/factories';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { multipartBody } from './helpers/multipart';
import { probe } from './helpers/db-probe';

/**
 * Review of what the AI proposed, over REST: an Editor accepts or rejects evidence links and contract
 * obligations, the decisions survive re-analysis, rejected links stop counting as support, and a policy
 * saved from the generator supports nothing until an Admin approves it.
 */
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/documents/fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

let t: TestApp;
let tenant: { id: string; organization_id: string };
let policyTenant: { id: string; organization_id: string };
let editor: Session;
let viewer: Session;
let admin: Session;
let outsider: Session;
let editorId: string;

type Link = { id: string; requirement_id: string; state: string; reviewed_by_name: string | null; reviewed_at: string | null };
type Obligation = { id: string; text: string; state: string; reviewed_at: string | null };

function upload(session: Session, url: string, file: { filename: string; content: Buffer }, fields: Record<string, string> = {}) {
  const body = multipartBody(file, fields);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType, cookie: session.cookie, 'x-csrf-token': session.csrf } });
}

const links = async (evidenceId: string, tenantId = tenant.id) => (await api(t.app, editor, 'GET', `/api/evidence/${evidenceId}/links?tenant_id=${tenantId}`)).json().links as Link[];
const evidenceCount = async (requirementId: string, tenantId = tenant.id) =>
  (await api(t.app, viewer, 'GET', `/api/requirements/${requirementId}?tenant_id=${tenantId}`)).json().evidence_count as number;
const auditOf = (action: string, key: string, value: string) =>
  probe(t.handle.db, (tx) =>
    tx.selectFrom('audit_logs').select(['username', 'details', 'timestamp']).where('action', '=', action).where(({ ref }) => ref('details', '->>').key(key as never), '=', value).execute(),
  );

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['ISO 27001', 'HIPAA'], ['HIPAA', 'NIST 800-53 rev 5']]);
  const other = await createComplianceOrg(t.handle.db, [['ISO 27001']]);
  [tenant, policyTenant] = [org.tenants[0]!, org.tenants[1]!];
  const e = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: org.tenants });
  editorId = e.id;
  editor = await login(t.app, e.username, PASSWORD);
  viewer = await login(t.app, (await createUser(t.handle.db, { role: 'Viewer', memberOf: [org.id], tenants: org.tenants })).username, PASSWORD);
  admin = await login(t.app, (await createUser(t.handle.db, { role: 'Admin', memberOf: [org.id], tenants: org.tenants })).username, PASSWORD);
  outsider = await login(t.app, (await createUser(t.handle.db, { role: 'Admin', manages: [other.id], tenants: other.tenants })).username, PASSWORD);
});
afterAll(async () => t.close());

describe('evidence links', { timeout: 150_000 }, () => {
  let evidenceId: string;
  let rejected: Link;
  let accepted: Link;

  it('are suggested after analysis; a Viewer, another organization and bad input change nothing', async () => {
    const res = await upload(editor, `/api/evidence/upload?tenant_id=${tenant.id}`, { filename: 'policy.pdf', content: fixture('policy-20-pages.pdf') }, { document_type: 'Policy' });
    expect(res.statusCode, res.body).toBe(200);
    evidenceId = res.json().document_id;
    const found = await links(evidenceId);
    expect(found.length).toBeGreaterThanOrEqual(2);
    for (const link of found) expect(link).toMatchObject({ id: expect.any(String), state: 'suggested', reviewed_by_name: null, reviewed_at: null });
    [rejected, accepted] = [found[0]!, found[1]!];

    const url = `/api/evidence/${evidenceId}/links/${rejected.id}?tenant_id=${tenant.id}`;
    expectError(await api(t.app, viewer, 'PATCH', url, { state: 'rejected' }), 403);
    expectError(await api(t.app, outsider, 'PATCH', url, { state: 'rejected' }), 403);
    expectError(await api(t.app, outsider, 'PATCH', `/api/evidence/${evidenceId}/links/${rejected.id}`, { state: 'rejected' }), 404);
    expectError(await api(t.app, editor, 'PATCH', url, { state: 'maybe' }), 400, /State must be one of: suggested, accepted, rejected/);
    expectError(await api(t.app, editor, 'PATCH', url, {}), 400);
    expectError(await api(t.app, editor, 'PATCH', `/api/evidence/${evidenceId}/links/not-an-id?tenant_id=${tenant.id}`, { state: 'accepted' }), 400);
    expectError(await api(t.app, editor, 'PATCH', `/api/evidence/${evidenceId}/links/${crypto.randomUUID()}?tenant_id=${tenant.id}`, { state: 'accepted' }), 404, 'Evidence link not found');
    expect((await links(evidenceId)).every((l) => l.state === 'suggested')).toBe(true);
  });

  it('an Editor rejects one and accepts another; the rejected one stops counting as support; both are audited', async () => {
    const before = await evidenceCount(rejected.requirement_id);
    const res = await api(t.app, editor, 'PATCH', `/api/evidence/${evidenceId}/links/${rejected.id}?tenant_id=${tenant.id}`, { state: 'rejected' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: rejected.id, state: 'rejected', reviewed_by_name: expect.any(String), reviewed_at: expect.any(String) });
    expect(await evidenceCount(rejected.requirement_id)).toBe(before - 1);
    const supporting = (await api(t.app, viewer, 'GET', `/api/requirements/${rejected.requirement_id}/evidence?tenant_id=${tenant.id}`)).json();
    expect(supporting.find((e: { link_id: string }) => e.link_id === rejected.id)).toMatchObject({ state: 'rejected' });

    expect((await api(t.app, editor, 'PATCH', `/api/evidence/${evidenceId}/links/${accepted.id}?tenant_id=${tenant.id}`, { state: 'accepted' })).statusCode).toBe(200);
    const audit = await auditOf('review_evidence_link', 'link_id', rejected.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ state: 'rejected', previous_state: 'suggested', document_id: evidenceId });
    expect((await auditOf('review_evidence_link', 'link_id', accepted.id))[0]!.details).toMatchObject({ state: 'accepted' });
  });

  it('re-analysis keeps the rejected link rejected and the accepted one as it was', async () => {
    const decided = await links(evidenceId);
    const res = await api(t.app, editor, 'POST', `/api/evidence/${evidenceId}/reanalyze?tenant_id=${tenant.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const after = await links(evidenceId);
    expect(after.map((l) => l.requirement_id).sort()).toEqual(decided.map((l) => l.requirement_id).sort());
    expect(after.find((l) => l.requirement_id === rejected.requirement_id)).toMatchObject({ id: rejected.id, state: 'rejected' });
    const keptAccepted = decided.find((l) => l.id === accepted.id)!;
    expect(after.find((l) => l.requirement_id === accepted.requirement_id)).toEqual(keptAccepted);
    expect(after.filter((l) => l.state === 'suggested').length).toBe(after.length - 2);
    expect((await api(t.app, viewer, 'GET', `/api/evidence/?tenant_id=${tenant.id}`)).json().find((e: { id: string }) => e.id === evidenceId).requirement_count).toBe(after.length - 1);
  });

  it('returning a link to suggested clears who decided and makes it count again', async () => {
    const before = await evidenceCount(rejected.requirement_id);
    const res = await api(t.app, editor, 'PATCH', `/api/evidence/${evidenceId}/links/${rejected.id}?tenant_id=${tenant.id}`, { state: 'suggested' });
    expect(res.json()).toMatchObject({ state: 'suggested', reviewed_by_name: null, reviewed_at: null });
    expect(await evidenceCount(rejected.requirement_id)).toBe(before + 1);
  });
});

describe('contract obligations', { timeout: 150_000 }, () => {
  it('an Editor rejects and accepts obligations; a re-analysis of the contract keeps both decisions', async () => {
    const res = await upload(editor, `/api/contracts/upload?tenant_id=${tenant.id}`, { filename: 'msa.pdf', content: fixture('contract.pdf') });
    expect(res.statusCode, res.body).toBe(200);
    const contractId = res.json().document_id as string;
    const list = async () => (await api(t.app, viewer, 'GET', `/api/contracts/${contractId}/obligations?tenant_id=${tenant.id}`)).json() as Obligation[];
    const [first, second] = await list();
    expect(first).toMatchObject({ id: expect.any(String), state: 'suggested' });
    const url = (o: Obligation) => `/api/contracts/${contractId}/obligations/${o.id}?tenant_id=${tenant.id}`;
    expectError(await api(t.app, viewer, 'PATCH', url(first!), { state: 'rejected' }), 403);
    expectError(await api(t.app, editor, 'PATCH', url(first!), { state: 'no' }), 400);
    expectError(await api(t.app, outsider, 'PATCH', `/api/contracts/${contractId}/obligations/${first!.id}`, { state: 'rejected' }), 404);
    expect((await api(t.app, editor, 'PATCH', url(first!), { state: 'rejected' })).json()).toMatchObject({ id: first!.id, state: 'rejected' });
    expect((await api(t.app, editor, 'PATCH', url(second!), { state: 'accepted' })).json()).toMatchObject({ state: 'accepted' });
    expect((await auditOf('review_obligation', 'obligation_id', first!.id))[0]!.details).toMatchObject({ state: 'rejected', document_id: contractId });

    const actor = await actorFor(t.handle.db, editorId);
    const jobId = await probe(t.handle.db, (tx) =>
      createJob(tx, { tenantId: tenant.id, organizationId: tenant.organization_id, name: 'analyze-contract', payload: { documentId: contractId, tenantId: tenant.id }, createdBy: null }),
    );
    await t.queue.enqueue('analyze-contract', jobId);
    expect((await waitForJob(t.handle.db, t.jobChanges, actor.caller, tenant.id, jobId, 60_000)).status).toBe('completed');
    const after = await list();
    expect(after.find((o) => o.text === first!.text)).toMatchObject({ state: 'rejected' });
    expect(after.find((o) => o.text === second!.text)).toMatchObject({ state: 'accepted' });
    expect(after.filter((o) => o.state === 'suggested').length).toBe(after.length - 2);
  });
});

describe('policies saved from the generator', { timeout: 60_000 }, () => {
  it('are drafts that support nothing until an Admin approves them; Editors cannot approve', async () => {
    const generated = await api(t.app, editor, 'POST', `/api/policies/generate?tenant_id=${policyTenant.id}`, { policy_type: 'Access Control Policy', frameworks: [], include_contracts: true });
    expect(generated.statusCode, generated.body).toBe(200);
    const saved = await api(t.app, editor, 'POST', `/api/policies/save-to-evidence?tenant_id=${policyTenant.id}`, { policy_type: 'Access Control Policy', content: generated.json().content });
    expect(saved.statusCode, saved.body).toBe(200);
    const evidence = (await api(t.app, viewer, 'GET', `/api/evidence/?tenant_id=${policyTenant.id}`)).json();
    const policy = evidence.find((e: { name: string }) => e.name === 'Access Control Policy');
    expect(policy).toMatchObject({ approval: 'draft' });
    const [link] = await links(policy.id, policyTenant.id);
    expect(await evidenceCount(link!.requirement_id, policyTenant.id)).toBe(0);

    const approve = (session: Session, tenantId = policyTenant.id) => api(t.app, session, 'POST', `/api/evidence/${policy.id}/approve?tenant_id=${tenantId}`);
    expectError(await approve(editor), 403, 'Only an Admin can approve evidence');
    expectError(await approve(viewer), 403);
    expectError(await approve(outsider), 403);
    expectError(await api(t.app, admin, 'POST', `/api/evidence/${policy.id}/approve?tenant_id=${tenant.id}`), 404, 'Evidence not found');
    expect(await evidenceCount(link!.requirement_id, policyTenant.id)).toBe(0);

    const res = await approve(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: policy.id, approval: 'approved', approved_by_name: expect.any(String), approved_at: expect.any(String) });
    expect(await evidenceCount(link!.requirement_id, policyTenant.id)).toBe(1);
    expect((await approve(admin)).json().message).toMatch(/already approved/);
    expect(await auditOf('approve_evidence', 'document_id', policy.id)).toHaveLength(1);
  });
});
