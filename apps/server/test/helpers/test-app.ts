import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { expect, inject } from 'vitest';
import type { DatabaseHandle } from '@compliance/db/connect';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import { type AiEngine, createAiEngine } from '@compliance/ai/engine';
import { createProcessors } from '@compliance/domain/documents/processors';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/env';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** The app's job queue (uploads made through the domain services use it). */
  queue: InProcessQueue;
  /** The app's job waiters' notifications (tests wait on jobs through the same path as the routes). */
  jobChanges: JobChanges;
  /** The app's cached dashboards and roll-ups. */
  reports: ReportCache;
  /** Every route the app registered (one entry per method), in registration order. */
  routes: { method: string; url: string }[];
  close(): Promise<void>;
}

/** The real app on the run's real database, with a fresh throttle window per app (and the local engine unless given another). */
export async function createTestApp(overrides: Partial<ReturnType<typeof loadConfig>> = {}, engine: AiEngine = createAiEngine({ provider: 'local' })): Promise<TestApp> {
  const handle = await openTestDatabase(inject('databaseUrl'));
  // The suites call the API as fast as they can: request limits far above the shipped ones (request-limits.test.ts checks those).
  const config = { ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', RATE_LIMIT_PER_USER: '1000000', RATE_LIMIT_PER_ADDRESS: '1000000' }), ...overrides };
  // The in-process driver, without recovering other files' jobs from the shared test database.
  const queue = new InProcessQueue(handle.db, createProcessors(handle.db, engine), 2);
  const jobChanges = new JobChanges(handle.listen);
  const reports = new ReportCache(handle.listen);
  const routes: TestApp['routes'] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  const app = await buildApp({ deps: { db: handle.db, config, queue, engine, jobChanges, reports }, databaseKind: handle.kind, logger: false, onRoute });
  await app.ready();
  return {
    app,
    handle,
    queue,
    jobChanges,
    reports,
    routes,
    async close() {
      await app.close();
      await queue.close();
      await handle.close();
    },
  };
}

export interface Session {
  cookie: string;
  csrf: string;
  userId: string;
}

function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

/**
 * A client address of its own: the login throttle counts failures per address across the whole run's
 * database, so every test that logs in (or fails to) uses a fresh one and never trips another's limit.
 */
export function randomIp(): string {
  return `10.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Logs in through the REST facade and returns what a browser would keep. */
export async function login(app: FastifyInstance, username: string, password: string, ip = randomIp()): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const token = cookieValue(res, 'session')!;
  const csrf = cookieValue(res, 'csrf_token')!;
  return { cookie: `session=${token}; csrf_token=${csrf}`, csrf, userId: res.json().user.id };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the REST facade as a signed-in user (cookie and CSRF header, like the browser). */
export function api(app: FastifyInstance, session: Session | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    payload: payload as never,
    remoteAddress: randomIp(),
    headers: {
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      ...headers,
    },
  });
}

/** Logs in with a wrong password (or an unknown name) from the given address; answers the raw response. */
export function attemptLogin(app: FastifyInstance, username: string, password: string, ip: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });
}

/** An error answer of the REST facade: the status, a JSON body with a readable detail, never a stack. */
export function expectError(res: LightMyRequestResponse, status: number, detail?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { detail?: unknown };
  expect(typeof body.detail).toBe('string');
  expect((body.detail as string).length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|SELECT |INSERT |violates/);
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else if (detail) expect(body.detail).toMatch(detail);
  return body.detail as string;
}
