import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What MFA needs from the configuration: the issuer shown in authenticator apps and the key for secrets at rest. */
export interface MfaSettings {
  issuer: string;
  /** 32 bytes for AES-256-GCM. */
  key: Buffer;
}

/** Only for development and tests: without MFA_ENCRYPTION_KEY the secrets are sealed with this public key. */
const DEVELOPMENT_KEY_TEXT = 'compliance-platform development MFA key';

export function mfaSettings(issuer: string, keyText: string | undefined): MfaSettings {
  return { issuer, key: createHash('sha256').update(keyText || DEVELOPMENT_KEY_TEXT).digest() };
}

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable MFA secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
