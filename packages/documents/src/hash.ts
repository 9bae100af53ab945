import { createHash } from 'node:crypto';

/** SHA-256 of the bytes as lowercase hex: the checksum stored beside every uploaded file. */
export function sha256Hex(buffer: Uint8Array): string {
  return createHash('sha256').update(buffer).digest('hex');
}
