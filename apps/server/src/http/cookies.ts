import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { NewSession } from '@compliance/domain/auth/session-service';

export const SESSION_COOKIE = 'session';
/** Readable by the page, echoed back in the X-CSRF-Token header on every state-changing call. */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

/** A 'Keep me logged in' session gets a persistent cookie; otherwise it lives as long as the browser. */
export function setSessionCookies(reply: FastifyReply, session: NewSession, secure: boolean) {
  const base = { path: '/', sameSite: 'lax' as const, secure };
  const expires = session.persistent ? { expires: session.expiresAt } : {};
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, ...expires, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...base, ...expires, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
}
