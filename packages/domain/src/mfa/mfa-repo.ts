import type { LoginChallengePurpose } from '@compliance/db/schema';
import type { Tx } from '@compliance/db/scope';

export function getMfaFactor(tx: Tx, userId: string) {
  return tx.selectFrom('mfa_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Starts (or restarts) an enrolment: the factor stays unconfirmed until its first code. */
export async function upsertPendingFactor(tx: Tx, userId: string, secretEncrypted: string) {
  await tx
    .insertInto('mfa_factors')
    .values({ user_id: userId, secret_encrypted: secretEncrypted, confirmed_at: null, last_used_step: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_encrypted: secretEncrypted, confirmed_at: null, last_used_step: null }))
    .execute();
}

export async function confirmFactor(tx: Tx, userId: string, step: number) {
  await tx.updateTable('mfa_factors').set({ confirmed_at: new Date(), last_used_step: step }).where('user_id', '=', userId).execute();
}

/** Records the accepted step only if it is newer than the last one, so two racing uses of one code cannot both pass. */
export async function advanceFactorStep(tx: Tx, userId: string, step: number): Promise<boolean> {
  const result = await tx
    .updateTable('mfa_factors')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteMfa(tx: Tx, userId: string) {
  await tx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await tx.deleteFrom('mfa_factors').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(tx: Tx, userId: string, codeHashes: string[]) {
  await tx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await tx.insertInto('mfa_recovery_codes').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null }))).execute();
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function useRecoveryCode(tx: Tx, userId: string, codeHash: string): Promise<boolean> {
  const result = await tx
    .updateTable('mfa_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(tx: Tx, userId: string): Promise<number> {
  const row = await tx
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** True when any organization the user belongs to (membership or a granted tenant) requires MFA. */
export async function isMfaRequiredForUser(tx: Tx, userId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('organizations')
    .select('organizations.id')
    .where('organizations.require_mfa', '=', true)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('memberships').select('memberships.user_id').whereRef('memberships.organization_id', '=', 'organizations.id').where('memberships.user_id', '=', userId)),
        eb.exists(eb.selectFrom('tenant_access').select('tenant_access.user_id').whereRef('tenant_access.organization_id', '=', 'organizations.id').where('tenant_access.user_id', '=', userId)),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The user must enrol before anything else: an organization of theirs requires MFA and they have no confirmed factor. */
export async function needsMfaEnrollment(tx: Tx, userId: string): Promise<boolean> {
  if (!(await isMfaRequiredForUser(tx, userId))) return false;
  return !(await getMfaFactor(tx, userId))?.confirmed_at;
}

export async function createLoginChallenge(
  tx: Tx,
  values: { tokenHash: string; userId: string; purpose: LoginChallengePurpose; rememberMe: boolean; passwordReset: boolean; expiresAt: Date },
) {
  await tx.deleteFrom('login_challenges').where('expires_at', '<', new Date()).execute();
  await tx
    .insertInto('login_challenges')
    .values({ token_hash: values.tokenHash, user_id: values.userId, purpose: values.purpose, remember_me: values.rememberMe, password_reset: values.passwordReset, expires_at: values.expiresAt })
    .execute();
}

export function getLoginChallenge(tx: Tx, tokenHash: string) {
  return tx
    .selectFrom('login_challenges')
    .innerJoin('users', 'users.id', 'login_challenges.user_id')
    .select(['login_challenges.id', 'login_challenges.purpose', 'login_challenges.remember_me', 'login_challenges.password_reset', 'login_challenges.expires_at', 'login_challenges.user_id', 'users.username', 'users.is_active', 'users.deleted_at'])
    .where('login_challenges.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deleteLoginChallenge(tx: Tx, id: string) {
  await tx.deleteFrom('login_challenges').where('id', '=', id).execute();
}

export async function listMfaRequiredOrganizations(tx: Tx): Promise<string[]> {
  const rows = await tx.selectFrom('organizations').select('id').where('require_mfa', '=', true).execute();
  return rows.map((r) => r.id);
}

export async function setOrganizationMfaRequirement(tx: Tx, organizationId: string, required: boolean) {
  const result = await tx.updateTable('organizations').set({ require_mfa: required }).where('id', '=', organizationId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
