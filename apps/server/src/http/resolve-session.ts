import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { authenticateApiToken } from '@compliance/domain/api-tokens/api-token-service';
import { type AuthenticatedSession, authenticate } from '@compliance/domain/auth/session-service';
import { SESSION_COOKIE } from './cookies';

export const NOT_AUTHENTICATED = 'Not authenticated. Please log in.';

/**
 * Who is calling: a personal API token (Authorization: Bearer) when the request carries one, else
 * the session cookie. A refused token says why (revoked, expired, deactivated) instead of the
 * generic answer, and never falls back to a cookie.
 */
export async function resolveSession(req: FastifyRequest, db: Kysely<Database>): Promise<{ session: AuthenticatedSession | null; failure: string }> {
  const authorization = req.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (bearer) {
    const outcome = await authenticateApiToken(db, bearer);
    return outcome.session ? { session: outcome.session, failure: NOT_AUTHENTICATED } : { session: null, failure: outcome.refusal };
  }
  const token = req.cookies?.[SESSION_COOKIE];
  return { session: token ? await authenticate(db, token) : null, failure: NOT_AUTHENTICATED };
}
