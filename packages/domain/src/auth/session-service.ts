import type { Kysely } from 'kysely';
import type { User } from '@compliance/contracts/auth';
import type { Database } from '@compliance/db/schema';
import type { LoginChallengePurpose } from '@compliance/db/schema';
import type { Tx } from '@compliance/db/scope';
import type { Actor } from '../access/actor';
import { type Caller, type PublicUserRow, loadCaller, visibleOrgIds } from '../access/caller';
import { type CallerAccessColumns, callerFromAccess } from '../access/caller-access';
import { callerCacheGeneration, readCallerCache, writeCallerCache } from '../access/caller-cache';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, forbidden } from '../errors';
import { toUser } from '../users/user-mapper';
import { issueLoginChallenge, secondStepFor } from '../mfa/login-challenges';
import { getMfaFactor } from '../mfa/mfa-repo';
import { verifyPassword } from './passwords';
import { RESET_CODE_EXPIRED, checkResetCode } from './reset-codes';
import {
  createSession,
  deleteSession,
  touchSession,
  unsafeInLoginTransaction,
  unsafeGetSessionByTokenHash,
  unsafeInSessionTransaction,
  updateSessionSelection,
} from './session-repo';
import {
  type ThrottlePolicy,
  assertNotThrottled,
  clearLoginFailures,
  lockLoginAttempts,
  recordLoginFailure,
} from './throttle';
import { createToken, hashToken } from './tokens';

export const PERSISTENT_SESSION_DAYS = 30;
/** A browser-session login also ends on the server after this much inactivity. */
export const SESSION_IDLE_HOURS = 12;

/**
 * How long a session lives at most from its login, however active it is: the idle expiry slides
 * only within this. A session with 'Keep me logged in' has its own, longer limit.
 */
export interface SessionLifetime {
  maxHours: number;
  rememberMaxDays: number;
}

/** When the session must end whatever its activity. */
function absoluteExpiry(lifetime: SessionLifetime, persistent: boolean, createdAt: Date): Date {
  const span = persistent ? lifetime.rememberMaxDays * 86_400_000 : lifetime.maxHours * 3_600_000;
  return new Date(createdAt.getTime() + span);
}

/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface NewSession {
  token: string;
  csrfToken: string;
  persistent: boolean;
  expiresAt: Date;
  user: User;
}

function expiryFor(persistent: boolean, from = Date.now()): Date {
  return new Date(from + (persistent ? PERSISTENT_SESSION_DAYS * 86_400_000 : SESSION_IDLE_HOURS * 3_600_000));
}

/** The tenant and organization a new session starts in. */
export function defaultSelection(caller: Caller): { organizationId: string | null; tenantId: string | null } {
  const first = caller.tenants.values().next().value;
  if (first) return { organizationId: first.organization_id, tenantId: first.id };
  const org = [...caller.managedOrgIds, ...caller.memberOrgIds][0] ?? null;
  return { organizationId: org, tenantId: null };
}

/**
 * The organization a login or logout entry is filed under: the selected one only when the user belongs
 * to it (membership or a granted tenant). A product admin's default selection is merely the first
 * organization of all, whose administrators must not read about that admin's sessions.
 */
function ownOrganization(caller: Caller, organizationId: string | null): string | null {
  if (!organizationId) return null;
  const belongs =
    caller.memberOrgIds.has(organizationId) ||
    caller.grantedTenantIds.some((id) => caller.tenants.get(id)?.organization_id === organizationId);
  return belongs ? organizationId : null;
}

/** A finished login, or the step it waits for: a code, enrolment its organization requires, or a new password after a reset code. */
export type LoginOutcome =
  | { session: NewSession; challenge?: undefined }
  | { session?: undefined; challenge: string; purpose: LoginChallengePurpose };

/**
 * Starts the session of a user who passed every step of the login: the session row, the cleared
 * failure count and the login entry. Runs in the login's own transaction.
 */
export async function openSession(
  tx: Tx,
  user: PublicUserRow,
  rememberMe: boolean,
  meta: RequestMeta,
  extraDetails: Record<string, unknown> = {},
): Promise<NewSession> {
  const caller = await loadCaller(tx, user);
  const selection = defaultSelection(caller);
  const token = createToken();
  const csrfToken = createToken();
  const expiresAt = expiryFor(rememberMe);
  await createSession(tx, {
    tokenHash: hashToken(token),
    userId: user.id,
    csrfToken,
    persistent: rememberMe,
    expiresAt,
    organizationId: selection.organizationId,
    tenantId: selection.tenantId,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  await clearLoginFailures(tx, user.username);
  await createAuditEntry(tx, {
    userId: user.id,
    username: user.username,
    action: 'login',
    details: { message: `User ${user.username} logged in`, keep_logged_in: rememberMe, ...extraDetails },
    organizationId: ownOrganization(caller, selection.organizationId),
    ip: meta.ip,
  });
  return { token, csrfToken, persistent: rememberMe, expiresAt, user: toUser(user) };
}

export async function login(
  db: Kysely<Database>,
  input: { username: string; password: string; remember_me: boolean },
  meta: RequestMeta,
  throttle: ThrottlePolicy,
): Promise<LoginOutcome> {
  const outcome = await unsafeInLoginTransaction(db, async (tx): Promise<LoginOutcome | AppError> => {
    await lockLoginAttempts(tx, input.username);
    try {
      await assertNotThrottled(tx, throttle, input.username, meta.ip);
    } catch (error) {
      await createAuditEntry(tx, {
        userId: null,
        username: input.username.slice(0, 150),
        action: 'login_throttled',
        details: { message: 'Login refused: too many failed attempts', ip: meta.ip },
        ip: meta.ip,
      });
      return error as AppError;
    }
    const row = await tx
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', input.username.toLowerCase()))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const valid = await verifyPassword(row?.password_hash ?? null, input.password);
    // After an administrator's reset the old password no longer verifies; the one-time code stands in for it.
    const reset = row && !valid ? await checkResetCode(tx, row.id, input.password) : null;
    const proven = valid || reset === 'valid';
    if (!row || !proven || !row.is_active) {
      const deactivated = Boolean(row && proven);
      await recordLoginFailure(tx, input.username, meta.ip);
      await createAuditEntry(tx, {
        userId: row?.id ?? null,
        username: input.username.slice(0, 150),
        action: 'login_failed',
        details: { message: deactivated ? 'Login refused: account is deactivated' : reset === 'expired' ? 'Expired reset code' : 'Invalid username or password' },
        ip: meta.ip,
      });
      return new AppError(
        'UNAUTHORIZED',
        deactivated ? 'This account is deactivated. Contact your administrator.' : reset === 'expired' ? RESET_CODE_EXPIRED : 'Invalid username or password',
      );
    }
    const { password_hash: _hash, ...user } = row;
    if (reset === 'valid') {
      // A reset code opens no session: the code step (if enrolled), then a new password, come first.
      const purpose = (await getMfaFactor(tx, user.id))?.confirmed_at ? 'mfa' : 'password';
      return { challenge: await issueLoginChallenge(tx, user.id, purpose, input.remember_me, true), purpose };
    }
    const secondStep = await secondStepFor(tx, user.id);
    if (secondStep) {
      const challenge = await issueLoginChallenge(tx, user.id, secondStep, input.remember_me);
      return { challenge, purpose: secondStep };
    }
    return { session: await openSession(tx, user, input.remember_me, meta) };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

export interface AuthenticatedSession {
  /** A browser session (cookie, CSRF token) or a personal API token (Authorization: Bearer). */
  via: 'cookie' | 'token';
  /** The session row, or the API token row when via is 'token'. */
  sessionId: string;
  csrfToken: string;
  persistent: boolean;
  currentOrganizationId: string | null;
  currentTenantId: string | null;
  caller: Caller;
  /**
   * An organization of the user requires MFA and the user has none: the session may only enrol (or
   * log out), and an API token of the user works for nothing until they have.
   */
  mfaEnrollmentRequired: boolean;
}

/**
 * Resolves a session token to its caller, or null when the token is unknown, idle too long, past its
 * absolute lifetime, or the user is gone. One statement reads the session, the user and everything
 * the caller may reach (caller-access.ts). What the caller may reach is cached briefly per session
 * (caller-cache.ts) and the statement then reads the session and user alone; the session's validity
 * and the user's state are read on every request, so logout, expiry and deactivation act at once.
 */
export async function authenticate(db: Kysely<Database>, token: string, lifetime: SessionLifetime): Promise<AuthenticatedSession | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const cacheKey = `session:${tokenHash}`;
  const cachedAccess = readCallerCache<CallerAccessColumns>(cacheKey);
  const generation = callerCacheGeneration();
  const row = await unsafeGetSessionByTokenHash(db, tokenHash, !cachedAccess);
  if (!row) return null;
  const now = Date.now();
  const endsAt = absoluteExpiry(lifetime, row.persistent, new Date(row.session_created_at)).getTime();
  if (new Date(row.expires_at).getTime() <= now || endsAt <= now || !row.is_active || row.deleted_at) {
    await unsafeInSessionTransaction(db, (tx) => deleteSession(tx, row.session_id));
    return null;
  }
  if (now - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(Math.min(expiryFor(row.persistent, now).getTime(), endsAt));
    await unsafeInSessionTransaction(db, (tx) => touchSession(tx, row.session_id, expiresAt));
  }
  const user: PublicUserRow = {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    is_product_admin: row.is_product_admin,
    is_active: row.is_active,
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  const access: CallerAccessColumns = cachedAccess ?? {
    access_memberships: row.access_memberships ?? null,
    access_granted: row.access_granted ?? null,
    access_tenants: row.access_tenants ?? null,
    mfa_enrollment_required: row.mfa_enrollment_required ?? false,
  };
  if (!cachedAccess) writeCallerCache(cacheKey, access, generation);
  return {
    via: 'cookie' as const,
    sessionId: row.session_id,
    csrfToken: row.csrf_token,
    persistent: row.persistent,
    currentOrganizationId: row.current_organization_id,
    currentTenantId: row.current_tenant_id,
    caller: callerFromAccess(user, access),
    mfaEnrollmentRequired: access.mfa_enrollment_required,
  };
}

export async function logout(db: Kysely<Database>, session: AuthenticatedSession, meta: RequestMeta): Promise<void> {
  await unsafeInSessionTransaction(db, async (tx) => {
    await deleteSession(tx, session.sessionId);
    await createAuditEntry(tx, {
      userId: session.caller.user.id,
      username: session.caller.user.username,
      action: 'logout',
      details: { message: `User ${session.caller.user.username} logged out` },
      organizationId: ownOrganization(session.caller, session.currentOrganizationId),
      ip: meta.ip,
    });
  });
}

/** The session's current tenant, if the caller can still reach it. */
export function currentSelection(session: AuthenticatedSession) {
  const { caller } = session;
  const tenantId =
    session.currentTenantId && caller.tenants.has(session.currentTenantId) ? session.currentTenantId : null;
  const orgId =
    session.currentOrganizationId &&
    (caller.isProductAdmin || visibleOrgIds(caller).has(session.currentOrganizationId))
      ? session.currentOrganizationId
      : null;
  if (tenantId || orgId) return { current_tenant_id: tenantId, current_organization_id: orgId };
  const fallback = defaultSelection(caller);
  return { current_tenant_id: fallback.tenantId, current_organization_id: fallback.organizationId };
}

/** The acting caller of a request made with this session. */
export function actorFromSession(session: AuthenticatedSession, ip: string): Actor {
  const selection = currentSelection(session);
  return {
    caller: session.caller,
    ip,
    currentOrganizationId: selection.current_organization_id,
    currentTenantId: selection.current_tenant_id,
  };
}

export async function selectTenant(
  db: Kysely<Database>,
  session: AuthenticatedSession,
  tenantId: string,
  meta: RequestMeta,
) {
  const tenant = session.caller.tenants.get(tenantId);
  if (!tenant) throw forbidden('You do not have access to this tenant');
  await unsafeInSessionTransaction(db, async (tx) => {
    await updateSessionSelection(tx, session.sessionId, { organizationId: tenant.organization_id, tenantId });
    if (tenantId !== session.currentTenantId) {
      await createAuditEntry(tx, {
        userId: session.caller.user.id,
        username: session.caller.user.username,
        action: 'switch_tenant',
        details: { message: 'Switched current tenant', tenant_id: tenantId },
        organizationId: tenant.organization_id,
        tenantId,
        ip: meta.ip,
      });
    }
  });
  return { current_organization_id: tenant.organization_id, current_tenant_id: tenantId };
}

export async function selectOrganization(
  db: Kysely<Database>,
  session: AuthenticatedSession,
  organizationId: string,
  meta: RequestMeta,
) {
  const { caller } = session;
  if (!caller.isProductAdmin && !visibleOrgIds(caller).has(organizationId)) {
    throw forbidden('You do not have access to this organization');
  }
  const current = session.currentTenantId ? caller.tenants.get(session.currentTenantId) : undefined;
  const tenantId =
    current?.organization_id === organizationId
      ? current.id
      : ([...caller.tenants.values()].find((t) => t.organization_id === organizationId)?.id ?? null);
  await unsafeInSessionTransaction(db, async (tx) => {
    const exists = await tx.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
    if (!exists) throw new AppError('NOT_FOUND', 'Organization not found');
    await updateSessionSelection(tx, session.sessionId, { organizationId, tenantId });
    if (organizationId !== session.currentOrganizationId) {
      await createAuditEntry(tx, {
        userId: caller.user.id,
        username: caller.user.username,
        action: 'switch_organization',
        details: { message: 'Switched current organization', organization_id: organizationId },
        organizationId,
        ip: meta.ip,
      });
    }
  });
  return { current_organization_id: organizationId, current_tenant_id: tenantId };
}
