import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with OWASP's recommended minimum: 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** When re-authenticating inside a session (change password, turn MFA off). */
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect';

/** A hash of a random string: verifying against it costs the same time as a real check. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(`unused-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
