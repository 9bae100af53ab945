import type { FastifyInstance } from 'fastify';
import { totpCode } from '@compliance/domain/mfa/totp';
import { type Session, api, randomIp } from './test-app';

/** The authenticator's code some steps from now (a code of the step just used is a replay). */
export const codeAt = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * 30_000);

/** Enrols the session's user through the API: start, then confirm with the current code. */
export async function enrollMfa(app: FastifyInstance, session: Session) {
  const start = await api(app, session, 'POST', '/api/auth/mfa/start', {});
  if (start.statusCode !== 200) throw new Error(`mfa start failed: ${start.statusCode} ${start.body}`);
  const { secret } = start.json() as { secret: string };
  const confirm = await api(app, session, 'POST', '/api/auth/mfa/confirm', { code: codeAt(secret) });
  if (confirm.statusCode !== 200) throw new Error(`mfa confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { secret, recoveryCodes: (confirm.json() as { recovery_codes: string[] }).recovery_codes };
}

/** The password step of a login: answers the raw response (a challenge for MFA users). */
export function passwordStep(app: FastifyInstance, username: string, password: string, ip = randomIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });
}

export function codeStep(app: FastifyInstance, challenge: string, code: string, ip = randomIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/login/mfa', payload: { challenge, code }, remoteAddress: ip });
}

/** What a browser keeps from an answer that set the session cookies. */
export function sessionFrom(res: { cookies: { name: string; value: string }[]; json(): unknown }): Session {
  const token = res.cookies.find((c) => c.name === 'session')!.value;
  const csrf = res.cookies.find((c) => c.name === 'csrf_token')!.value;
  return { cookie: `session=${token}; csrf_token=${csrf}`, csrf, userId: (res.json() as { user: { id: string } }).user.id };
}

/** Calls the REST facade with a personal API token only (no cookie, no CSRF header). */
export function bearer(app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method, url, payload: payload as never, remoteAddress: randomIp(), headers: { authorization: `Bearer ${token}`, ...headers } });
}
