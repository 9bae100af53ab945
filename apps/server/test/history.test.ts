import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRequirements, frameworksOf } from '@compliance/catalog/catalog';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { backfillHistory, backfillTenantHistory, snapshotAllTenants } from '@compliance/domain/history/history-service';
import { addDays, utcDay } from '@compliance/domain/history/history-arithmetic';
import { type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { createComplianceOrg, setStatuses } from './helpers/compliance-fixtures';

let t: TestApp;
let orgId: string;
let t1: { id: string; organization_id: string };
let t2: { id: string; organization_id: string };
let editor: Session;
let manager: Session;
let outsider: Session;
let editorName: string;
const hipaa = catalogRequirements.filter((r) => frameworksOf(r).includes('HIPAA'));
const [A, B, C] = [hipaa[0]!.key, hipaa[1]!.key, hipaa[2]!.key];
const today = utcDay(new Date());
const noonOf = (daysAgo: number) => new Date(`${addDays(today, -daysAgo)}T12:00:00Z`);

async function rowId(tenantId: string, key: string): Promise<string> {
  return withScope(t.handle.db, SYSTEM_SCOPE, async (tx) =>
    (await tx.selectFrom('tenant_requirements').select('id').where('tenant_id', '=', tenantId).where('catalog_key', '=', key).executeTakeFirstOrThrow()).id,
  );
}

/** An audit entry written in the past, as the requirement editor writes them. */
async function pastStatusChange(tenant: { id: string; organization_id: string }, key: string, from: string, to: string, at: Date) {
  const requirementId = await rowId(tenant.id, key);
  await withScope(t.handle.db, SYSTEM_SCOPE, (tx) =>
    tx
      .insertInto('audit_logs')
      .values({ username: 'history-fixture', action: 'update_requirement_response', timestamp: at, details: JSON.stringify({ message: `status ${from} → ${to}`, requirement_id: requirementId, changes: { status: { from, to } } }), organization_id: tenant.organization_id, tenant_id: tenant.id } as never)
      .execute(),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['HIPAA']]);
  const other = await createComplianceOrg(t.handle.db, [['HIPAA']]);
  orgId = org.id;
  [t1, t2] = [org.tenants[0]!, org.tenants[1]!];
  // The requirements existed ten days ago; today A and B are Compliant and C In Progress.
  await withScope(t.handle.db, SYSTEM_SCOPE, (tx) =>
    tx.updateTable('tenant_requirements').set({ created_at: noonOf(10) } as never).where('organization_id', '=', org.id).execute(),
  );
  await setStatuses(t.handle.db, t1.id, { [A]: 'Compliant', [B]: 'Compliant', [C]: 'In Progress' });
  await pastStatusChange(t1, A, 'Not Started', 'Compliant', noonOf(3));
  await pastStatusChange(t1, B, 'Not Started', 'In Progress', noonOf(3));
  await pastStatusChange(t1, C, 'Not Started', 'In Progress', noonOf(2));
  await pastStatusChange(t1, B, 'In Progress', 'Compliant', noonOf(1));
  const e = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: [t1] });
  const m = await createUser(t.handle.db, { role: 'Viewer', manages: [org.id] });
  const o = await createUser(t.handle.db, { role: 'Admin', manages: [other.id], tenants: other.tenants });
  editorName = e.username;
  editor = await login(t.app, e.username, PASSWORD);
  manager = await login(t.app, m.username, PASSWORD);
  outsider = await login(t.app, o.username, PASSWORD);
});
afterAll(async () => t.close());

describe('history backfill from the audit trail', () => {
  it('reconstructs each day before the history began, once', async () => {
    expect(await backfillTenantHistory(t.handle.db, t1.id)).toBe(4); // three past days and today
    expect(await backfillTenantHistory(t.handle.db, t1.id)).toBe(0);
    const res = await api(t.app, editor, 'GET', `/api/reports/trend?days=5&tenant_id=${t1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const applicable = hipaa.length;
    const point = (compliant: number, inProgress: number) => ({
      compliant,
      in_progress: inProgress,
      not_started: applicable - compliant - inProgress,
      not_applicable: 0,
      compliance_rate: Math.round((compliant / applicable) * 1000) / 10,
    });
    // Four days ago nothing was recorded yet: that day is left out.
    expect(res.json()).toEqual([
      { date: addDays(today, -3), ...point(1, 1) },
      { date: addDays(today, -2), ...point(1, 2) },
      { date: addDays(today, -1), ...point(2, 1) },
      { date: today, ...point(2, 1) },
    ]);
  });

  it('gives every tenant without history its rows, and the periodic snapshot is idempotent per day', async () => {
    await backfillHistory(t.handle.db);
    await snapshotAllTenants(t.handle.db);
    await snapshotAllTenants(t.handle.db);
    const rows = await withScope(t.handle.db, SYSTEM_SCOPE, (tx) =>
      tx.selectFrom('tenant_daily_metrics').select(['tenant_id', 'source']).where('tenant_id', 'in', [t1.id, t2.id]).where('day', '=', today).execute(),
    );
    expect(rows.map((r) => r.tenant_id).sort()).toEqual([t1.id, t2.id].sort());
    expect(rows.every((r) => r.source === 'snapshot')).toBe(true);
  });

  it('keeps the rows of one tenant out of another tenant\'s scope (row-level security)', async () => {
    const seen = await withScope(t.handle.db, { userId: null, all: false, organizationIds: [], tenantIds: [t2.id] }, (tx) =>
      tx.selectFrom('tenant_daily_metrics').select('tenant_id').where('tenant_id', '=', t1.id).execute(),
    );
    expect(seen).toEqual([]);
  });
});

describe('GET /api/reports/trend', () => {
  it("records today's row when a status changes, and today's point matches the dashboard", async () => {
    const id = await rowId(t1.id, hipaa[3]!.key);
    const patch = await api(t.app, editor, 'PATCH', `/api/requirements/${id}/response?tenant_id=${t1.id}`, { compliance_status: 'Compliant' });
    expect(patch.statusCode, patch.body).toBe(200);
    const stored = await withScope(t.handle.db, SYSTEM_SCOPE, (tx) =>
      tx.selectFrom('tenant_daily_metrics').select(['compliant', 'in_progress']).where('tenant_id', '=', t1.id).where('day', '=', today).executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ compliant: 3, in_progress: 1 });
    const trend = (await api(t.app, editor, 'GET', `/api/reports/trend?days=1&tenant_id=${t1.id}`)).json();
    const dashboard = (await api(t.app, editor, 'GET', `/api/reports/dashboard?tenant_id=${t1.id}`)).json();
    expect(trend).toHaveLength(1);
    expect(trend[0]).toEqual({ date: today, compliance_rate: dashboard.metrics.compliance_rate, compliant: 3, in_progress: 1, not_started: dashboard.metrics.not_started, not_applicable: 0 });
  });

  it('refuses bad day counts with a 400 that says why', async () => {
    for (const days of ['0', '367', 'abc', '2.5', '-3']) {
      expectError(await api(t.app, editor, 'GET', `/api/reports/trend?days=${days}&tenant_id=${t1.id}`), 400, /days must be a whole number from 1 to 366/);
      expectError(await api(t.app, editor, 'GET', `/api/reports/activity?days=${days}&tenant_id=${t1.id}`), 400, /days must be a whole number from 1 to 366/);
    }
  });

  it("refuses another tenant's trend and activity", async () => {
    for (const path of ['trend', 'activity']) {
      expect((await api(t.app, editor, 'GET', `/api/reports/${path}?tenant_id=${t2.id}`)).statusCode).toBe(403);
      expect((await api(t.app, outsider, 'GET', `/api/reports/${path}?tenant_id=${t1.id}`)).statusCode).toBe(403);
      expect((await api(t.app, null, 'GET', `/api/reports/${path}?tenant_id=${t1.id}`)).statusCode).toBe(401);
    }
  });
});

describe('GET /api/organizations/{id}/trend', () => {
  it("adds up the organization's tenants per day for its managers", async () => {
    const res = await api(t.app, manager, 'GET', `/api/organizations/${orgId}/trend?days=2`);
    expect(res.statusCode, res.body).toBe(200);
    const points = res.json() as { date: string; compliant: number; in_progress: number }[];
    expect(points.map((p) => p.date)).toEqual([addDays(today, -1), today]);
    // Yesterday only tenant 1 had a row (2 compliant); today both tenants count (3 + 0).
    expect(points[0]).toMatchObject({ compliant: 2, in_progress: 1 });
    expect(points[1]).toMatchObject({ compliant: 3, in_progress: 1 });
  });

  it('carries each tenant over the days it has no row, from its last day before the range, and adds the tenants up day by day', async () => {
    const stored = [
      { day: addDays(today, -8), compliant: 1, in_progress: 0, not_started: 2 },
      { day: addDays(today, -2), compliant: 0, in_progress: 1, not_started: 2 },
    ];
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) =>
      tx
        .insertInto('tenant_daily_metrics')
        .values(stored.map((r) => ({ tenant_id: t2.id, organization_id: orgId, ...r, not_applicable: 0, total: r.compliant + r.in_progress + r.not_started, source: 'snapshot' as const })))
        .onConflict((oc) => oc.columns(['tenant_id', 'day']).doNothing())
        .execute(),
    );
    type Point = { date: string; compliant: number; in_progress: number; not_started: number; not_applicable: number };
    const read = async (path: string) => {
      const res = await api(t.app, manager, 'GET', path);
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json() as Point[]).map((p) => [p.date, p]));
    };
    const org = await read(`/api/organizations/${orgId}/trend?days=5`);
    const first = await read(`/api/reports/trend?days=5&tenant_id=${t1.id}`);
    const second = await read(`/api/reports/trend?days=5&tenant_id=${t2.id}`);
    // The second tenant's day before the range holds for the range's first two days, then its own row.
    expect(second.get(addDays(today, -4))).toMatchObject({ compliant: 1, in_progress: 0, not_started: 2 });
    expect(second.get(addDays(today, -3))).toMatchObject({ compliant: 1, in_progress: 0, not_started: 2 });
    expect(second.get(addDays(today, -1))).toMatchObject({ compliant: 0, in_progress: 1, not_started: 2 });
    expect([...org.keys()]).toEqual([-4, -3, -2, -1, 0].map((n) => addDays(today, n)));
    for (const [date, point] of org) {
      const parts = [first.get(date), second.get(date)].filter((p) => p !== undefined);
      for (const key of ['compliant', 'in_progress', 'not_started', 'not_applicable'] as const) {
        expect(point[key], `${key} on ${date}`).toBe(parts.reduce((n, p) => n + p[key], 0));
      }
    }
  });

  it('refuses members who do not manage it and other organizations', async () => {
    expect((await api(t.app, editor, 'GET', `/api/organizations/${orgId}/trend`)).statusCode).toBe(403);
    expect((await api(t.app, outsider, 'GET', `/api/organizations/${orgId}/trend`)).statusCode).toBe(404);
  });
});

describe('GET /api/reports/activity', () => {
  it('summarises status changes, uploads and decisions with who and when', async () => {
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) =>
      tx
        .insertInto('audit_logs')
        .values([
          { username: 'uploader', action: 'upload_evidence', details: JSON.stringify({ message: 'Uploaded policy.pdf' }), organization_id: orgId, tenant_id: t1.id },
          { username: 'reviewer', action: 'reject_evidence_link', details: JSON.stringify({ message: 'Rejected a link' }), organization_id: orgId, tenant_id: t1.id },
          { username: 'someone', action: 'login', details: '{}', organization_id: orgId, tenant_id: t1.id },
          { username: 'elsewhere', action: 'upload_evidence', details: '{}', organization_id: orgId, tenant_id: t2.id },
        ])
        .execute(),
    );
    const res = await api(t.app, editor, 'GET', `/api/reports/activity?days=7&tenant_id=${t1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    // The fixture's four past changes within the week, the editor's change, the upload and the decision; not the sign-in.
    expect(a).toMatchObject({ total: 7, status_changes: 5, uploads: 1, decisions: 1 });
    expect(a.by_user).toEqual(expect.arrayContaining([{ username: editorName, count: 1 }, { username: 'uploader', count: 1 }, { username: 'reviewer', count: 1 }]));
    const mine = a.entries.find((e: { username: string }) => e.username === editorName);
    expect(mine).toMatchObject({ kind: 'status_change', from_status: 'Not Started', to_status: 'Compliant', action: 'update_requirement_response' });
    expect(Date.parse(mine.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(a.entries.map((e: { username: string }) => e.username)).not.toContain('elsewhere');
    // A day is the last 24 hours: the editor's change, and yesterday noon's fixture change when the test runs before noon.
    const yesterdayNoonWithinADay = noonOf(1).getTime() > Date.now() - 24 * 3_600_000;
    const day = (await api(t.app, editor, 'GET', `/api/reports/activity?days=1&tenant_id=${t1.id}`)).json();
    expect(day.status_changes).toBe(yesterdayNoonWithinADay ? 2 : 1);
  });
});
