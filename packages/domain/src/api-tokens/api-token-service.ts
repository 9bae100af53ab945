import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { unsafeInSessionTransaction } from '../auth/session-repo';
import { type Actor, auditBy } from '../access/actor';
import { callerScope } from '../access/caller';
import { callerFromAccess } from '../access/caller-access';
import { createAuditEntry } from '../audit/audit-repo';
import { notFound } from '../errors';
import type { AuthenticatedSession } from '../auth/session-service';
import { hashToken } from '../auth/tokens';
import { insertApiToken, listApiTokens, revokeApiToken, touchApiToken, unsafeGetApiTokenByHash } from './api-token-repo';

/** Every personal API token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'cpt_';
/** last_used_at is written at most this often, so bearer reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

export const TOKEN_INVALID = 'Invalid API token';
export const TOKEN_REVOKED = 'This API token has been revoked';
export const TOKEN_EXPIRED = 'This API token has expired';
export const ACCOUNT_DEACTIVATED = 'This account is deactivated. Contact your administrator.';

type ApiTokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

function toApiToken(row: ApiTokenRow) {
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    id: row.id,
    name: row.name,
    token_prefix: row.token_prefix,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: iso(row.last_used_at),
    expires_at: new Date(row.expires_at).toISOString(),
    revoked_at: iso(row.revoked_at),
  };
}

export function isApiToken(value: string): boolean {
  return value.startsWith(API_TOKEN_PREFIX);
}

/** Creates a token acting as the caller; the secret is in this answer only (the database keeps its SHA-256). */
export async function createApiToken(db: Kysely<Database>, actor: Actor, input: { name: string; expires_in_days: number }) {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + input.expires_in_days * 86_400_000);
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const row = await insertApiToken(tx, {
      userId: actor.caller.user.id,
      name: input.name,
      tokenHash: hashToken(token),
      tokenPrefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
      expiresAt,
    });
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'api_token_created',
      details: { message: `Created API token "${input.name}"`, token_id: row.id, expires_at: expiresAt.toISOString() },
    });
    return { ...toApiToken(row), token };
  });
}

export async function listMyApiTokens(db: Kysely<Database>, actor: Actor) {
  const rows = await withScope(db, callerScope(actor.caller), (tx) => listApiTokens(tx, actor.caller.user.id));
  return rows.map(toApiToken);
}

/** Revokes one of the caller's own tokens; another user's token is not found. */
export async function revokeMyApiToken(db: Kysely<Database>, actor: Actor, id: string) {
  await withScope(db, callerScope(actor.caller), async (tx) => {
    const row = await revokeApiToken(tx, actor.caller.user.id, id);
    if (!row) throw notFound('API token');
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'api_token_revoked',
      details: { message: `Revoked API token "${row.name}"`, token_id: row.id },
    });
  });
  return { success: true, message: 'API token revoked' };
}

/**
 * Resolves a bearer token to the same caller its user's session would have (system scope, like a
 * session). Answers why it is refused otherwise, so the 401 can say so.
 */
export async function authenticateApiToken(
  db: Kysely<Database>,
  token: string,
): Promise<{ session: AuthenticatedSession; refusal?: undefined } | { session?: undefined; refusal: string }> {
  if (!isApiToken(token) || token.length > 200) return { refusal: TOKEN_INVALID };
  const row = await unsafeGetApiTokenByHash(db, hashToken(token));
  if (!row) return { refusal: TOKEN_INVALID };
  if (row.revoked_at) return { refusal: TOKEN_REVOKED };
  if (new Date(row.expires_at).getTime() <= Date.now()) return { refusal: TOKEN_EXPIRED };
  if (!row.is_active || row.deleted_at) return { refusal: ACCOUNT_DEACTIVATED };
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > TOUCH_INTERVAL_MS) await unsafeInSessionTransaction(db, (tx) => touchApiToken(tx, row.token_id));
  const { token_id, expires_at: _e, revoked_at: _r, last_used_at: _l, access_memberships, access_granted, access_tenants, mfa_enrollment_required, ...user } = row;
  const caller = callerFromAccess(user, { access_memberships, access_granted, access_tenants, mfa_enrollment_required });
  return {
    session: {
      via: 'token' as const,
      sessionId: token_id,
      csrfToken: '',
      persistent: false,
      currentOrganizationId: null,
      currentTenantId: null,
      caller,
      mfaEnrollmentRequired: mfa_enrollment_required,
    },
  };
}
