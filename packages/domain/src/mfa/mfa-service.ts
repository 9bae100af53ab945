import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { type Tx, withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { callerScope } from '../access/caller';
import type { ProductAdminScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError, forbidden, notFound } from '../errors';
import { getPasswordHash } from '../auth/password-repo';
import { WRONG_CURRENT_PASSWORD, verifyPassword } from '../auth/passwords';
import { type ThrottlePolicy, assertNotThrottled, clearLoginFailures, lockLoginAttempts, recordLoginFailure } from '../auth/throttle';
import { hashToken } from '../auth/tokens';
import {
  advanceFactorStep,
  confirmFactor,
  countUnusedRecoveryCodes,
  deleteMfa,
  getMfaFactor,
  isMfaRequiredForUser,
  listMfaRequiredOrganizations,
  replaceRecoveryCodes,
  setOrganizationMfaRequirement,
  upsertPendingFactor,
  useRecoveryCode,
} from './mfa-repo';
import { type MfaSettings, openSecret, sealSecret } from './secret-box';
import { createTotpSecret, matchTotpStep, otpauthUri } from './totp';

export const RECOVERY_CODE_COUNT = 10;
export const INVALID_CODE = 'Invalid authentication code';
export const REPLAYED_CODE = 'This code was already used. Wait for the next code and try again.';

/** Who an MFA operation is for: the signed-in user, or the user of a login challenge. */
export interface MfaUser {
  id: string;
  username: string;
}

/** Recovery codes are shown once and stored as the SHA-256 of their normalized form. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function createRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

/**
 * Checks a TOTP code (once per time step) or an unused recovery code (once ever) of a confirmed
 * factor. Answers how the user proved it, or the reason it failed.
 */
export async function verifySecondFactor(tx: Tx, userId: string, code: string, settings: MfaSettings): Promise<'totp' | 'recovery_code' | 'invalid' | 'replay'> {
  const factor = await getMfaFactor(tx, userId);
  if (!factor?.confirmed_at) return 'invalid';
  const compact = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(compact)) {
    const step = matchTotpStep(openSecret(settings.key, factor.secret_encrypted), compact);
    if (step === null) return 'invalid';
    return (await advanceFactorStep(tx, userId, step)) ? 'totp' : 'replay';
  }
  return (await useRecoveryCode(tx, userId, hashToken(normalizeRecoveryCode(code)))) ? 'recovery_code' : 'invalid';
}

/** Writes a new pending secret for the user and answers it with its otpauth:// URI (shown once, for the QR code). */
export async function startEnrollmentFor(tx: Tx, user: MfaUser, settings: MfaSettings) {
  const factor = await getMfaFactor(tx, user.id);
  if (factor?.confirmed_at) throw new AppError('CONFLICT', 'Multi-factor authentication is already enabled');
  const secret = createTotpSecret();
  await upsertPendingFactor(tx, user.id, sealSecret(settings.key, secret));
  return { secret, otpauth_uri: otpauthUri(settings.issuer, user.username, secret) };
}

/** Confirms a pending enrolment with its first code; answers the recovery codes (shown once). */
export async function confirmEnrollmentFor(tx: Tx, user: MfaUser, code: string, settings: MfaSettings, ip: string) {
  const factor = await getMfaFactor(tx, user.id);
  if (!factor) throw new AppError('BAD_REQUEST', 'Start the set-up first: no authenticator is waiting for confirmation');
  if (factor.confirmed_at) throw new AppError('CONFLICT', 'Multi-factor authentication is already enabled');
  const step = matchTotpStep(openSecret(settings.key, factor.secret_encrypted), code.replace(/\s/g, ''));
  if (step === null) throw new AppError('BAD_REQUEST', 'That code does not match. Check the time on your device and enter the current code.');
  await confirmFactor(tx, user.id, step);
  const codes = createRecoveryCodes();
  await replaceRecoveryCodes(tx, user.id, codes.map((c) => hashToken(normalizeRecoveryCode(c))));
  await createAuditEntry(tx, {
    userId: user.id,
    username: user.username,
    action: 'mfa_enabled',
    details: { message: `User ${user.username} enabled multi-factor authentication` },
    ip,
  });
  return { recovery_codes: codes };
}

const me = (actor: Actor): MfaUser => ({ id: actor.caller.user.id, username: actor.caller.user.username });

export async function getMfaStatus(db: Kysely<Database>, actor: Actor) {
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const factor = await getMfaFactor(tx, actor.caller.user.id);
    const enabled = Boolean(factor?.confirmed_at);
    return {
      enabled,
      required: await isMfaRequiredForUser(tx, actor.caller.user.id),
      recovery_codes_left: enabled ? await countUnusedRecoveryCodes(tx, actor.caller.user.id) : 0,
    };
  });
}

export function startMfaEnrollment(db: Kysely<Database>, actor: Actor, settings: MfaSettings) {
  return withScope(db, callerScope(actor.caller), (tx) => startEnrollmentFor(tx, me(actor), settings));
}

export function confirmMfaEnrollment(db: Kysely<Database>, actor: Actor, code: string, settings: MfaSettings) {
  return withScope(db, callerScope(actor.caller), (tx) => confirmEnrollmentFor(tx, me(actor), code, settings, actor.ip));
}

/**
 * Turns MFA off with both factors: the current password and a current code (or a recovery code).
 * Refused while an organization of the user requires MFA. A wrong password or code is a failure of
 * the username under the same lock and throttle as the login's code step.
 */
export async function disableMfa(db: Kysely<Database>, actor: Actor, input: { password: string; code: string }, settings: MfaSettings, throttle: ThrottlePolicy) {
  const { user } = actor.caller;
  const outcome = await withScope(db, callerScope(actor.caller), async (tx) => {
    const factor = await getMfaFactor(tx, user.id);
    if (!factor?.confirmed_at) return new AppError('BAD_REQUEST', 'Multi-factor authentication is not enabled');
    if (await isMfaRequiredForUser(tx, user.id)) {
      return forbidden('Your organization requires multi-factor authentication; it cannot be turned off');
    }
    await lockLoginAttempts(tx, user.username);
    try {
      await assertNotThrottled(tx, throttle, user.username, actor.ip);
    } catch (error) {
      return error as AppError;
    }
    // The code is checked (and used up) only after the right password.
    const passwordOk = await verifyPassword((await getPasswordHash(tx, user.id)).password_hash, input.password);
    const proof = passwordOk ? await verifySecondFactor(tx, user.id, input.code, settings) : 'invalid';
    if (!passwordOk || proof === 'invalid' || proof === 'replay') {
      await recordLoginFailure(tx, user.username, actor.ip);
      return new AppError('BAD_REQUEST', !passwordOk ? WRONG_CURRENT_PASSWORD : proof === 'replay' ? REPLAYED_CODE : INVALID_CODE);
    }
    await deleteMfa(tx, user.id);
    await clearLoginFailures(tx, user.username);
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'mfa_disabled',
      details: { message: `User ${user.username} disabled multi-factor authentication`, proof },
    });
    return null;
  });
  if (outcome) throw outcome;
  return { success: true, message: 'Multi-factor authentication disabled' };
}

export async function listMfaRequirements(db: Kysely<Database>, { actor }: ProductAdminScope) {
  return { organization_ids: await withScope(db, callerScope(actor.caller), listMfaRequiredOrganizations) };
}

export async function setMfaRequirement(db: Kysely<Database>, { actor }: ProductAdminScope, organizationId: string, required: boolean) {
  await withScope(db, callerScope(actor.caller), async (tx) => {
    if (!(await setOrganizationMfaRequirement(tx, organizationId, required))) throw notFound('Organization');
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'organization_mfa_requirement',
      details: { message: required ? 'Required multi-factor authentication' : 'Stopped requiring multi-factor authentication', require_mfa: required },
      organizationId,
    });
  });
  return { organization_id: organizationId, require_mfa: required };
}
