// Plain values shared by the server and the web app, in a module that imports nothing: the web app's
// first chunk reads them without pulling in zod and the schemas (common.ts and access.ts re-export them).

/** The most calls one batched /trpc request may carry; the web client's batch link sends no more. */
export const TRPC_MAX_BATCH = 10;
/**
 * The refusal of every call but enrolment and logout while an organization of the user requires MFA and
 * the user has none; the web app reads it to open the enrolment screen.
 */
export const MFA_ENROLLMENT_REQUIRED = 'Your organization requires multi-factor authentication. Set up an authenticator app to continue.';
/** The same for a personal API token: it works again once its user has enrolled. */
export const MFA_ENROLLMENT_REQUIRED_TOKEN =
  'Your organization requires multi-factor authentication: this API token works again once you have set up an authenticator app (sign in to the web app to do so).';
