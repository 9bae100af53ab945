import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { DatabaseHandle } from '@compliance/db/connect';
import { openTestDatabase } from '@compliance/db/testing/test-database';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/env';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on the run's real database, with a fresh throttle window per app. */
export async function createTestApp(overrides: Partial<ReturnType<typeof loadConfig>> = {}): Promise<TestApp> {
  const handle = await openTestDatabase(inject('databaseUrl'));
  const config = { ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), ...overrides };
  const app = await buildApp({ deps: { db: handle.db, config }, databaseKind: handle.kind, logger: false });
  await app.ready();
  return {
    app,
    handle,
    async close() {
      await app.close();
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

/** Logs in through the REST facade and returns what a browser would keep. */
export async function login(app: FastifyInstance, username: string, password: string, ip = '10.9.0.1'): Promise<Session> {
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the REST facade as a signed-in user (cookie and CSRF header, like the browser). */
export function api(app: FastifyInstance, session: Session | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    payload: payload as never,
    headers: {
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      ...headers,
    },
  });
}
