import { z } from 'zod';
import { dateTime, idSchema, jsonBoolean, requiredText } from './common';
import { userSchema } from './auth';
import { newPassword } from './passwords';

/**
 * The login answer: the user (no MFA, exactly as before), or the step it waits for: a code, enrolment
 * an organization requires, or a new password after an administrator's reset code.
 */
export const loginStepOutput = z.union([
  z.object({ user: userSchema }),
  z.object({ mfa_required: z.literal(true), challenge: z.string() }),
  z.object({ mfa_enrollment_required: z.literal(true), challenge: z.string() }),
  z.object({ password_change_required: z.literal(true), challenge: z.string() }),
]);
export type LoginStep = z.infer<typeof loginStepOutput>;

const challenge = z.string({ error: 'The sign-in challenge is missing. Please log in again.' }).min(1, { error: 'The sign-in challenge is missing. Please log in again.' }).max(200);
const code = z
  .string({ error: 'Please enter the authentication code' })
  .trim()
  .min(1, { error: 'Please enter the authentication code' })
  .max(32, { error: 'The authentication code is too long' });

export const mfaLoginInput = z.object({ challenge, code });
export const mfaCodeInput = z.object({ code });
export const mfaChallengeInput = z.object({ challenge });
export const passwordStepInput = z.object({ challenge, new_password: newPassword('New password') });

/** The code step's answer: the user, or the new password a reset code still waits for. */
export const mfaLoginOutput = z.union([
  z.object({ user: userSchema }),
  z.object({ password_change_required: z.literal(true), challenge: z.string() }),
]);

export { MFA_ENROLLMENT_REQUIRED, MFA_ENROLLMENT_REQUIRED_TOKEN } from './constants';

export const mfaStatusOutput = z.object({
  enabled: z.boolean(),
  /** An organization of the user requires MFA. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});

export const mfaEnrollmentOutput = z.object({
  /** Base32, for typing into an authenticator app; never answered again after this call. */
  secret: z.string(),
  otpauth_uri: z.string(),
});

export const mfaConfirmOutput = z.object({ recovery_codes: z.array(z.string()) });
export const mfaEnrollLoginOutput = z.object({ user: userSchema, recovery_codes: z.array(z.string()) });

export const mfaRequirementsOutput = z.object({ organization_ids: z.array(idSchema) });
export const mfaRequirementInput = z.object({ id: idSchema, require_mfa: jsonBoolean('require_mfa') });
export const mfaRequirementOutput = z.object({ organization_id: idSchema, require_mfa: z.boolean() });

export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The first characters of the token, to tell tokens apart. */
  token_prefix: z.string(),
  created_at: dateTime,
  last_used_at: dateTime.nullable(),
  expires_at: dateTime,
  revoked_at: dateTime.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** Every API token expires: after this many days when its creator gives no other number. */
export const API_TOKEN_DEFAULT_DAYS = 90;

export const createApiTokenInput = z.object({
  name: requiredText('Token name', 100),
  expires_in_days: z
    .number({ error: 'Expiry must be a whole number of days' })
    .int({ error: 'Expiry must be a whole number of days' })
    .min(1, { error: 'Expiry must be between 1 and 365 days' })
    .max(365, { error: 'Expiry must be between 1 and 365 days' })
    .nullish()
    .transform((value) => value ?? API_TOKEN_DEFAULT_DAYS),
});
/** The created token with its secret: shown once. */
export const createdApiTokenOutput = apiTokenSchema.extend({ token: z.string() });
export const apiTokenListOutput = z.object({ tokens: z.array(apiTokenSchema) });
