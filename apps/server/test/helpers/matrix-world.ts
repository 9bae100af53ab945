import type { LightMyRequestResponse } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { expect } from 'vitest';
import { appRouter } from '../../src/routers/app-router';
import { type Method, type Session, type TestApp, api, login } from './test-app';
import { type OrgFixture, PASSWORD, type UserFixture, createUser } from './factories';
import { createComplianceOrg } from './compliance-fixtures';
import { probe } from './db-probe';
import { createJob } from '@compliance/domain/jobs/job-service';

/** The callers of the authorization matrix: every kind of power, plus a user of another organization and nobody. */
export const ROLES = ['productAdmin', 'manager', 'admin', 'editor', 'viewer', 'outsider', 'none'] as const;
export type Role = (typeof ROLES)[number];
export type SignedRole = Exclude<Role, 'none'>;

/**
 * Organization A (tenants A1, A2) where the callers live, and organization B (tenant B1) of the outsider.
 * targetA is a Viewer in A1 that user-directed calls aim at; userA2 reaches only A2 (the cross-tenant
 * target); userB reaches only B1 (the cross-organization target).
 */
export interface World {
  t: TestApp;
  orgA: OrgFixture;
  orgB: OrgFixture;
  users: Record<SignedRole | 'targetA' | 'userA2' | 'userB', UserFixture>;
  sessions: Record<SignedRole | 'userA2' | 'userB', Session>;
  /** One requirement of each tenant (tenant_requirements ids). */
  requirements: { A1: string; A2: string; B1: string };
  /** One contract, one evidence document and one job of each tenant. */
  contracts: { A1: string; A2: string; B1: string };
  evidence: { A1: string; A2: string; B1: string };
  jobs: { A1: string; A2: string; B1: string };
  /** What a tenant-A1 user must never see of A2, and what any user of A must never see of B. */
  foreign: { tenant: string[]; org: string[] };
}

export async function buildWorld(t: TestApp): Promise<World> {
  const db = t.handle.db;
  const orgA = await createComplianceOrg(db, [['HIPAA'], ['ISO 27001']]);
  const orgB = await createComplianceOrg(db, [['HIPAA']]);
  const [A1, A2, B1] = [orgA.tenants[0]!, orgA.tenants[1]!, orgB.tenants[0]!];
  const users = {
    productAdmin: await createUser(db, { productAdmin: true }),
    manager: await createUser(db, { manages: [orgA.id] }),
    admin: await createUser(db, { role: 'Admin', memberOf: [orgA.id] }),
    editor: await createUser(db, { role: 'Editor', tenants: [A1] }),
    viewer: await createUser(db, { role: 'Viewer', tenants: [A1] }),
    outsider: await createUser(db, { role: 'Admin', manages: [orgB.id] }),
    targetA: await createUser(db, { role: 'Viewer', tenants: [A1] }),
    userA2: await createUser(db, { role: 'Editor', tenants: [A2] }),
    userB: await createUser(db, { role: 'Editor', tenants: [B1] }),
  };
  const sessions = {} as World['sessions'];
  for (const key of ['productAdmin', 'manager', 'admin', 'editor', 'viewer', 'outsider', 'userA2', 'userB'] as const) {
    sessions[key] = await login(t.app, users[key].username, PASSWORD);
  }
  // Leave traces in A2 and in B (audit entries naming their tenants) for the denial checks to look for.
  await api(t.app, sessions.userA2, 'PUT', '/api/auth/current-tenant', { tenant_id: A2.id });
  await api(t.app, sessions.userB, 'PUT', '/api/auth/current-tenant', { tenant_id: B1.id });
  const requirementOf = (tenantId: string) =>
    probe(db, async (tx) => (await tx.selectFrom('tenant_requirements').select('id').where('tenant_id', '=', tenantId).orderBy('catalog_key').limit(1).executeTakeFirstOrThrow()).id);
  const requirements = { A1: await requirementOf(A1.id), A2: await requirementOf(A2.id), B1: await requirementOf(B1.id) };
  const contracts = { A1: await createDocument(db, A1, 'contract'), A2: await createDocument(db, A2, 'contract'), B1: await createDocument(db, B1, 'contract') };
  const evidence = { A1: await createDocument(db, A1, 'evidence'), A2: await createDocument(db, A2, 'evidence'), B1: await createDocument(db, B1, 'evidence') };
  // Requirement A1 is supported by evidence A1, so a suggested response can be written for it.
  await probe(db, (tx) =>
    tx.insertInto('evidence_links').values({ tenant_id: A1.id, organization_id: orgA.id, document_id: evidence.A1, tenant_requirement_id: requirements.A1, confidence: 0.8, excerpt: 'Access is reviewed quarterly.' }).execute(),
  );
  const jobOf = (tenant: { id: string; organization_id: string }, documentId: string) =>
    probe(db, (tx) => createJob(tx, { tenantId: tenant.id, organizationId: tenant.organization_id, name: 'analyze-evidence', payload: { documentId, tenantId: tenant.id }, createdBy: null }));
  const jobs = { A1: await jobOf(A1, evidence.A1), A2: await jobOf(A2, evidence.A2), B1: await jobOf(B1, evidence.B1) };
  return {
    t,
    orgA,
    orgB,
    users,
    sessions,
    requirements,
    contracts,
    evidence,
    jobs,
    foreign: {
      tenant: [A2.id, A2.name, users.userA2.id, users.userA2.username, requirements.A2, contracts.A2, evidence.A2, jobs.A2],
      org: [orgB.id, orgB.name, B1.id, B1.name, users.userB.id, users.userB.username, users.outsider.id, users.outsider.username, requirements.B1, contracts.B1, evidence.B1, jobs.B1],
    },
  };
}

/** A stored document of a tenant (row and bytes), as an upload leaves it before analysis. */
export async function createDocument(db: TestApp['handle']['db'], tenant: { id: string; organization_id: string }, kind: 'contract' | 'evidence') {
  return probe(db, async (tx) => {
    const content = Buffer.from(`${kind} of ${tenant.id}`);
    const { id } = await tx
      .insertInto('documents')
      .values({ tenant_id: tenant.id, organization_id: tenant.organization_id, kind, name: `${kind}-${tenant.id.slice(0, 8)}`, filename: `${kind}.txt`, file_kind: 'txt', content_type: 'text/plain', size_bytes: content.length, sha256: 'x', description: null, document_type: kind === 'evidence' ? 'Policy' : null, uploaded_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('document_files').values({ document_id: id, tenant_id: tenant.id, content }).execute();
    return id;
  });
}

type OpenApi = NonNullable<OpenApiMeta['openapi']>;

/** Every procedure of the router with its REST method and path, read from the router itself. */
export function listProcedures(): { name: string; type: string; openapi: OpenApi | undefined }[] {
  // _def.procedures is the flat record of the router ('auth.login', ...); its static type is the nested one.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: OpenApiMeta } }>;
  return Object.entries(procedures).map(([name, p]) => ({ name, type: p._def.type, openapi: p._def.meta?.openapi }));
}

/** Subscriptions have no REST route (server-sent events over /trpc only); they are tested on their own. */
export function listRestProcedures() {
  return listProcedures().filter((p) => p.type !== 'subscription');
}

export interface Call {
  input?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** A session other than the role's own (a fresh one for calls that end it). */
  session?: Session | null;
}

/** Calls one procedure through the REST facade the way its OpenAPI meta says: path parameters, query or JSON body. */
export function callProcedure(t: TestApp, openapi: OpenApi, session: Session | null, call: Call): Promise<LightMyRequestResponse> {
  const rest: Record<string, unknown> = { ...call.input };
  const path = openapi.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  const method = openapi.method as Method;
  const url = `/api${path}`;
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams(rest as Record<string, string>).toString();
    return api(t.app, session, method, query ? `${url}?${query}` : url, undefined, call.headers);
  }
  return api(t.app, session, method, url, rest, call.headers);
}

/** Expected status per signed-in role for one procedure. */
export type Expect = Record<SignedRole, number>;

/** One cross-tenant or cross-organization attempt. */
export interface Cross {
  as: SignedRole;
  status: number;
  call: (w: World) => Call | Promise<Call>;
  /** Checks that nothing of the other side changed. */
  after?: (w: World) => Promise<void>;
}

/** A procedure's row of the authorization matrix. */
export interface MatrixRow {
  expect: Expect;
  call: (w: World, role: Role) => Call | Promise<Call>;
  crossTenant: Cross;
  crossOrg: Cross;
}

export const ALL: Expect = { productAdmin: 200, manager: 200, admin: 200, editor: 200, viewer: 200, outsider: 200 };
export const allBut = (over: Partial<Expect>): Expect => ({ ...ALL, ...over });

/** Every id and name of the world: a denied answer may name only the caller's own. */
export const everyName = (w: World) => [
  w.orgA.id, w.orgA.name, w.orgB.id, w.orgB.name,
  ...[...w.orgA.tenants, ...w.orgB.tenants].flatMap((x) => [x.id, x.name]),
  ...Object.values(w.users).flatMap((x) => [x.id, x.username]),
];

export const expectAbsent = (res: LightMyRequestResponse, tokens: string[]) => {
  for (const token of tokens) expect(res.body, `answer leaks ${token}`).not.toContain(token);
};
