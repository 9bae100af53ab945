import type { FastifyRequest } from 'fastify';
import type { AuthenticatedSession } from '@compliance/domain/auth/session-service';
import { AppError } from '@compliance/domain/errors';
import type { AppDeps } from '../trpc/context';
import { CSRF_HEADER } from './cookies';
import { mfaEnrollmentRefusal, resolveSession } from './resolve-session';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_REFUSED = 'Cross-site request refused';
export const CSRF_REFUSED = 'Missing or invalid CSRF token. Reload the page and try again.';

/**
 * Whether a request comes from this site's own pages: the browser's Sec-Fetch-Site, when sent, says
 * same-origin (or none: typed by the user), and the Origin, when sent, names this host (read the way
 * the Origin is read, so "localhost:80" equals "http://localhost"). `requireOrigin` refuses a request
 * without Origin (the queue dashboard, whose pages send no CSRF token).
 */
export function isSameOrigin(req: FastifyRequest, options: { requireOrigin?: boolean } = {}): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (!origin) return !options.requireOrigin;
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  try {
    const originUrl = new URL(origin);
    return typeof host === 'string' && new URL(`${originUrl.protocol}//${host}`).host === originUrl.host;
  } catch {
    return false;
  }
}

/** A state-changing request must come from our own pages. */
export function assertSameOrigin(req: FastifyRequest, options: { requireOrigin?: boolean } = {}): void {
  if (!isSameOrigin(req, options)) throw new AppError('FORBIDDEN', CROSS_SITE_REFUSED);
}

/** A cookie-authenticated state change must echo the session's CSRF token (a bearer call carries no cookie). */
export function assertCsrf(req: FastifyRequest, session: AuthenticatedSession): void {
  if (session.via === 'cookie' && req.headers[CSRF_HEADER] !== session.csrfToken) throw new AppError('FORBIDDEN', CSRF_REFUSED);
}

/**
 * The one authentication of every edge (tRPC procedures, plain routes, the queue dashboard): the
 * caller from a personal API token or the session cookie (one query, briefly cached), refused when
 * absent; on a state change, same origin and the CSRF token. `enrollmentStep` lets a session that
 * must enrol in MFA through (enrolment itself, who am I, logout).
 */
export async function authenticate(
  req: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'config'>,
  options: { mutation: boolean; enrollmentStep?: boolean },
): Promise<AuthenticatedSession> {
  if (options.mutation) assertSameOrigin(req);
  const { session, failure } = await resolveSession(req, deps.db, deps.config.sessionLifetime);
  if (!session) throw new AppError('UNAUTHORIZED', failure);
  if (options.mutation) assertCsrf(req, session);
  const refusal = mfaEnrollmentRefusal(session, options.enrollmentStep ?? false);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  return session;
}

/** Whether a request changes state (anything but GET, HEAD and OPTIONS). */
export function isMutation(req: FastifyRequest): boolean {
  return !SAFE_METHODS.has(req.method);
}
