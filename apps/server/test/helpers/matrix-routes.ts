import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildTextPdf } from '@compliance/documents/minimal-pdf';
import { type Role, type SignedRole, type World, createDocument } from './matrix-world';
import { type Session, randomIp } from './test-app';
import { unique } from './factories';
import { probe } from './db-probe';
import { multipartBody } from './multipart';

/**
 * The rows of the route matrix: every plain Fastify route (uploads, downloads, exports, health, metrics,
 * docs, the web files, the queue dashboard) with what each caller gets. Keys are `METHOD url` as Fastify
 * registered them; `*` stands for every method of a route registered with app.all.
 */

/** The routes that carry the procedures themselves: the tRPC adapter and the OpenAPI bridge's catch-all. */
export const PROCEDURE_ROUTES = new Set(['/trpc/:path', '/api/*']);

/** The files of the built web app the matrix serves (a fixture folder, so the static routes exist). */
export const WEB_FILES = { 'index.html': '<!doctype html><title>Compliance</title>', 'assets/app.js': 'console.log("web");' };

export function createWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'route-matrix-web-'));
  for (const [file, content] of Object.entries(WEB_FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

export interface RouteCall {
  url: string;
  /** Only for `*` rows (default GET); other rows use the method of their key. */
  method?: string;
  body?: { payload: Buffer; contentType: string };
  headers?: Record<string, string>;
  /** Runs after a denied answer: proves that nothing was stored. */
  unwritten?: () => Promise<void>;
}

export interface RouteCross {
  as: SignedRole;
  status: number;
  call: (w: World) => RouteCall | Promise<RouteCall>;
}

export interface RouteRow {
  /** Explicitly open to anyone: every caller, signed in or not, gets the same answer. */
  public: boolean;
  expect: Record<Role, number>;
  call: (w: World, role: Role) => RouteCall | Promise<RouteCall>;
  crossTenant: RouteCross;
  crossOrg: RouteCross;
  /** Also called with personal API tokens (Bearer) instead of the session cookie. */
  tokens?: true;
}

/** Who calls: a browser session (cookie and CSRF header), a personal API token, or nobody. */
export type Caller = { session: Session } | { token: string } | null;

export function callRoute(app: FastifyInstance, method: string, caller: Caller, call: RouteCall): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (caller && 'session' in caller) Object.assign(headers, { cookie: caller.session.cookie, 'x-csrf-token': caller.session.csrf });
  if (caller && 'token' in caller) headers.authorization = `Bearer ${caller.token}`;
  if (call.body) headers['content-type'] = call.body.contentType;
  return app.inject({ method: method as 'GET', url: call.url, payload: call.body?.payload, headers: { ...headers, ...call.headers }, remoteAddress: randomIp() });
}

/** The method a row's call uses: its key's, or the call's own for `*` rows. */
export function methodOf(key: string, call: RouteCall): string {
  const method = key.slice(0, key.indexOf(' '));
  return method === '*' ? (call.method ?? 'GET') : method;
}

const A1 = (w: World) => w.orgA.tenants[0]!;
const A2 = (w: World) => w.orgA.tenants[1]!;
const B1 = (w: World) => w.orgB.tenants[0]!;
const db = (w: World) => w.t.handle.db;

const statuses = (signed: number, over: Partial<Record<Role, number>> = {}): Record<Role, number> => ({
  productAdmin: signed, manager: signed, admin: signed, editor: signed, viewer: signed, outsider: signed, none: signed, ...over,
});
/** Readers of tenant A1: everyone but the outsider; nobody signed out. */
const READERS = (ok: number) => statuses(ok, { outsider: 403, none: 401 });
/** Editors of tenant A1: no Viewer either. */
const EDITORS = (ok: number) => statuses(ok, { viewer: 403, outsider: 403, none: 401 });

const noDocumentNamed = (w: World, filename: string) => async () =>
  expect(await probe(db(w), (tx) => tx.selectFrom('documents').select('id').where('filename', '=', filename).execute())).toEqual([]);

function upload(kind: 'contracts' | 'evidence', tenant: (w: World) => { id: string }) {
  return (w: World): RouteCall => {
    const filename = `${unique('matrix')}.${kind === 'contracts' ? 'pdf' : 'txt'}`;
    // Each upload its own text: the same bytes twice in one tenant are refused as a duplicate.
    const text = `The Supplier shall review access rights every quarter (${filename}).`;
    const content = kind === 'contracts' ? buildTextPdf([[text]]) : Buffer.from(text);
    const body = multipartBody({ filename, content }, kind === 'evidence' ? { document_type: 'Policy' } : {});
    return { url: `/api/${kind}/upload?wait=false&tenant_id=${tenant(w).id}`, body, unwritten: noDocumentNamed(w, filename) };
  };
}

function uploadRow(kind: 'contracts' | 'evidence'): RouteRow {
  return {
    public: false,
    expect: EDITORS(202),
    call: upload(kind, A1),
    crossTenant: { as: 'editor', status: 403, call: upload(kind, A2) },
    crossOrg: { as: 'manager', status: 403, call: upload(kind, B1) },
    tokens: true,
  };
}

/** The analysis jobs and the status of one document: a refused re-analysis changes neither. */
async function reanalysis(w: World, documentId: string, tenantId: string): Promise<RouteCall> {
  const state = () =>
    probe(db(w), async (tx) => ({
      jobs: (await tx.selectFrom('jobs').select('id').where(sql<string>`payload->>'documentId'`, '=', documentId).execute()).length,
      status: (await tx.selectFrom('documents').select('status').where('id', '=', documentId).executeTakeFirstOrThrow()).status,
    }));
  const before = await state();
  return { url: `/api/evidence/${documentId}/reanalyze?wait=false&tenant_id=${tenantId}`, unwritten: async () => expect(await state()).toEqual(before) };
}

/** A new version of an evidence document; a refused one stores nothing and leaves the document current. */
function versionUpload(w: World, documentId: string, tenantId: string): RouteCall {
  const filename = `${unique('matrix')}.txt`;
  const body = multipartBody({ filename, content: Buffer.from(`Access rights are reviewed every quarter (${filename}).`) }, { expires_on: '2030-01-31' });
  return {
    url: `/api/evidence/${documentId}/versions?wait=false&tenant_id=${tenantId}`,
    body,
    unwritten: async () => {
      await noDocumentNamed(w, filename)();
      expect(await probe(db(w), (tx) => tx.selectFrom('documents').select('superseded_by').where('id', '=', documentId).executeTakeFirstOrThrow())).toEqual({ superseded_by: null });
    },
  };
}

function downloadRow(kind: 'contracts' | 'evidence'): RouteRow {
  const ids = (w: World) => (kind === 'contracts' ? w.contracts : w.evidence);
  return {
    public: false,
    expect: READERS(200),
    call: (w) => ({ url: `/api/${kind}/${ids(w).A1}/download?tenant_id=${A1(w).id}` }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ url: `/api/${kind}/${ids(w).A2}/download`, headers: { 'x-tenant-id': A1(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ url: `/api/${kind}/${ids(w).B1}/download?tenant_id=${B1(w).id}` }) },
    tokens: true,
  };
}

function exportRow(url: string): RouteRow {
  return {
    public: false,
    expect: READERS(200),
    call: (w) => ({ url: `${url}?tenant_id=${A1(w).id}&frameworks=HIPAA` }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ url, headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'admin', status: 403, call: (w) => ({ url: `${url}?tenant_id=${B1(w).id}` }) },
    tokens: true,
  };
}

function publicRow(url: string): RouteRow {
  return {
    public: true,
    expect: statuses(200),
    call: () => ({ url }),
    crossTenant: { as: 'editor', status: 200, call: (w) => ({ url, headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 200, call: (w) => ({ url: `${url}?tenant_id=${B1(w).id}` }) },
  };
}

/** Embedded mode: the in-process queue has no dashboard, and every caller gets the same clear 404 (a read or an action). */
function noDashboardRow(url: string): RouteRow {
  return {
    public: false,
    expect: statuses(404),
    call: (_w, role) => ({ url, method: role === 'editor' || role === 'manager' ? 'PUT' : 'GET' }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ url, headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ url, method: 'POST', headers: { 'x-tenant-id': B1(w).id } }) },
  };
}

export const ROUTE_MATRIX: Record<string, RouteRow> = {
  'GET /healthz': publicRow('/healthz'),
  'GET /readyz': publicRow('/readyz'),
  'GET /metrics': publicRow('/metrics'),
  'GET /api/openapi.json': publicRow('/api/openapi.json'),
  'GET /api/docs': publicRow('/api/docs'),
  'GET /api/docs/init.js': publicRow('/api/docs/init.js'),
  'GET /api/docs/assets/*': publicRow('/api/docs/assets/swagger-ui.css'),
  'GET /index.html': publicRow('/index.html'),
  'GET /assets/app.js': publicRow('/assets/app.js'),
  'POST /api/contracts/upload': uploadRow('contracts'),
  'POST /api/evidence/upload': uploadRow('evidence'),
  'POST /api/evidence/:id/reanalyze': {
    public: false,
    expect: EDITORS(202),
    call: async (w, role) => reanalysis(w, role === 'viewer' || role === 'outsider' || role === 'none' ? w.evidence.A1 : await createDocument(db(w), A1(w), 'evidence'), A1(w).id),
    crossTenant: { as: 'editor', status: 404, call: (w) => reanalysis(w, w.evidence.A2, A1(w).id) },
    crossOrg: { as: 'manager', status: 403, call: (w) => reanalysis(w, w.evidence.B1, B1(w).id) },
    tokens: true,
  },
  'POST /api/evidence/:id/versions': {
    public: false,
    expect: EDITORS(202),
    call: async (w, role) => versionUpload(w, role === 'viewer' || role === 'outsider' || role === 'none' ? w.evidence.A1 : await createDocument(db(w), A1(w), 'evidence'), A1(w).id),
    crossTenant: { as: 'editor', status: 404, call: (w) => versionUpload(w, w.evidence.A2, A1(w).id) },
    crossOrg: { as: 'manager', status: 403, call: (w) => versionUpload(w, w.evidence.B1, B1(w).id) },
    tokens: true,
  },
  'GET /api/contracts/:id/download': downloadRow('contracts'),
  'GET /api/evidence/:id/download': downloadRow('evidence'),
  'GET /api/requirements/export/csv': exportRow('/api/requirements/export/csv'),
  'GET /api/reports/export/executive-summary': exportRow('/api/reports/export/executive-summary'),
  'GET /api/reports/export/gap-analysis': exportRow('/api/reports/export/gap-analysis'),
  '* /admin/queues': noDashboardRow('/admin/queues'),
  '* /admin/queues/*': noDashboardRow('/admin/queues/api/queues/analysis/clean/failed'),
};

/** A concrete URL for a registered route pattern (bull-board's parameters filled with harmless values). */
export function concreteUrl(pattern: string): string {
  const values: Record<string, string> = { queueName: 'analysis', jobId: '424242', queueStatus: 'failed', schedulerId: 'none' };
  return pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'x').replace(/\*$/, 'x');
}
