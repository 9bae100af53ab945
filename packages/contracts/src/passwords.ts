import { z } from 'zod';
import { dateTime, successOutput } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from './password-length';

/** Any characters, no composition rules: only the length is checked here. */
export const newPassword = (label = 'Password') =>
  z
    .string({ error: `${label} is required` })
    .refine((value) => value.length <= PASSWORD_MAX_LENGTH || [...value].length <= PASSWORD_MAX_LENGTH, {
      error: `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`,
      abort: true,
    })
    .refine((value) => passwordLength(value) >= PASSWORD_MIN_LENGTH, {
      error: `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`,
    });

const currentPassword = z
  .string({ error: 'Please enter your current password' })
  .min(1, { error: 'Please enter your current password' })
  .max(1024, { error: 'The current password is too long' });

export const changePasswordInput = z.object({ current_password: currentPassword, new_password: newPassword('New password') });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** What a change ended besides the password: the user's other sessions and every API token. */
export const changePasswordOutput = successOutput.extend({
  sessions_ended: z.number().int(),
  tokens_revoked: z.number().int(),
});

/** A one-time reset code issued by an administrator: shown once, never stored in clear. */
export const passwordResetOutput = successOutput.extend({
  reset_code: z.string(),
  expires_at: dateTime,
});

/** Turning MFA off takes both factors. */
export const mfaDisableInput = z.object({
  password: currentPassword,
  code: z
    .string({ error: 'Please enter the authentication code' })
    .trim()
    .min(1, { error: 'Please enter the authentication code' })
    .max(32, { error: 'The authentication code is too long' }),
});
