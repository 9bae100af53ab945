// The length rule on its own, without the schemas of passwords.ts: the sign-in screen checks it and must
// not pull the schema library into its first download.

/** Password length (ASVS V2.1.1, V2.1.2); the common-password check runs on the server only. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Characters as a person counts them: code points (an emoji is one), a run of spaces counted once. */
export function passwordLength(password: string): number {
  return [...password.replace(/\s+/g, ' ')].length;
}
