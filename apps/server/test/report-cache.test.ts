import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { catalogRequirements, frameworksOf } from '@compliance/catalog/catalog';
import { connectDatabase } from '@compliance/db/connect';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import type { Actor } from '@compliance/domain/access/actor';
import { MAX_KEPT, REPORT_CACHE_MS, ReportCache, TENANT_CHANGED_CHANNEL } from '@compliance/domain/reports/report-cache';
import { getOrganizationRollup } from '@compliance/domain/reports/rollup-service';
import { narrowToOrgManager } from '@compliance/domain/access/scopes';
import { getDashboard } from '@compliance/domain/reports/dashboard-service';
import { createComplianceOrg, setStatuses } from './helpers/compliance-fixtures';
import { PASSWORD, actorFor, createUser } from './helpers/factories';
import { type Session, type TestApp, api, createTestApp, login } from './helpers/test-app';

/**
 * Dashboards and roll-ups are kept per report, person, scope and parameters, and dropped when the database
 * announces a change to what they show (migration 0019's triggers, from any connection) or when this
 * server answers a state-changing request. The cache never stands in for the check of who may see a
 * tenant or an organization.
 */
let t: TestApp;
let orgId: string;
let t1: string;
let t2: string;
let editor: Session;
let viewer: Session;
let outsider: Session;
let manager: Session;
let managerActor: Actor;
let editorActor: Actor;
let viewerActor: Actor;
const hipaa = catalogRequirements.filter((r) => frameworksOf(r).includes('HIPAA'));

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['HIPAA']]);
  const other = await createComplianceOrg(t.handle.db, [['HIPAA']]);
  orgId = org.id;
  [t1, t2] = [org.tenants[0]!.id, org.tenants[1]!.id];
  const e = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: org.tenants });
  const v = await createUser(t.handle.db, { role: 'Viewer', memberOf: [org.id], tenants: [org.tenants[0]!] });
  const o = await createUser(t.handle.db, { role: 'Admin', manages: [other.id], tenants: other.tenants });
  const m = await createUser(t.handle.db, { role: 'Viewer', manages: [org.id] });
  manager = await login(t.app, m.username, PASSWORD);
  managerActor = await actorFor(t.handle.db, m.id);
  editor = await login(t.app, e.username, PASSWORD);
  viewer = await login(t.app, v.username, PASSWORD);
  outsider = await login(t.app, o.username, PASSWORD);
  editorActor = await actorFor(t.handle.db, e.id);
  viewerActor = await actorFor(t.handle.db, v.id);
});
afterAll(async () => t.close());

/** A cache on the test app's database, and how many times it went to the database. */
function countingCache(listen = t.handle.listen, now?: () => number) {
  const cache = new ReportCache(listen, now);
  let loads = 0;
  const read = (tenantId: string, frameworks?: string[]) =>
    cache.read({ report: 'dashboard', userId: editorActor.caller.user.id, scope: { tenantId }, params: frameworks }, () => {
      loads += 1;
      return getDashboard(t.handle.db, editorActor, tenantId, { tenant_id: tenantId, frameworks });
    });
  const rollup = () =>
    cache.read({ report: 'rollup', userId: managerActor.caller.user.id, scope: { organizationId: orgId } }, () => {
      loads += 1;
      return getOrganizationRollup(t.handle.db, narrowToOrgManager(managerActor, orgId, 'managers only'));
    });
  return { cache, read, rollup, loads: () => loads };
}

/** Until the cache hears the database, it keeps nothing: reads until one is kept. */
async function untilKept(read: () => Promise<unknown>, cache: ReportCache) {
  await vi.waitFor(async () => {
    await read();
    expect(cache.size).toBeGreaterThan(0);
  });
}

const statusOf = (tenantId: string, key: string) =>
  withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.selectFrom('tenant_requirements').select('id').where('tenant_id', '=', tenantId).where('catalog_key', '=', key).executeTakeFirstOrThrow());

describe('the report cache', () => {
  it('answers again from memory, and reads again once another connection changes the tenant', async () => {
    const { cache, read, loads } = countingCache();
    await untilKept(() => read(t1), cache);
    const before = loads();
    const first = await read(t1);
    expect(loads()).toBe(before);
    // Another process (a worker, the command line) changes a status: the trigger announces the tenant.
    await setStatuses(t.handle.db, t1, { [hipaa[0]!.key]: first.metrics.compliant > 0 ? 'Not Started' : 'Compliant' });
    await vi.waitFor(() => expect(cache.size).toBe(0));
    const after = await read(t1);
    expect(loads()).toBe(before + 1);
    expect(after.metrics.compliant).not.toBe(first.metrics.compliant);
  });

  it("drops only the changed tenant's answers, and all of them when the catalog changes", async () => {
    const { cache, read, rollup, loads } = countingCache();
    await untilKept(() => read(t1), cache);
    await read(t2);
    await read(t1, ['HIPAA']);
    const summedBefore = await rollup();
    expect(cache.size).toBe(4);
    // Tenant 2's change drops its dashboard and its organization's roll-up.
    const compliantIn = (summed: typeof summedBefore) => summed.tenant_snapshots.find((snapshot) => snapshot.tenant_id === t2)!.compliant;
    await setStatuses(t.handle.db, t2, { [hipaa[1]!.key]: compliantIn(summedBefore) > 0 ? 'Not Started' : 'Compliant' });
    await vi.waitFor(() => expect(cache.size).toBe(2));
    const kept = loads();
    await read(t1);
    await read(t1, ['HIPAA']);
    expect(loads()).toBe(kept);
    const summed = await rollup();
    expect(loads()).toBe(kept + 1);
    expect(compliantIn(summed)).not.toBe(compliantIn(summedBefore));
    // The organization's own row (its name) drops its roll-up, and leaves its tenants' dashboards.
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('organizations').set({ name: `Renamed ${randomBytes(3).toString('hex')}` }).where('id', '=', orgId).execute());
    await vi.waitFor(() => expect(cache.size).toBe(2));
    await read(t1);
    expect(loads()).toBe(kept + 1);
    // The catalog, which every tenant reads, drops every answer.
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('catalog_requirements').set((eb) => ({ text: eb.ref('text') })).where('key', '=', hipaa[0]!.key).execute());
    await vi.waitFor(() => expect(cache.size).toBe(0));
  });

  it('is told of every table the reports read, once per tenant per transaction, and of nothing else', async () => {
    const heard: string[] = [];
    const [one, two] = [`${t1} ${orgId}`, `${t2} ${orgId}`];
    // Other suites share the database: only this file's tenants are followed.
    const stop = await t.handle.listen(TENANT_CHANGED_CHANNEL, { message: (payload) => [one, two, ` ${orgId}`, '*'].includes(payload) && heard.push(payload), resumed: () => undefined });
    /** What was heard up to a marker: a change of tenant 2 nothing else makes, so once it is heard, all before it has been. */
    const heardUntilMarker = async () => {
      await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('tenants').set({ name: `Marker ${randomBytes(3).toString('hex')}` }).where('id', '=', t2).execute());
      await vi.waitFor(() => expect(heard.at(-1)).toBe(two));
      const before = heard.slice(0, -1);
      heard.length = 0;
      return before;
    };
    try {
      await heardUntilMarker();
      // Documents and evidence links, added, changed and removed in one transaction: one announcement.
      await withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
        const doc = await tx
          .insertInto('documents')
          .values({ tenant_id: t1, organization_id: orgId, kind: 'evidence', name: 'Backup report', filename: 'backup.txt', file_kind: 'txt', content_type: 'text/plain', size_bytes: 10, sha256: randomBytes(32).toString('hex'), description: null, document_type: null, suggested_document_type: null, error: null, analysis_provider: null, analysis_model: null, analyzed_at: null, uploaded_by: null, provider_name: null, customer_name: null, duplicate_of: null, approved_by: null, approved_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const requirement = await tx.selectFrom('tenant_requirements').select('id').where('tenant_id', '=', t1).limit(1).executeTakeFirstOrThrow();
        await tx.insertInto('evidence_links').values({ tenant_id: t1, organization_id: orgId, document_id: doc.id, tenant_requirement_id: requirement.id, confidence: 0.9, excerpt: 'Nightly backups', reviewed_by: null, reviewed_at: null }).execute();
        await tx.updateTable('evidence_links').set({ review_state: 'accepted' }).where('document_id', '=', doc.id).execute();
        await tx.deleteFrom('evidence_links').where('document_id', '=', doc.id).execute();
        await tx.deleteFrom('documents').where('id', '=', doc.id).execute();
      });
      expect(await heardUntilMarker()).toEqual([one]);
      // Requirements (and so the contract counts kept from them).
      await setStatuses(t.handle.db, t1, { [hipaa[2]!.key]: 'In Progress' });
      expect(await heardUntilMarker()).toEqual([one]);
      // The organization's own row, without a tenant.
      await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('organizations').set({ name: `Org ${randomBytes(3).toString('hex')}` }).where('id', '=', orgId).execute());
      expect(await heardUntilMarker()).toEqual([` ${orgId}`]);
      // The catalog, which every tenant reads, announces '*'; a statement that changes no row announces nothing.
      await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('catalog_requirements').set({ text: 'unchanged' }).where('key', '=', 'no such key').execute());
      expect(await heardUntilMarker()).toEqual([]);
      await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('catalog_requirements').set((eb) => ({ text: eb.ref('text') })).where('key', '=', hipaa[0]!.key).execute());
      expect(await heardUntilMarker()).toEqual(['*']);
      // A table no report reads announces nothing.
      await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('users').set({ full_name: `Name ${randomBytes(3).toString('hex')}` }).where('id', '=', editorActor.caller.user.id).execute());
      expect(await heardUntilMarker()).toEqual([]);
    } finally {
      await stop();
    }
  });

  it("keeps each person's answer apart: one person's kept answer is not handed to another", async () => {
    const { cache, read } = countingCache();
    await untilKept(() => read(t1), cache);
    let viewerLoads = 0;
    const seen = await cache.read({ report: 'dashboard', userId: viewerActor.caller.user.id, scope: { tenantId: t1 } }, () => {
      viewerLoads += 1;
      return getDashboard(t.handle.db, viewerActor, t1, { tenant_id: t1, frameworks: undefined });
    });
    expect(viewerLoads).toBe(1);
    expect(seen.tenant_id).toBe(t1);
  });

  it('keeps at most MAX_KEPT answers of each report, dropping the least recently used', async () => {
    const { cache, read, loads: dashboardLoads } = countingCache();
    await untilKept(() => read(t1), cache);
    let rollupLoads = 0;
    const rollupOf = (userId: string) =>
      cache.read({ report: 'rollup', userId, scope: { organizationId: orgId } }, async () => {
        rollupLoads += 1;
        return { userId };
      });
    for (let i = 0; i <= MAX_KEPT.rollup; i += 1) await rollupOf(`person ${i}`);
    expect(cache.size).toBe(MAX_KEPT.rollup + 1);
    expect(rollupLoads).toBe(MAX_KEPT.rollup + 1);
    // The second is used again, so the third is now the least recently used: the next new one pushes it out.
    await rollupOf('person 1');
    await rollupOf('person new');
    expect(rollupLoads).toBe(MAX_KEPT.rollup + 2);
    await rollupOf('person 1');
    expect(rollupLoads).toBe(MAX_KEPT.rollup + 2);
    await rollupOf('person 2');
    expect(rollupLoads).toBe(MAX_KEPT.rollup + 3);
    // The dashboard kept first is still there: each report has its own limit.
    const before = dashboardLoads();
    await read(t1);
    expect(dashboardLoads()).toBe(before);
  });

  it('keeps nothing longer than its lifetime, nor past the day it was read on', async () => {
    let clock = Date.UTC(2026, 10, 28, 23, 59, 0);
    const { cache, read, loads } = countingCache(t.handle.listen, () => clock);
    await untilKept(() => read(t1), cache);
    const kept = loads();
    clock += REPORT_CACHE_MS - 1_000;
    await read(t1);
    expect(loads()).toBe(kept);
    clock += 2_000;
    await read(t1);
    expect(loads()).toBe(kept + 1);
    // Evidence expires by date: a new day reads again.
    clock = Date.UTC(2026, 10, 28, 23, 59, 59);
    await read(t1);
    const beforeMidnight = loads();
    clock = Date.UTC(2026, 10, 29, 0, 0, 1);
    await read(t1);
    expect(loads()).toBe(beforeMidnight + 1);
  });

  it.runIf(inject('databaseUrl'))('keeps nothing while it cannot hear the database, and drops everything when it hears again', async () => {
    const url = new URL(inject('databaseUrl')!);
    const name = `cp_dashboards_${randomBytes(4).toString('hex')}`;
    url.searchParams.set('application_name', name);
    const own = await connectDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      const { cache, read, loads } = countingCache(own.listen);
      await untilKept(() => read(t1), cache);
      const ended = await sql<{ pid: number }>`SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE application_name = ${name} AND query LIKE 'LISTEN%'`.execute(t.handle.db);
      expect(ended.rows).toHaveLength(1);
      // Lost: what was kept is dropped at once, before any change could be missed.
      await vi.waitFor(() => expect(cache.size).toBe(0));
      // A change made while nobody listens is read once listening is back (everything was dropped then).
      const current = await read(t1);
      await setStatuses(t.handle.db, t1, { [hipaa[3]!.key]: current.metrics.in_progress > 0 ? 'Compliant' : 'In Progress' });
      const expected = (await getDashboard(t.handle.db, editorActor, t1, { tenant_id: t1, frameworks: undefined })).metrics;
      await untilKept(() => read(t1), cache);
      const loaded = loads();
      expect((await read(t1)).metrics).toEqual(expected);
      expect(loads()).toBe(loaded);
    } finally {
      await own.close();
    }
  });
});

describe('reports through the cache', () => {
  it("shows the caller's own change on the next read, without waiting for the announcement", async () => {
    const path = `/api/reports/dashboard?tenant_id=${t1}`;
    await vi.waitFor(async () => {
      await api(t.app, editor, 'GET', path);
      expect(t.reports.size).toBeGreaterThan(0);
    });
    const before = (await api(t.app, editor, 'GET', path)).json();
    const { id } = await statusOf(t1, hipaa[5]!.key);
    const patch = await api(t.app, editor, 'PATCH', `/api/requirements/${id}/response?tenant_id=${t1}`, { compliance_status: 'Compliant' });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(t.reports.size).toBe(0);
    const after = (await api(t.app, editor, 'GET', path)).json();
    expect(after.metrics.compliant).toBe(before.metrics.compliant + 1);
  });

  it("never answers another organization's person, nor a person outside the tenant, from what it keeps", async () => {
    const path = `/api/reports/dashboard?tenant_id=${t1}`;
    await vi.waitFor(async () => {
      await api(t.app, editor, 'GET', path);
      expect(t.reports.size).toBeGreaterThan(0);
    });
    expect((await api(t.app, outsider, 'GET', path)).statusCode).toBe(403);
    expect((await api(t.app, viewer, 'GET', `/api/reports/dashboard?tenant_id=${t2}`)).statusCode).toBe(403);
    const seenByViewer = await api(t.app, viewer, 'GET', path);
    expect(seenByViewer.statusCode).toBe(200);
    expect(seenByViewer.json().tenant_id).toBe(t1);
  });

  it("keeps the roll-up until any of the organization's tenants changes, and refuses others as before", async () => {
    const path = `/api/organizations/${orgId}/rollup`;
    await vi.waitFor(async () => {
      await api(t.app, manager, 'GET', path);
      expect(t.reports.size).toBeGreaterThan(0);
    });
    const before = (await api(t.app, manager, 'GET', path)).json();
    expect((await api(t.app, editor, 'GET', path)).statusCode).toBe(403);
    expect((await api(t.app, outsider, 'GET', path)).statusCode).toBe(404);
    // A tenant deactivated on another connection leaves the roll-up once the announcement arrives.
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('tenants').set({ is_active: false }).where('id', '=', t2).execute());
    try {
      await vi.waitFor(async () => expect((await api(t.app, manager, 'GET', path)).json().metrics.total_tenants).toBe(before.metrics.total_tenants - 1));
    } finally {
      await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('tenants').set({ is_active: true }).where('id', '=', t2).execute());
    }
  });
});
