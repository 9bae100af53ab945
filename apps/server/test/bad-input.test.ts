import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { listProcedures } from './helpers/matrix-world';
import { type Method, type Session, type TestApp, api, createTestApp, expectError, login } from './helpers/test-app';
import { type OrgFixture, PASSWORD, type UserFixture, createOrganization, createUser, unique } from './helpers/factories';
import { auditEntriesOf, countOrganizationsNamed, countTenantsNamed, findUsers, getOrganizationRow, getTenantRow } from './helpers/db-probe';

const UNKNOWN = '3f0e8c56-5f0a-4d0e-9c43-6f1a2b3c4d5e';

let t: TestApp;
let org: OrgFixture;
let admin: UserFixture;
let s: Session;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.handle.db, 1);
  admin = await createUser(t.handle.db, { productAdmin: true });
  s = await login(t.app, admin.username, PASSWORD);
});
afterAll(async () => t.close());

/** Whatever a bad request does, the admin's audit trail (every write leaves an entry) must not grow. */
async function expectNothingWritten(run: () => Promise<void>) {
  const before = (await auditEntriesOf(t.handle.db, admin.username)).length;
  await run();
  expect(await auditEntriesOf(t.handle.db, admin.username)).toHaveLength(before);
}

const raw = (method: Method, url: string, contentType: string | undefined, payload: string) =>
  t.app.inject({ method, url, payload, headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, ...(contentType ? { 'content-type': contentType } : {}) } });

const bodyRoutes: [Method, () => string][] = [
  ['POST', () => '/api/organizations'],
  ['PATCH', () => `/api/organizations/${org.id}`],
  ['POST', () => '/api/tenants'],
  ['PATCH', () => `/api/tenants/${org.tenants[0]!.id}`],
  ['POST', () => '/api/users/'],
  ['PUT', () => '/api/auth/current-tenant'],
  ['PUT', () => '/api/auth/current-organization'],
  ['POST', () => '/api/auth/login'],
];

describe('malformed bodies', () => {
  it.each(bodyRoutes)('%s %s with broken JSON answers 400 and writes nothing', async (method, url) => {
    await expectNothingWritten(async () => {
      for (const payload of ['{"name": ', '{name: "x"}', "{'name':'x'}", '{"name":"x",}', 'undefined']) {
        expectError(await raw(method, url(), 'application/json', payload), 400, 'The request body is not valid JSON');
      }
    });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'a %s body answers 415 with a detail and writes nothing',
    async (contentType) => {
      const name = unique('WrongType');
      await expectNothingWritten(async () => {
        const res = await raw('POST', '/api/organizations', contentType, `name=${name}`);
        expectError(res, 415);
      });
      expect(await countOrganizationsNamed(t.handle.db, name)).toBe(0);
    },
  );

  it('a body over 1 MiB answers 413 and writes nothing', async () => {
    await expectNothingWritten(async () => {
      expectError(await api(t.app, s, 'POST', '/api/organizations', { name: 'x'.repeat(1_100_000) }), 413, 'Request body is too large');
    });
  });

  it('absurdly nested JSON answers 400, not a stack overflow', async () => {
    await expectNothingWritten(async () => {
      expectError(await raw('POST', '/api/organizations', 'application/json', `${'['.repeat(50_000)}${']'.repeat(50_000)}`), 400, 'The request body is nested too deeply');
      expectError(await raw('POST', '/api/organizations', 'application/json', `{"name":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`), 400);
    });
  });

  it.each([['a JSON array', '[1,2]'], ['a JSON string', '"abc"'], ['JSON null', 'null'], ['a number', '42']])(
    '%s as the body answers 400 with a detail',
    async (_label, payload) => {
      await expectNothingWritten(async () => {
        expectError(await raw('POST', '/api/organizations', 'application/json', payload), 400, 'Organization name is required');
      });
    },
  );
});

describe('text the database cannot store', () => {
  it.each([['a NUL character', 'a\u0000b'], ['a lone surrogate', 'a\ud800b']])('%s anywhere answers 400, never 500', async (label, bad) => {
    await expectNothingWritten(async () => {
      const detail = 'Text must not contain NUL characters or invalid Unicode';
      expectError(await api(t.app, s, 'POST', '/api/organizations', { name: bad }), 400, detail);
      expectError(await api(t.app, s, 'POST', '/api/tenants', { name: 'ok', description: bad, assigned_frameworks: ['HIPAA'], organization_id: org.id }), 400, detail);
      expectError(await api(t.app, null, 'POST', '/api/auth/login', { username: bad, password: 'x' }), 400, detail);
      if (label.includes('NUL')) expectError(await api(t.app, s, 'GET', '/api/audit-logs/?username=a%00b'), 400, detail);
    });
  });

  it('real Unicode (emoji, accents, CJK) is stored as sent', async () => {
    const name = `${unique('Ünïcødé')} 🚀 漢字`;
    const res = await api(t.app, s, 'POST', '/api/organizations', { name });
    expect(res.statusCode).toBe(200);
    expect((await getOrganizationRow(t.handle.db, res.json().id))?.name).toBe(name);
  });
});

describe('wrong shapes: arrays, nulls, numbers, objects, over-long strings', () => {
  const tenant = (extra: Record<string, unknown>) => ({ name: unique('Shape'), assigned_frameworks: ['HIPAA'], organization_id: org.id, ...extra });
  const cases: [string, string, () => Record<string, unknown>, RegExp][] = [
    ['org name as an array', '/api/organizations', () => ({ name: ['a'] }), /Organization name is required/],
    ['org name null', '/api/organizations', () => ({ name: null }), /Organization name is required/],
    ['org name as an object', '/api/organizations', () => ({ name: { first: 'a' } }), /Organization name is required/],
    ['org description as an array', '/api/organizations', () => ({ name: unique('x'), description: ['a'] }), /description/],
    ['org domain as a number', '/api/organizations', () => ({ name: unique('x'), domain: 42 }), /domain/],
    ['org domain of 254 characters', '/api/organizations', () => ({ name: unique('x'), domain: 'd'.repeat(254) }), /domain: Must be at most 253 characters/],
    ['org description of 2001 characters', '/api/organizations', () => ({ name: unique('x'), description: 'd'.repeat(2001) }), /description: Must be at most 2000 characters/],
    ['tenant frameworks null', '/api/tenants', () => tenant({ assigned_frameworks: null }), /Assigned frameworks must be a list/],
    ['tenant frameworks nested', '/api/tenants', () => tenant({ assigned_frameworks: [['HIPAA']] }), /assigned_frameworks/],
    ['tenant frameworks of 11 entries', '/api/tenants', () => tenant({ assigned_frameworks: Array(11).fill('HIPAA') }), /assigned_frameworks|frameworks/i],
    ['tenant organization as a number', '/api/tenants', () => tenant({ organization_id: 7 }), /organization_id/],
    ['tenant name of 10 000 characters', '/api/tenants', () => tenant({ name: 'n'.repeat(10_000) }), /Tenant name must be at most 200 characters/],
    ['user e-mail as an array', '/api/users/', () => ({ username: unique('u'), email: ['a@b.example'], password: 'long-enough-pw' }), /Email/],
    ['user role null', '/api/users/', () => ({ username: unique('u'), email: `${unique('e')}@x.example`, password: 'long-enough-pw', role: null }), /Role must be one of/],
    ['user tenant_ids as a string', '/api/users/', () => ({ username: unique('u'), email: `${unique('e')}@x.example`, password: 'long-enough-pw', tenant_ids: org.tenants[0]!.id }), /tenant_ids/],
    ['user tenant_ids with a bad id', '/api/users/', () => ({ username: unique('u'), email: `${unique('e')}@x.example`, password: 'long-enough-pw', tenant_ids: ['nope'] }), /tenant_ids\.0: Must be a valid id/],
  ];
  it.each(cases)('%s answers 400 with a clear detail and writes nothing', async (_label, url, body, detail) => {
    const payload = body();
    await expectNothingWritten(async () => {
      expectError(await api(t.app, s, 'POST', url, payload), 400, detail);
    });
    if (typeof payload.name === 'string') {
      expect(await countOrganizationsNamed(t.handle.db, payload.name)).toBe(0);
      expect(await countTenantsNamed(t.handle.db, payload.name)).toBe(0);
    }
    if (typeof payload.username === 'string') expect(await findUsers(t.handle.db, payload.username)).toEqual([]);
  });

  it('a half-valid update changes no field at all', async () => {
    const id = org.tenants[0]!.id;
    const before = await getTenantRow(t.handle.db, id);
    await expectNothingWritten(async () => {
      expectError(await api(t.app, s, 'PATCH', `/api/tenants/${id}`, { name: 'Valid new name', assigned_frameworks: ['Not a framework'] }), 400, /Unknown framework/);
    });
    expect(await getTenantRow(t.handle.db, id)).toEqual(before);
  });

  it('a flag sent as the text "false" is refused, never read as true', async () => {
    const id = org.tenants[0]!.id;
    const before = await getTenantRow(t.handle.db, id);
    await expectNothingWritten(async () => {
      expectError(await api(t.app, s, 'PATCH', `/api/tenants/${id}`, { is_active: 'false' }), 400, 'is_active must be true or false');
      expectError(await api(t.app, s, 'PATCH', `/api/organizations/${org.id}`, { is_active: 'no' }), 400, 'is_active must be true or false');
    });
    expect(await getTenantRow(t.handle.db, id)).toEqual(before);
    expectError(await api(t.app, null, 'POST', '/api/auth/login', { username: admin.username, password: PASSWORD, remember_me: 'false' }), 400, 'remember_me must be true or false');
  });

  it('repeated query parameters answer 400', async () => {
    expectError(await api(t.app, s, 'GET', '/api/audit-logs/?limit=50&limit=100'), 400);
    expectError(await api(t.app, s, 'GET', `/api/tenants?organization_id=${org.id}&organization_id=${org.id}`), 400);
  });
});

describe('ids', () => {
  const routes: [Method, string, unknown?][] = [
    ['PATCH', '/api/users/{id}/toggle-status'],
    ['DELETE', '/api/users/{id}'],
    ['GET', '/api/users/{id}/permissions'],
    ['GET', '/api/users/{id}/accessible-tenants'],
    ['PATCH', '/api/organizations/{id}', { description: 'x' }],
    ['DELETE', '/api/organizations/{id}'],
    ['PATCH', '/api/tenants/{id}', { description: 'x' }],
    ['DELETE', '/api/tenants/{id}'],
  ];

  it.each(routes)('%s %s with a valid but unknown id answers 404', async (method, path, body) => {
    await expectNothingWritten(async () => {
      expectError(await api(t.app, s, method, path.replace('{id}', UNKNOWN), body), 404, /not found$/);
    });
  });

  it.each(routes)('%s %s with an invalid id answers 400', async (method, path, body) => {
    await expectNothingWritten(async () => {
      for (const bad of ['not-a-uuid', '1', encodeURIComponent("' OR 1=1 --"), 'x'.repeat(4000), `${UNKNOWN}0`]) {
        expectError(await api(t.app, s, method, path.replace('{id}', bad), body), 400, 'id: Must be a valid id');
      }
    });
  });

  it('unknown organizations in bodies and filters answer 404', async () => {
    await expectNothingWritten(async () => {
      const username = unique('orphan');
      expectError(await api(t.app, s, 'POST', '/api/users/', { username, email: `${username}@x.example`, password: 'long-enough-pw', organization_id: UNKNOWN }), 404, 'Organization not found');
      expect(await findUsers(t.handle.db, username)).toEqual([]);
      expectError(await api(t.app, s, 'POST', '/api/tenants', { name: 'x', assigned_frameworks: ['HIPAA'], organization_id: UNKNOWN }), 404, 'Organization not found');
      expectError(await api(t.app, s, 'GET', `/api/tenants?organization_id=${UNKNOWN}`), 404, 'Organization not found');
      expectError(await api(t.app, s, 'PUT', '/api/auth/current-organization', { organization_id: UNKNOWN }), 404, 'Organization not found');
    });
  });

  it('an unknown tenant is refused like any tenant out of reach (403), without confirming it exists', async () => {
    expectError(await api(t.app, s, 'PUT', '/api/auth/current-tenant', { tenant_id: UNKNOWN }), 403, 'You do not have access to this tenant');
    expectError(await api(t.app, s, 'GET', '/api/tenants/current', undefined, { 'x-tenant-id': UNKNOWN }), 403, 'You do not have access to this tenant');
  });

  it('an unknown /api path answers 404 with a detail', async () => {
    expectError(await api(t.app, s, 'GET', '/api/no-such-thing'), 404);
    expectError(await api(t.app, s, 'POST', '/api/users/extra/segments', {}), 404);
  });
});

describe('no procedure ever answers 500', () => {
  const procedures = listProcedures()
    .map((p) => [p.name, p.openapi] as const)
    .filter((entry): entry is readonly [string, NonNullable<OpenApiMeta['openapi']>] => Boolean(entry[1]));
  const weird: [string, string][] = [
    ['[]', '[]'], ['null', 'null'], ['"x"', '"x"'], ['nested', '{"id":{"$ne":null},"name":[[]],"tenant_id":{}}'],
    ['numbers', '{"id":1,"name":2,"username":3,"limit":4}'], ['huge', `{"name":"${'x'.repeat(300_000)}"}`],
  ];

  it.each(procedures)('%s survives hostile input with a 4xx {detail} or a normal answer', async (name, meta) => {
    const url = `/api${meta.path.replace('{id}', UNKNOWN)}`;
    for (const [label, payload] of weird) {
      // Logging out ends the session, so that call gets a session of its own each time.
      const session = name === 'auth.logout' ? await login(t.app, admin.username, PASSWORD) : s;
      const res = meta.method === 'GET'
        ? await api(t.app, session, 'GET', `${url}?id=${encodeURIComponent(payload)}&limit=${encodeURIComponent(payload)}&organization_id=${encodeURIComponent(payload.slice(0, 100))}`)
        : await t.app.inject({ method: meta.method as Method, url, payload, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' } });
      expect(res.statusCode, `${name} with ${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(typeof res.json().detail).toBe('string');
    }
  });
});
