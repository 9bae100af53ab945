import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogRequirements, frameworksOf } from '@compliance/catalog/catalog';
import { type TestApp, type Session, api, createTestApp, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { createComplianceOrg, setStatuses } from './helpers/compliance-fixtures';
import { pdfPages } from './helpers/pdf-text';
import type { Requirement } from '@compliance/contracts/requirements';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { rankGaps } from '@compliance/domain/reports/dashboard-service';
import { sql } from 'kysely';

let t: TestApp;
let orgId: string;
let t1: string;
let t2: string;
let manager: Session;
let editor: Session;
let outsider: Session;
const hipaa = catalogRequirements.filter((r) => frameworksOf(r).includes('HIPAA'));
const iso = catalogRequirements.filter((r) => frameworksOf(r).includes('ISO 27001'));
const shared = hipaa.filter((r) => frameworksOf(r).includes('ISO 27001'));

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['ISO 27001']]);
  const other = await createComplianceOrg(t.handle.db, [['HIPAA']]);
  orgId = org.id;
  t1 = org.tenants[0]!.id;
  t2 = org.tenants[1]!.id;
  // Tenant 1: 3 compliant, 1 in progress, 1 not applicable, the rest not started.
  await setStatuses(t.handle.db, t1, {
    [hipaa[0]!.key]: 'Compliant',
    [hipaa[1]!.key]: 'Compliant',
    [hipaa[2]!.key]: 'Compliant',
    [hipaa[3]!.key]: 'In Progress',
    [hipaa[4]!.key]: 'Not Applicable',
  });
  // Tenant 2: the first shared requirement is compliant there, so it affects only tenant 1.
  await setStatuses(t.handle.db, t2, { [shared[0]!.key]: 'Compliant', [shared[1]!.key]: 'In Progress' });
  const m = await createUser(t.handle.db, { role: 'Viewer', manages: [org.id] });
  const e = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: [org.tenants[0]!] });
  const o = await createUser(t.handle.db, { role: 'Admin', manages: [other.id], tenants: other.tenants });
  manager = await login(t.app, m.username, PASSWORD);
  editor = await login(t.app, e.username, PASSWORD);
  outsider = await login(t.app, o.username, PASSWORD);
});
afterAll(async () => t.close());

describe('GET /api/reports/dashboard', () => {
  it('computes the metrics of the tenant from its statuses', async () => {
    const res = await api(t.app, editor, 'GET', `/api/reports/dashboard?tenant_id=${t1}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.metrics).toMatchObject({
      total_requirements: hipaa.length,
      compliant: 3,
      in_progress: 1,
      not_applicable: 1,
      not_started: hipaa.length - 5,
      compliance_rate: Math.round((3 / (hipaa.length - 1)) * 1000) / 10,
    });
    expect(d.framework_breakdown).toHaveLength(1);
    expect(d.framework_breakdown[0]).toMatchObject({ framework: 'HIPAA', total: hipaa.length, compliant: 3 });
    expect(d.domain_breakdown.reduce((n: number, x: { total: number }) => n + x.total, 0)).toBe(hipaa.length);
    expect(d.top_gaps).toHaveLength(10);
    expect(d.top_gaps.every((g: { status: string }) => g.status === 'Not Started' || g.status === 'In Progress')).toBe(true);
    const ranks = d.top_gaps.map((g: { priority: string }) => ({ High: 0, Medium: 1, Low: 2 })[g.priority]);
    expect([...ranks].sort()).toEqual(ranks);
  });

  it('ranks contract requirements among the catalog ones and numbers them as the requirements list does', async () => {
    const org = await createComplianceOrg(t.handle.db, [['HIPAA']]);
    const tenant = org.tenants[0]!.id;
    // High-priority contract requirements in two domains, added one after another (some closed), so they
    // compete with the catalog's High gaps and their numbers depend on the order they were added.
    const added = [1, 3, 1, 3, 1, 3].map((domain, i) => ({
      tenant_id: tenant,
      organization_id: org.id,
      source_type: 'contract' as const,
      text: `Contract duty ${i}`,
      domain_number: domain,
      priority: 'High' as const,
      status: i === 2 ? 'Compliant' : i === 3 ? 'In Progress' : 'Not Started',
      created_at: new Date(Date.UTC(2026, 0, 1 + i)),
    }));
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.insertInto('tenant_requirements').values(added).execute());
    const user = await createUser(t.handle.db, { role: 'Viewer', tenants: org.tenants });
    const viewer = await login(t.app, user.username, PASSWORD);
    const list = (await api(t.app, viewer, 'GET', `/api/requirements/?tenant_id=${tenant}`)).json() as Requirement[];
    const open = list.filter((r) => r.compliance_status === 'Not Started' || r.compliance_status === 'In Progress');
    const expected = rankGaps(open).slice(0, 10).map((r) => [r.id, r.display_id]);
    const dashboard = (await api(t.app, viewer, 'GET', `/api/reports/dashboard?tenant_id=${tenant}`)).json();
    expect(dashboard.top_gaps.map((g: { requirement_id: string; display_id: string }) => [g.requirement_id, g.display_id])).toEqual(expected);
    expect(dashboard.top_gaps.some((g: { requirement_text: string }) => g.requirement_text.startsWith('Contract duty'))).toBe(true);
  });

  it('counts contract requirements as they are added, changed and removed, and ranks the urgent ones among thousands', async () => {
    const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['HIPAA']]);
    const [tenant, neighbour] = [org.tenants[0]!.id, org.tenants[1]!.id];
    const user = await createUser(t.handle.db, { role: 'Viewer', tenants: org.tenants });
    const viewer = await login(t.app, user.username, PASSWORD);
    const statuses = ['Not Started', 'In Progress', 'Compliant', 'Not Applicable', 'Some unknown status'];
    const contractRows = (tenantId: string, count: number, offset: number) =>
      Array.from({ length: count }, (_, i) => ({
        tenant_id: tenantId,
        organization_id: org.id,
        source_type: 'contract' as const,
        text: `Contract duty ${offset + i}`,
        domain_number: 1 + ((offset + i) % 15),
        priority: (['Low', 'Medium', 'High'] as const)[(offset + i) % 3]!,
        status: statuses[(offset + i) % statuses.length]!,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, offset + i)),
      }));
    /** The dashboard's counts beside the same counts made from the full requirements list. */
    const agree = async () => {
      const dashboard = (await api(t.app, viewer, 'GET', `/api/reports/dashboard?tenant_id=${tenant}`)).json();
      const list = (await api(t.app, viewer, 'GET', `/api/requirements/?tenant_id=${tenant}`)).json() as Requirement[];
      const count = (rows: Requirement[], status: string) => rows.filter((r) => r.compliance_status === status).length;
      expect(dashboard.metrics).toMatchObject({ total_requirements: list.length, compliant: count(list, 'Compliant'), in_progress: count(list, 'In Progress'), not_started: count(list, 'Not Started'), not_applicable: count(list, 'Not Applicable') });
      for (const domain of dashboard.domain_breakdown) {
        const inDomain = list.filter((r) => r.domain_number === domain.domain_number);
        expect(domain, `domain ${domain.domain_number}`).toMatchObject({ total: inDomain.length, compliant: count(inDomain, 'Compliant') });
      }
      const open = list.filter((r) => r.compliance_status === 'Not Started' || r.compliance_status === 'In Progress');
      expect(dashboard.top_gaps.map((g: { requirement_id: string; display_id: string }) => [g.requirement_id, g.display_id])).toEqual(
        rankGaps(open).slice(0, 10).map((r) => [r.id, r.display_id]),
      );
      return dashboard;
    };
    // All but two catalog requirements are met, so the contract requirements fill the ranking.
    await setStatuses(t.handle.db, tenant, Object.fromEntries(hipaa.slice(2).map((r) => [r.key, 'Compliant'])));
    await withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
      await tx.insertInto('tenant_requirements').values(contractRows(tenant, 2_000, 0)).execute();
      await tx.insertInto('tenant_requirements').values(contractRows(neighbour, 300, 5_000)).execute();
    });
    const before = await agree();
    expect(before.metrics.total_requirements).toBe(hipaa.length + 2_000);
    expect(before.top_gaps.filter((g: { requirement_text: string }) => g.requirement_text.startsWith('Contract duty')).length).toBeGreaterThanOrEqual(8);
    // Statuses changed one by one and in bulk, a requirement moved to another domain, some removed.
    await withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
      const mine = await tx.selectFrom('tenant_requirements').select('id').where('tenant_id', '=', tenant).where('source_type', '=', 'contract').orderBy('created_at').execute();
      await tx.updateTable('tenant_requirements').set({ status: 'Compliant' }).where('id', '=', mine[0]!.id).execute();
      await tx.updateTable('tenant_requirements').set({ status: 'In Progress' }).where('id', 'in', mine.slice(10, 400).map((r) => r.id)).execute();
      await tx.updateTable('tenant_requirements').set({ domain_number: 15, priority: 'High', status: 'Not Started' }).where('id', '=', mine[1_000]!.id).execute();
      await tx.deleteFrom('tenant_requirements').where('id', 'in', mine.slice(1_500, 1_700).map((r) => r.id)).execute();
      await tx.updateTable('tenant_requirements').set({ status: 'Compliant' }).where('tenant_id', '=', neighbour).execute();
    });
    // Written on another connection: the cached dashboard is dropped when the announcement arrives.
    const after = await vi.waitFor(agree);
    expect(after.metrics.total_requirements).toBe(hipaa.length + 1_800);
    // The counts held by the database match a recount in every tenant.
    await withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
      const recount = await sql<{ key: string; n: number }>`
        SELECT tenant_id || ':' || list_domain || ':' || requirement_status_code(status) AS key, count(*)::int AS n
        FROM tenant_requirements WHERE source_type = 'contract' AND organization_id = ${org.id} GROUP BY 1`.execute(tx);
      const held = await tx.selectFrom('tenant_contract_counts').select(['tenant_id', 'domain_number', 'status_code', 'n']).where('organization_id', '=', org.id).where('n', '>', 0).execute();
      expect(new Map(held.map((h) => [`${h.tenant_id}:${h.domain_number}:${h.status_code}`, h.n]))).toEqual(new Map(recount.rows.map((r) => [r.key, r.n])));
    });
  });

  it("keeps another tenant's held contract counts out of a tenant's scope", async () => {
    const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['HIPAA']]);
    const [mine, theirs] = [org.tenants[0]!.id, org.tenants[1]!.id];
    const row = (tenantId: string) => ({ tenant_id: tenantId, organization_id: org.id, source_type: 'contract' as const, text: 'Encrypt backups', domain_number: 3 });
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.insertInto('tenant_requirements').values([row(mine), row(theirs), row(theirs)]).execute());
    const scope = { userId: null, all: false, organizationIds: [], tenantIds: [mine] };
    const seen = await withScope(t.handle.db, scope, (tx) => tx.selectFrom('tenant_contract_counts').select(['tenant_id', 'n']).execute());
    expect(seen).toEqual([{ tenant_id: mine, n: 1 }]);
    // Nor can a tenant's scope write another tenant's count.
    await expect(
      withScope(t.handle.db, scope, (tx) => tx.insertInto('tenant_contract_counts').values({ tenant_id: theirs, organization_id: org.id, domain_number: 4, status_code: 0, n: 9 }).execute()),
    ).rejects.toThrow(/row-level security/);
  });

  it('drops frameworks the tenant does not have from the filter', async () => {
    const d = (await api(t.app, editor, 'GET', `/api/reports/dashboard?tenant_id=${t1}&frameworks=HIPAA,PCI%20DSS%204.0`)).json();
    expect(d.frameworks).toEqual(['HIPAA']);
  });

  it("refuses another tenant's dashboard", async () => {
    expect((await api(t.app, editor, 'GET', `/api/reports/dashboard?tenant_id=${t2}`)).statusCode).toBe(403);
    expect((await api(t.app, outsider, 'GET', `/api/reports/dashboard?tenant_id=${t1}`)).statusCode).toBe(403);
  });
});

describe('GET /api/organizations/{id}/rollup', () => {
  it('sums the tenants and ranks organization-wide gaps with the tenants they affect', async () => {
    const res = await api(t.app, manager, 'GET', `/api/organizations/${orgId}/rollup`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.metrics.total_tenants).toBe(2);
    expect(r.metrics.total_requirements).toBe(hipaa.length + iso.length);
    expect(r.metrics.total_compliant).toBe(4);
    const snap1 = r.tenant_snapshots.find((s: { tenant_id: string }) => s.tenant_id === t1);
    expect(snap1).toMatchObject({ total_requirements: hipaa.length, compliant: 3 });
    const top = r.top_gaps[0];
    expect(top.affected_tenants).toBe(2);
    const sharedCompliant = r.top_gaps.find((g: { requirement_id: string }) => g.requirement_id === shared[0]!.key);
    if (sharedCompliant) expect(sharedCompliant.affected_tenants).toBe(1);
    const inProgressShared = r.top_gaps.find((g: { requirement_id: string }) => g.requirement_id === shared[1]!.key);
    if (inProgressShared) expect(inProgressShared.tenant_statuses[t2]).toBe('In Progress');
    expect(r.top_gaps.length).toBeLessThanOrEqual(10);
  });

  it('covers active tenants only, in name order, and answers 404 for an organization that does not exist', async () => {
    const org = await createComplianceOrg(t.handle.db, [['HIPAA'], ['ISO 27001'], ['HIPAA']]);
    const [first, second, third] = [org.tenants[0]!, org.tenants[1]!, org.tenants[2]!];
    await withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
      await tx.updateTable('tenants').set({ name: 'Zeta clinic' }).where('id', '=', first.id).execute();
      await tx.updateTable('tenants').set({ name: 'Alpha lab' }).where('id', '=', second.id).execute();
      await tx.updateTable('tenants').set({ name: 'Mid office', is_active: false }).where('id', '=', third.id).execute();
    });
    const admin = await login(t.app, (await createUser(t.handle.db, { role: 'Admin', productAdmin: true })).username, PASSWORD);
    const res = await api(t.app, admin, 'GET', `/api/organizations/${org.id}/rollup`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.tenant_snapshots.map((s: { tenant_name: string }) => s.tenant_name)).toEqual(['Alpha lab', 'Zeta clinic']);
    expect(r.metrics).toMatchObject({ total_tenants: 2, total_requirements: hipaa.length + iso.length });
    for (const gap of r.top_gaps) expect(Object.keys(gap.tenant_statuses)).not.toContain(third.id);
    expect((await api(t.app, admin, 'GET', '/api/organizations/00000000-0000-4000-8000-000000000000/rollup')).statusCode).toBe(404);
  });

  it('is refused to non-managers and to managers of another organization', async () => {
    expect((await api(t.app, editor, 'GET', `/api/organizations/${orgId}/rollup`)).statusCode).toBe(403);
    const other = await api(t.app, outsider, 'GET', `/api/organizations/${orgId}/rollup`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(orgId);
  });
});

describe('PDF exports', () => {
  it('renders the Executive Summary of the current tenant with its figures and page numbers', async () => {
    const res = await api(t.app, editor, 'GET', '/api/reports/export/executive-summary');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="executive-summary-.+\.pdf"/);
    const pages = await pdfPages(res.rawPayload);
    const text = pages.join(' ');
    expect(text).toContain('Executive Summary');
    expect(text).toContain('Compliance by framework');
    expect(text).toContain('HIPAA');
    expect(text).toContain(`Page 1 of ${pages.length}`);
  });

  it('renders the Gap Analysis with every open requirement grouped by domain', async () => {
    const res = await api(t.app, editor, 'GET', `/api/reports/export/gap-analysis?tenant_id=${t1}`);
    expect(res.statusCode).toBe(200);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain('Gap Analysis');
    expect(text).toContain(`${hipaa.length - 4} open requirements`);
    expect(text).toContain('Identity & Access Management');
  });

  it("refuses another tenant's reports", async () => {
    expect((await api(t.app, outsider, 'GET', `/api/reports/export/gap-analysis?tenant_id=${t1}`)).statusCode).toBe(403);
    expect((await api(t.app, outsider, 'GET', `/api/reports/export/executive-summary?tenant_id=${t1}`)).statusCode).toBe(403);
  });
});
