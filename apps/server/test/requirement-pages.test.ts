import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REQUIREMENT_PAGE_SIZE } from '@compliance/contracts/requirement-pages';
import { requirementListOutput } from '@compliance/contracts/requirements';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { tenantRequirementsQuery } from '@compliance/domain/requirements/requirement-repo';
import { serverBuiltOutput } from '../src/trpc/server-built-output';
import { type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { createComplianceOrg } from './helpers/compliance-fixtures';

interface Row {
  id: string;
  display_id: string;
  domain_number: number;
  compliance_status: string;
  owner_id: string | null;
}
interface Page {
  items: Row[];
  next_cursor: string | null;
  totals: { total: number; non_compliant: number; domains: { domain_number: number; total: number; non_compliant: number }[] } | null;
}

let t: TestApp;
let tenantA: { id: string; organization_id: string };
let tenantB: string;
let editor: Session;
let editorId: string;
let outsider: Session;
const CONTRACT_ROWS = 60;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['ISO 27001'], ['HIPAA']]);
  const other = await createComplianceOrg(t.handle.db, [['HIPAA']]);
  tenantA = org.tenants[0]!;
  tenantB = org.tenants[1]!.id;
  const e = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: [org.tenants[0]!] });
  const o = await createUser(t.handle.db, { role: 'Admin', memberOf: [other.id], tenants: other.tenants });
  editorId = e.id;
  editor = await login(t.app, e.username, PASSWORD);
  outsider = await login(t.app, o.username, PASSWORD);
  // Contract requirements across the domains, all added in the same instant: only the id orders them apart.
  await withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
    await sql`
      INSERT INTO tenant_requirements (tenant_id, organization_id, source_type, text, domain_number, priority, created_at)
      SELECT ${tenantA.id}, ${tenantA.organization_id}, 'contract', 'Contract duty ' || n, 1 + n % 15, 'Medium', '2024-05-01T10:00:00.123456Z'
      FROM generate_series(1, ${CONTRACT_ROWS}) AS n
    `.execute(tx);
    await sql`
      UPDATE tenant_requirements SET status = CASE WHEN random() < 0.4 THEN 'Compliant' WHEN random() < 0.5 THEN 'In Progress' ELSE 'Not Started' END
      WHERE tenant_id = ${tenantA.id}
    `.execute(tx);
    await sql`
      UPDATE tenant_requirements SET owner_user_id = ${editorId}, due_date = '2020-01-01'
      WHERE tenant_id = ${tenantA.id} AND id IN (SELECT id FROM tenant_requirements WHERE tenant_id = ${tenantA.id} ORDER BY id LIMIT 90)
    `.execute(tx);
  });
});
afterAll(async () => t.close());

async function whole(query: string): Promise<Row[]> {
  const res = await api(t.app, editor, 'GET', `/api/requirements/?tenant_id=${tenantA.id}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of a query, following next_cursor to the end. */
async function walk(query: string, limit: number): Promise<{ rows: Row[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const url = `/api/requirements/page?tenant_id=${tenantA.id}&limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api(t.app, editor, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    pages.push(page);
    cursor = page.next_cursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return { rows: pages.flatMap((p) => p.items), pages };
}

describe('GET /api/requirements/page', () => {
  it('pages through the whole list in its order, with no row twice and none left out', async () => {
    const all = await whole('');
    expect(all.length).toBe(211 + CONTRACT_ROWS);
    const { rows, pages } = await walk('', 37);
    expect(pages).toHaveLength(Math.ceil(all.length / 37));
    expect(pages.slice(0, -1).every((p) => p.items.length === 37 && p.next_cursor !== null)).toBe(true);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows).toEqual(all);
    expect(rows.map((r) => r.display_id)).toEqual(all.map((r) => r.display_id));
  });

  it('gives the whole filtered list its counts on the first page only', async () => {
    const all = await whole('');
    const { pages } = await walk('', 100);
    const open = (r: Row) => r.compliance_status !== 'Compliant' && r.compliance_status !== 'Not Applicable';
    expect(pages[0]!.totals).toEqual({
      total: all.length,
      non_compliant: all.filter(open).length,
      domains: [...new Set(all.map((r) => r.domain_number))].map((d) => ({
        domain_number: d,
        total: all.filter((r) => r.domain_number === d).length,
        non_compliant: all.filter((r) => r.domain_number === d && open(r)).length,
      })),
    });
    expect(pages.slice(1).every((p) => p.totals === null)).toBe(true);
  });

  it('keeps every filter across pages: domains, frameworks, status, owner, overdue', async () => {
    for (const query of ['&domains=3,15', '&frameworks=ISO%2027001&domains=1,2,5', '&status=In%20Progress,Compliant', '&owner=me', `&owner=${editorId}&overdue=true`, '&overdue=true&status=Not%20Started', '&frameworks=']) {
      const all = await whole(query);
      const { rows, pages } = await walk(query, 11);
      expect(rows, query).toEqual(all);
      expect(pages[0]!.totals!.total, query).toBe(all.length);
    }
    expect((await whole('&owner=me')).length).toBeGreaterThan(11);
  });

  it('answers the default page size when no limit is given, and the whole list when it is smaller', async () => {
    const res = await api(t.app, editor, 'GET', `/api/requirements/page?tenant_id=${tenantA.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Page).items).toHaveLength(Math.min(REQUIREMENT_PAGE_SIZE, 211 + CONTRACT_ROWS));
    const small = (await api(t.app, editor, 'GET', `/api/requirements/page?tenant_id=${tenantA.id}&domains=4`)).json() as Page;
    expect(small.next_cursor).toBeNull();
    expect(small.items).toEqual(await whole('&domains=4'));
  });

  it('refuses a cursor it did not give out and a bad limit with a 400 and a clear message', async () => {
    const first = (await api(t.app, editor, 'GET', `/api/requirements/page?tenant_id=${tenantA.id}&limit=5`)).json() as Page;
    const decoded = Buffer.from(first.next_cursor!, 'base64url').toString();
    const forged = [
      'not a cursor!',
      Buffer.from('{"domain":1}').toString('base64url'),
      Buffer.from(decoded.replace(/^\[1,/, '[2,')).toString('base64url'),
      Buffer.from(decoded.replace(/"[0-9a-f-]{36}"/, '"x"')).toString('base64url'),
      first.next_cursor!.slice(0, -3),
    ];
    for (const cursor of forged) {
      const res = await api(t.app, editor, 'GET', `/api/requirements/page?tenant_id=${tenantA.id}&cursor=${encodeURIComponent(cursor)}`);
      expectError(res, 400, /cursor is not one this list gave out/);
    }
    for (const limit of ['0', '1001', 'ten', '2.5']) {
      expectError(await api(t.app, editor, 'GET', `/api/requirements/page?tenant_id=${tenantA.id}&limit=${limit}`), 400, /limit must be a whole number from 1 to 1000/);
    }
  });

  it("refuses another tenant's pages, by query and by header, cursor or not", async () => {
    const first = (await api(t.app, editor, 'GET', `/api/requirements/page?tenant_id=${tenantA.id}&limit=5`)).json() as Page;
    expectError(await api(t.app, editor, 'GET', `/api/requirements/page?tenant_id=${tenantB}`), 403);
    const byHeader = await api(t.app, outsider, 'GET', `/api/requirements/page?cursor=${first.next_cursor}`, undefined, { 'x-tenant-id': tenantA.id });
    expectError(byHeader, 403);
    expect(byHeader.body).not.toContain(tenantA.id);
  });
});

describe('the list order on the rows', () => {
  it('is read straight off the list index, after the cursor, when sorting is not an option', async () => {
    const plan = await withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
      await sql`SET LOCAL enable_sort = off`.execute(tx);
      const after = { domain: 3, source: 0, index: 2, createdAt: '2024-05-01T10:00:00.123456Z', id: '00000000-0000-4000-8000-000000000000' };
      const compiled = tenantRequirementsQuery({ tenantId: tenantA.id, frameworks: ['ISO 27001'] }, { after, limit: 51 }).compile(t.handle.db);
      const { rows } = await tx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `EXPLAIN ${compiled.sql}` });
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('tenant_requirements_list_order_idx');
    // No sort of the list itself (a row's contract names are sorted in their own small subquery).
    expect(plan).not.toMatch(/Sort Key: [^\n]*list_domain/);
    expect(plan).toMatch(/Index Cond: .*list_domain/);
  });

  it('follows the catalog when a release moves a requirement', async () => {
    // A retired catalog row of this test alone (no tenant gets it from a catalog load), moved by an update as a release would.
    const key = `pages-test-${Date.now()}`;
    const listOrder = () =>
      withScope(t.handle.db, SYSTEM_SCOPE, (tx) =>
        tx.selectFrom('tenant_requirements').select(['list_domain', 'list_source', 'list_index']).where('catalog_key', '=', key).executeTakeFirstOrThrow(),
      );
    await withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
      await tx
        .insertInto('catalog_requirements')
        .values({ key, catalog_version: 'test', domain_number: 4, domain_index: 7, text: 'Moved requirement', priority: 'Low', keywords: [], frameworks: ['Pages Test'], control_ids: '{}', retired_at: new Date() })
        .execute();
      await tx.insertInto('tenant_requirements').values({ tenant_id: tenantA.id, organization_id: tenantA.organization_id, source_type: 'framework', catalog_key: key }).execute();
    });
    try {
      expect(await listOrder()).toEqual({ list_domain: 4, list_source: 0, list_index: 7 });
      await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('catalog_requirements').set({ domain_number: 12, domain_index: 30 }).where('key', '=', key).execute());
      expect(await listOrder()).toEqual({ list_domain: 12, list_source: 0, list_index: 30 });
    } finally {
      await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.deleteFrom('tenant_requirements').where('catalog_key', '=', key).execute());
      await sql`DELETE FROM catalog_requirements WHERE key = ${key}`.execute(t.handle.db);
    }
  });
});

describe('output checks of the list procedures', () => {
  const envelope = z.array(z.unknown());
  const trusted = serverBuiltOutput(requirementListOutput, envelope);

  it('check the envelope of a server-built answer, not each row again', async () => {
    const odd = [{ id: 'not-a-uuid' }];
    await expect(trusted.parseAsync(odd)).resolves.toBe(odd);
    await expect(trusted.parseAsync({ items: [] })).rejects.toThrow();
    await expect(requirementListOutput.parseAsync(odd)).rejects.toThrow();
  });

  it('still document every field of a row for REST clients', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const page = doc.paths['/requirements/page'].get;
    const schema = page.responses['200'].content['application/json'].schema;
    const text = JSON.stringify({ schema, components: doc.components ?? {} });
    for (const field of ['items', 'next_cursor', 'totals', 'display_id', 'compliance_status', 'evidence_count']) expect(text).toContain(`"${field}"`);
    expect(page.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['limit', 'cursor', 'domains', 'frameworks', 'status', 'owner', 'overdue']));
    expect(JSON.stringify(doc.paths['/requirements'].get.responses['200'])).toContain('display_id');
  });
});
