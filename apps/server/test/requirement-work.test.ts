import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type Session, api, createTestApp, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { addContractObligation, createComplianceOrg } from './helpers/compliance-fixtures';
import { auditEntriesOf, probe } from './helpers/db-probe';
import { createDocument } from './helpers/matrix-world';

interface Req {
  id: string;
  display_id: string;
  source_type: string;
  compliance_status: string;
  owner_id: string | null;
  owner_name: string | null;
  due_date: string | null;
  overdue: boolean;
}

let t: TestApp;
let tenant: { id: string; organization_id: string };
let otherTenant: { id: string; organization_id: string };
let editor: Session;
let editorName: string;
let colleague: Session;
let viewer: Session;
let outsider: Session;
let reqs: Req[];

const list = async (who: Session, query = '') => {
  const res = await api(t.app, who, 'GET', `/api/requirements/?tenant_id=${tenant.id}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Req[];
};
const patch = (who: Session, id: string, body: Record<string, unknown>) => api(t.app, who, 'PATCH', `/api/requirements/${id}/response?tenant_id=${tenant.id}`, body);
const assign = (who: Session, body: Record<string, unknown>, tenantId = tenant.id) => api(t.app, who, 'POST', `/api/requirements/assign?tenant_id=${tenantId}`, body);

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['HIPAA']]);
  const other = await createComplianceOrg(t.handle.db, [['HIPAA']]);
  tenant = org.tenants[0]!;
  otherTenant = other.tenants[0]!;
  const e = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: [tenant] });
  const c = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: [tenant] });
  const v = await createUser(t.handle.db, { role: 'Viewer', memberOf: [org.id], tenants: [tenant] });
  const o = await createUser(t.handle.db, { role: 'Admin', memberOf: [other.id], tenants: other.tenants });
  editorName = e.username;
  editor = await login(t.app, e.username, PASSWORD);
  colleague = await login(t.app, c.username, PASSWORD);
  viewer = await login(t.app, v.username, PASSWORD);
  outsider = await login(t.app, o.username, PASSWORD);
  reqs = await list(editor);
});
afterAll(async () => t.close());

describe('due dates through PATCH /api/requirements/{id}/response', () => {
  it('sets a past due date with an owner: the requirement is overdue until it is Compliant', async () => {
    const req = reqs[0]!;
    const res = await patch(editor, req.id, { owner_id: editor.userId, due_date: '2020-01-31' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ due_date: '2020-01-31', overdue: true, owner_id: editor.userId });
    const audit = (await auditEntriesOf(t.handle.db, editorName)).filter((a) => a.action === 'update_requirement_response');
    expect(audit.at(-1)!.details).toMatchObject({ requirement_id: req.id, changes: { due_date: { from: null, to: '2020-01-31' } } });

    const done = await patch(editor, req.id, { compliance_status: 'Compliant' });
    expect(done.json()).toMatchObject({ due_date: '2020-01-31', overdue: false });
    const na = await patch(editor, req.id, { compliance_status: 'Not Applicable' });
    expect(na.json().overdue).toBe(false);
    const reopened = await patch(editor, req.id, { compliance_status: 'In Progress' });
    expect(reopened.json().overdue).toBe(true);
  });

  it('a future due date is not overdue, and null clears it', async () => {
    const req = reqs[1]!;
    const future = await patch(editor, req.id, { due_date: '2999-12-31' });
    expect(future.json()).toMatchObject({ due_date: '2999-12-31', overdue: false });
    const cleared = await patch(editor, req.id, { due_date: null });
    expect(cleared.json()).toMatchObject({ due_date: null, overdue: false });
  });

  it('refuses a malformed or impossible date with a 400 that says why, and a Viewer with a 403', async () => {
    for (const due_date of ['tomorrow', '2026-02-30', '31/01/2026', 20260131]) {
      const res = await patch(editor, reqs[2]!.id, { due_date });
      expect(res.statusCode, String(due_date)).toBe(400);
      expect(res.json().detail).toMatch(/due_date/);
    }
    expect((await patch(viewer, reqs[2]!.id, { due_date: '2020-01-01' })).statusCode).toBe(403);
    const cross = await api(t.app, outsider, 'PATCH', `/api/requirements/${reqs[2]!.id}/response?tenant_id=${otherTenant.id}`, { due_date: '2020-01-01' });
    expect(cross.statusCode).toBe(404);
    const row = await probe(t.handle.db, (tx) => tx.selectFrom('tenant_requirements').select('due_date').where('id', '=', reqs[2]!.id).executeTakeFirstOrThrow());
    expect(row.due_date).toBeNull();
  });
});

describe('GET /api/requirements/ filters: owner, status, overdue', () => {
  it('owner=me and owner=<id> list what each person owns; status and overdue narrow it', async () => {
    const [a, b, c] = [reqs[3]!, reqs[4]!, reqs[5]!];
    await patch(colleague, a.id, { owner_id: colleague.userId, due_date: '2021-06-01', compliance_status: 'In Progress' });
    await patch(colleague, b.id, { owner_id: colleague.userId, due_date: '2999-01-01' });
    await patch(colleague, c.id, { owner_id: colleague.userId, due_date: '2021-06-01', compliance_status: 'Compliant' });

    const mine = await list(colleague, '&owner=me');
    expect(mine.map((r) => r.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(mine.every((r) => r.owner_id === colleague.userId)).toBe(true);
    expect((await list(editor, `&owner=${colleague.userId}`)).map((r) => r.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await list(editor, '&owner=me')).every((r) => r.owner_id === editor.userId)).toBe(true);

    const overdue = await list(colleague, '&owner=me&overdue=true');
    expect(overdue.map((r) => r.id)).toEqual([a.id]);
    expect((await list(colleague, '&owner=me&overdue=false')).length).toBe(3);
    expect((await list(colleague, `&owner=me&status=${encodeURIComponent('In Progress,Compliant')}`)).map((r) => r.id).sort()).toEqual([a.id, c.id].sort());
    const notStarted = await list(editor, `&status=${encodeURIComponent('Not Started')}`);
    expect(notStarted.length).toBeGreaterThan(0);
    expect(notStarted.every((r) => r.compliance_status === 'Not Started')).toBe(true);
    expect((await list(editor, '&overdue=true')).every((r) => r.overdue)).toBe(true);
  });

  it('answers bad filter values with a 400 and a clear message', async () => {
    const cases: [string, RegExp][] = [
      ['owner=bob', /owner must be a user id or "me"/],
      ['status=Done', /Unknown status "Done"/],
      ['overdue=yes', /overdue must be true or false/],
    ];
    for (const [query, message] of cases) {
      const res = await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenant.id}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail).toMatch(message);
    }
  });

  it("never lists another tenant's work", async () => {
    expect((await api(t.app, outsider, 'GET', `/api/requirements/?tenant_id=${tenant.id}&owner=me`)).statusCode).toBe(403);
  });
});

describe('POST /api/requirements/assign', () => {
  it('gives several requirements one owner and due date, with one audit entry each', async () => {
    const ids = [reqs[6]!.id, reqs[7]!.id, reqs[8]!.id];
    const res = await assign(editor, { requirement_ids: ids, owner_id: colleague.userId, due_date: '2022-03-15' });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toBe(3);
    const listed = res.json().requirements as Req[];
    expect(listed.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(listed.every((r) => r.owner_id === colleague.userId && r.due_date === '2022-03-15' && r.overdue)).toBe(true);
    const audit = (await auditEntriesOf(t.handle.db, editorName)).filter((a) => JSON.stringify(a.details).includes('"bulk":true'));
    expect(audit.map((a) => (a.details as { requirement_id: string }).requirement_id).sort()).toEqual([...ids].sort());
    expect(audit.every((a) => a.tenant_id === tenant.id)).toBe(true);

    const dateOnly = await assign(editor, { requirement_ids: [ids[0]], due_date: null });
    expect(dateOnly.json().requirements[0]).toMatchObject({ owner_id: colleague.userId, due_date: null, overdue: false });
    const again = await assign(editor, { requirement_ids: [ids[0]], due_date: null });
    expect(again.json().updated).toBe(0);
  });

  it('refuses bad input, a Viewer, an owner without access and any id of another tenant, writing nothing', async () => {
    const id = reqs[9]!.id;
    for (const body of [{ requirement_ids: [], owner_id: editor.userId }, { requirement_ids: [id] }, { requirement_ids: ['x'], due_date: '2020-01-01' }, { requirement_ids: [id], due_date: '2020-13-01' }]) {
      const res = await assign(editor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }
    expect((await assign(viewer, { requirement_ids: [id], due_date: '2020-01-01' })).statusCode).toBe(403);
    expect((await assign(editor, { requirement_ids: [id], owner_id: outsider.userId })).statusCode).toBe(400);
    const foreign = await probe(t.handle.db, (tx) => tx.selectFrom('tenant_requirements').select('id').where('tenant_id', '=', otherTenant.id).limit(1).executeTakeFirstOrThrow());
    const mixed = await assign(editor, { requirement_ids: [id, foreign.id], due_date: '2020-01-01' });
    expect(mixed.statusCode).toBe(404);
    expect((await assign(outsider, { requirement_ids: [id], due_date: '2020-01-01' }, otherTenant.id)).statusCode).toBe(404);
    expect((await assign(outsider, { requirement_ids: [id], due_date: '2020-01-01' })).statusCode).toBe(403);
    const rows = await probe(t.handle.db, (tx) => tx.selectFrom('tenant_requirements').select(['id', 'due_date', 'owner_user_id']).where('id', 'in', [id, foreign.id]).execute());
    expect(rows.every((r) => r.due_date === null && r.owner_user_id === null)).toBe(true);
  });
});

describe('one display id per requirement', () => {
  it('a contract requirement shows the same id in the list, its evidence links and its contract obligations', async () => {
    const first = await addContractObligation(t.handle.db, tenant, { contract: 'MSA', clause: '4.1', text: 'The supplier shall review access rights quarterly.', domainNumber: 3 });
    const second = await addContractObligation(t.handle.db, tenant, { contract: 'DPA', clause: '7', text: 'The supplier shall rotate privileged credentials.', domainNumber: 3 });
    const evidence = await createDocument(t.handle.db, tenant, 'evidence');
    await probe(t.handle.db, (tx) =>
      tx.insertInto('evidence_links').values([first, second].map((c) => ({ tenant_id: tenant.id, organization_id: tenant.organization_id, document_id: evidence, tenant_requirement_id: c.requirementId, confidence: 0.8, excerpt: 'Reviewed.' }))).execute(),
    );
    const listed = await list(editor, '&domains=3');
    const ids = [first, second].map((c) => listed.find((r) => r.id === c.requirementId)!.display_id);
    expect(ids[0]).toMatch(/^3\.\d+$/);
    expect(ids[1]).not.toBe(ids[0]);
    const one = (await api(t.app, editor, 'GET', `/api/requirements/${second.requirementId}?tenant_id=${tenant.id}`)).json();
    expect(one.display_id).toBe(ids[1]);
    const links = (await api(t.app, editor, 'GET', `/api/evidence/${evidence}/links?tenant_id=${tenant.id}`)).json().links as { requirement_id: string; display_id: string }[];
    expect(links.find((l) => l.requirement_id === first.requirementId)!.display_id).toBe(ids[0]);
    expect(links.find((l) => l.requirement_id === second.requirementId)!.display_id).toBe(ids[1]);
    const obligations = (await api(t.app, editor, 'GET', `/api/contracts/${second.documentId}/obligations?tenant_id=${tenant.id}`)).json() as { display_id: string | null }[];
    expect(obligations[0]!.display_id).toBe(ids[1]);
  });
});
