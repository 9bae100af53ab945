import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { multipartBody } from './multipart';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const DEMO_PASSWORD = 'ChangeMe-Demo-2026';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Still running (no exit seen). */
  alive(): boolean;
  /** What it wrote to stderr, for a failure message. */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * `apps/server/src/main.ts` as a real process, the way `npm start` runs it (tsx), on a temporary data
 * folder; resolves once /readyz answers. Its own process group, so stop() reaches tsx's node child too.
 */
export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cp-server-'));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
    env: { ...process.env, DATABASE_URL: undefined, REDIS_URL: undefined, NODE_ENV: 'test', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let exited = false;
  let stderr = '';
  child.stderr!.on('data', (data) => (stderr = (stderr + String(data)).slice(-4000)));
  child.on('exit', () => (exited = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    baseUrl,
    child,
    alive: () => !exited,
    errors: () => stderr,
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid!, 'SIGTERM');
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (!exited) process.kill(-child.pid!, 'SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const end = Date.now() + 90_000;
  while (Date.now() < end) {
    if (exited) throw new Error(`the server exited before it was ready:\n${stderr}`);
    const ready = await fetch(`${baseUrl}/readyz`).then((answer) => answer.ok, () => false);
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`the server did not become ready:\n${stderr}`);
}

export interface HttpSession {
  cookie: string;
  csrf: string;
  tenantId: string;
}

/** Signs in with a password and reads the session's current tenant. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<HttpSession> {
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookies = login.headers.getSetCookie().map((line) => line.split(';')[0]!);
  const csrf = cookies.find((pair) => pair.startsWith('csrf_token='))!.slice('csrf_token='.length);
  const cookie = cookies.join('; ');
  const me = (await (await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } })).json()) as { current_tenant_id: string | null };
  if (!me.current_tenant_id) throw new Error('the signed-in user has no current tenant');
  return { cookie, csrf, tenantId: me.current_tenant_id };
}

/** POST /api/evidence/upload, waiting for the analysis as the REST default does; the status and JSON answer. */
export async function uploadEvidence(baseUrl: string, session: HttpSession, filename: string, content: Buffer): Promise<{ status: number; body: { detail?: string; message?: string } }> {
  const { payload, contentType } = multipartBody({ filename, content }, { name: filename, document_type: 'Policy' });
  const answer = await fetch(`${baseUrl}/api/evidence/upload?tenant_id=${session.tenantId}`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': contentType },
    body: payload,
  });
  return { status: answer.status, body: (await answer.json()) as { detail?: string; message?: string } };
}

export interface HealthProbe {
  /** Stops probing; the slowest answer, and the probes that failed or took longer than the limit. */
  stop(): Promise<{ probes: number; slowestMs: number; late: number; lateAt: { atMs: number; tookMs: number; ok: boolean }[] }>;
}

/** Asks `url` every 50 ms from a probe process of its own (`health-probe.mjs`) and times each answer. */
export function probeHealth(url: string, limitMs = 200): HealthProbe {
  const child = spawn(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'health-probe.mjs'), url, String(limitMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (data) => (output += String(data)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async stop() {
      child.stdin!.end();
      await exited;
      return JSON.parse(output);
    },
  };
}
