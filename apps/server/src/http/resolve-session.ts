import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MFA_ENROLLMENT_REQUIRED, MFA_ENROLLMENT_REQUIRED_TOKEN } from '@compliance/contracts/access';
import type { Database } from '@compliance/db/schema';
import { authenticateApiToken } from '@compliance/domain/api-tokens/api-token-service';
import { type AuthenticatedSession, type SessionLifetime, authenticate } from '@compliance/domain/auth/session-service';
import { SESSION_COOKIE } from './cookies';

export const NOT_AUTHENTICATED = 'Not authenticated. Please log in.';

type Resolved = { session: AuthenticatedSession | null; failure: string };

/** One resolution per request: the rate limiter, the procedures and the plain routes all ask. */
const resolved = new WeakMap<FastifyRequest, Promise<Resolved>>();

/**
 * Who is calling: a personal API token (Authorization: Bearer) when the request carries one, else
 * the session cookie. A refused token says why (revoked, expired, deactivated) instead of the
 * generic answer, and never falls back to a cookie.
 */
export function resolveSession(req: FastifyRequest, db: Kysely<Database>, lifetime: SessionLifetime): Promise<Resolved> {
  let pending = resolved.get(req);
  if (!pending) {
    pending = resolve(req, db, lifetime);
    resolved.set(req, pending);
  }
  return pending;
}

async function resolve(req: FastifyRequest, db: Kysely<Database>, lifetime: SessionLifetime): Promise<Resolved> {
  const authorization = req.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (bearer) {
    const outcome = await authenticateApiToken(db, bearer);
    return outcome.session ? { session: outcome.session, failure: NOT_AUTHENTICATED } : { session: null, failure: outcome.refusal };
  }
  const token = req.cookies?.[SESSION_COOKIE];
  return { session: token ? await authenticate(db, token, lifetime) : null, failure: NOT_AUTHENTICATED };
}

/**
 * Why a session or token may not be used until its user enrols in MFA, or null when it may. A browser
 * session may still enrol and log out (enrollmentStep); an API token may do nothing.
 */
export function mfaEnrollmentRefusal(session: AuthenticatedSession, enrollmentStep = false): string | null {
  if (!session.mfaEnrollmentRequired) return null;
  if (session.via === 'token') return MFA_ENROLLMENT_REQUIRED_TOKEN;
  return enrollmentStep ? null : MFA_ENROLLMENT_REQUIRED;
}
