import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/routers/app-router';
import { type World, buildWorld, listRestProcedures } from './helpers/matrix-world';
import { type Method, type Session, type TestApp, createTestApp, login, randomIp } from './helpers/test-app';
import { PASSWORD, unique } from './helpers/factories';
import { probe } from './helpers/db-probe';
import { type Rng, asText, createRng, hashString, hostileText, hostileValue, mutateInput, randomInput, randomUuid, wellFormed } from './helpers/fuzz-input';

/**
 * Every REST procedure of the router, called with hostile bodies and queries by the strongest caller
 * (a product admin) and by an Editor of one tenant: never a 5xx, always a JSON {detail} without
 * internals on a 4xx, an answer within seconds, and no audit entry for anything that was refused.
 * FUZZ_RUNS raises the number of inputs per procedure and caller; FUZZ_SEED replays another seed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const TIME_LIMIT_MS = 5_000;
const CALLERS = ['productAdmin', 'editor'] as const;
type Caller = (typeof CALLERS)[number];

/** Signs of internals in an answer; one the request itself contained (a detail may quote the input) does not count. */
const INTERNALS = [/\bat .+\.(ts|js):\d+/, /node_modules/, new RegExp(process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), /SELECT |INSERT |UPDATE .+ SET/, /violates|syntax error at/, /ZodError|TypeError|ReferenceError|RangeError/, /relation "/];

let t: TestApp;
let w: World;
const sessions = {} as Record<Caller, Session>;
const tally = { procedures: 0, calls: 0, ok: 0, server: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  sessions.productAdmin = w.sessions.productAdmin;
  sessions.editor = w.sessions.editor;
}, 60_000);
afterAll(async () => t.close());

/** The field names of a procedure's input schema (zod objects, through pipes and wrappers). */
function inputFields(name: string): string[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>;
  const fields = new Set<string>();
  const visit = (schema: unknown, depth: number): void => {
    if (!schema || typeof schema !== 'object' || depth > 5) return;
    const s = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown> };
    if (s.shape && typeof s.shape === 'object') for (const key of Object.keys(s.shape)) fields.add(key);
    for (const inner of ['in', 'out', 'innerType', 'schema']) visit(s.def?.[inner], depth + 1);
  };
  for (const schema of procedures[name]?._def.inputs ?? []) visit(schema, 0);
  return [...fields];
}

/** Ids that exist, per procedure: none of them can take away the fuzzing callers' own access. */
function realIds(name: string): string[] {
  const [area] = name.split('.');
  if (name === 'reports.rollup') return [w.orgA.id, w.orgB.id];
  if (area === 'organizations' || area === 'mfa') return [w.orgB.id];
  if (area === 'users') return [w.users.targetA.id, w.users.userB.id];
  if (area === 'tenants') return [w.orgA.tenants[1]!.id, w.orgB.tenants[0]!.id];
  if (area === 'requirements') return Object.values(w.requirements);
  if (area === 'contracts') return [w.contracts.A1, w.contracts.B1];
  if (area === 'evidence') return [w.evidence.A1, w.evidence.B1];
  if (area === 'jobs') return [w.jobs.A1, w.jobs.B1];
  return [];
}

const A1 = () => w.orgA.tenants[0]!.id;
const POLICY_REQUEST = { policy_type: 'Access Control Policy', frameworks: [], include_contracts: true };

/** A valid input per procedure (path parameters are filled separately); procedures not named here start from {}. */
function validInput(name: string): Record<string, unknown> {
  const username = unique('fz');
  const inputs: Record<string, Record<string, unknown>> = {
    'auth.login': { username: w.users.targetA.username, password: PASSWORD },
    'auth.logout': {},
    'auth.selectTenant': { tenant_id: A1() },
    'auth.selectOrganization': { organization_id: w.orgA.id },
    'users.create': { username, email: `${username}@fuzz.example`, password: 'long-enough-pw', role: 'Viewer', organization_id: w.orgA.id },
    'organizations.create': { name: unique('FuzzOrg'), description: 'fuzz' },
    'organizations.update': { description: 'fuzz' },
    'tenants.list': { organization_id: w.orgA.id },
    'tenants.create': { name: unique('FuzzT'), assigned_frameworks: ['HIPAA'], organization_id: w.orgA.id },
    'tenants.update': { description: 'fuzz' },
    'audit.list': { limit: '50', username: 'fz' },
    'requirements.stats': { tenant_id: A1() },
    'requirements.updateResponse': { user_response: 'Reviewed quarterly.', status: 'In Progress' },
    'requirements.assign': { requirement_ids: [w.requirements.A1], due_date: '2031-01-31' },
    'reports.dashboard': { tenant_id: A1() },
    'evidence.list': { tenant_id: A1() },
    'evidence.reviewLink': { state: 'accepted' },
    'contracts.reviewObligation': { state: 'rejected' },
    'policies.templates': { tenant_id: A1() },
    'policies.generate': POLICY_REQUEST,
    'policies.startGeneration': POLICY_REQUEST,
    'policies.saveToEvidence': { policy_type: 'Access Control Policy', content: '# Access Control Policy\n\nAccess is reviewed.' },
    'assistant.chat': { messages: [{ role: 'user', content: 'What is our overall compliance rate?' }] },
    'mfa.login': { challenge: 'x'.repeat(40), code: '123456' },
    'mfa.enrollStart': { challenge: 'x'.repeat(40) },
    'mfa.enrollConfirm': { challenge: 'x'.repeat(40), code: '123456' },
    'mfa.confirm': { code: '123456' },
    'mfa.disable': { password: 'not-the-password-1', code: '123456' },
    'auth.changePassword': { current_password: 'not-the-password-1', new_password: 'Velvet-Orbit-Lantern-93' },
    'auth.loginPassword': { challenge: 'x'.repeat(40), new_password: 'Velvet-Orbit-Lantern-93' },
    'mfa.setRequirement': { require_mfa: false },
    'tokens.create': { name: unique('fuzz-token'), expires_in_days: 1 },
  };
  return { ...inputs[name] };
}

interface Request {
  method: Method;
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

/** One hostile request: path parameters real or random, then a mutated valid input or a wholly random one as query or body. */
function buildRequest(rng: Rng, name: string, method: Method, path: string, caller: Caller): Request {
  const fields = inputFields(name);
  const valid = validInput(name);
  const input = rng.chance(0.5) ? mutateInput(rng, valid, fields) : randomInput(rng, fields);
  const ids = realIds(name);
  const params: string[] = path.match(/\{(\w+)\}/g) ?? [];
  const url = `/api${path.replace(/\{(\w+)\}/g, () => {
    const value = rng.chance(0.5) && ids.length ? rng.pick(ids) : rng.chance(0.5) ? randomUuid(rng) : asText(hostileValue(rng));
    return encodeURIComponent(wellFormed(value)) || '%20';
  })}`;
  const tenant = rng.chance(0.9) ? A1() : wellFormed(hostileText(rng)).replace(/[^\x21-\x7e]/g, '').slice(0, 200) || randomUuid(rng);
  const headers: Record<string, string> = { cookie: sessions[caller].cookie, 'x-csrf-token': sessions[caller].csrf, 'x-tenant-id': tenant };
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams();
    const entries: [string, unknown][] = input && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [['q', input]];
    for (const [key, value] of entries) {
      if (params.includes(`{${key}}`)) continue;
      for (const item of Array.isArray(value) && rng.chance(0.5) ? value : [value]) query.append(wellFormed(key), wellFormed(asText(item)));
    }
    const text = query.toString();
    return { method, url: text ? `${url}?${text}` : url, headers };
  }
  return { method, url, payload: JSON.stringify(input) ?? 'null', headers: { ...headers, 'content-type': 'application/json' } };
}

/** Audit entries written by the two fuzzing callers so far. */
async function auditCount(): Promise<number> {
  const ids = [w.users.productAdmin.id, w.users.editor.id];
  return probe(t.handle.db, async (tx) => Number((await tx.selectFrom('audit_logs').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', ids).executeTakeFirstOrThrow()).n));
}

function checkAnswer(res: LightMyRequestResponse, request: Request, label: string) {
  const status = res.statusCode;
  tally.calls++;
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
  if (status >= 500) tally.server++;
  else if (status < 300) tally.ok++;
  expect(status, `${label} → ${res.body.slice(0, 500)}`).toBeLessThan(500);
  // Every answer, refused or not, carries the security headers (http/security-headers.ts).
  expect(res.headers['content-security-policy'], label).toMatch(/frame-ancestors 'none'/);
  expect([res.headers['x-frame-options'], res.headers['x-content-type-options']], label).toEqual(['DENY', 'nosniff']);
  if (status < 400) return;
  expect(res.headers['content-type'], label).toMatch(/application\/json/);
  const body = res.json() as { detail?: unknown };
  expect(typeof body.detail, `${label} → ${res.body.slice(0, 300)}`).toBe('string');
  expect((body.detail as string).length, label).toBeGreaterThan(0);
  const sent = `${decodeURIComponent(request.url.replace(/\+/g, ' '))} ${request.payload ?? ''}`;
  expect(INTERNALS.filter((pattern) => pattern.test(res.body) && !pattern.test(sent)), `${label} → ${res.body.slice(0, 300)}`).toEqual([]);
}

const procedures = listRestProcedures();

describe(`fuzz every REST procedure (seed ${SEED}, ${RUNS} inputs per procedure and caller)`, () => {
  it('finds every procedure of the router with a REST route', () => {
    expect(procedures.length).toBeGreaterThan(50);
    for (const p of procedures) expect(p.openapi, p.name).toBeDefined();
  });

  it.each(procedures.map((p) => [p.name, p.openapi!.method, p.openapi!.path] as const))(
    `%s (%s %s) survives hostile input, seed ${SEED}`,
    async (name, method, path) => {
      tally.procedures++;
      const rng = createRng(SEED ^ hashString(name));
      for (let run = 0; run < RUNS; run++) {
        for (const caller of CALLERS) {
          const request = buildRequest(rng, name, method as Method, path, caller);
          const label = `${name} as ${caller}, run ${run} (seed ${SEED}): ${request.method} ${request.url.slice(0, 200)} ${request.payload?.slice(0, 200) ?? ''}`;
          const before = await auditCount();
          const started = performance.now();
          const res = await t.app.inject({ ...request, remoteAddress: randomIp() });
          expect(performance.now() - started, `${label} took too long`).toBeLessThan(TIME_LIMIT_MS);
          checkAnswer(res, request, label);
          if (res.statusCode >= 300) expect(await auditCount(), `${label} wrote an audit entry though refused`).toBe(before);
          // A logout that went through ends the caller's session: log in again rather than skip the procedure.
          if (name === 'auth.logout' && res.statusCode < 300) sessions[caller] = await login(t.app, w.users[caller].username, PASSWORD);
        }
      }
    },
    60_000,
  );

  it('answered no call with a 5xx', () => {
    const statuses = [...tally.byStatus].filter(([s]) => s >= 400).sort(([a], [b]) => a - b).map(([s, n]) => `${s}=${n}`).join(' ');
    console.log(`fuzz-procedures seed=${SEED} runs=${RUNS}: procedures=${tally.procedures} calls=${tally.calls} 2xx=${tally.ok} 4xx: ${statuses} 5xx=${tally.server}`);
    expect(tally.procedures).toBe(procedures.length);
    expect(tally.calls).toBe(procedures.length * RUNS * CALLERS.length);
    expect(tally.server).toBe(0);
  });
});
