import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The one format the server seals secrets at rest in (TOTP secrets, form drafts): AES-256-GCM,
 * laid out as a version byte, the 12-byte IV, the 16-byte tag, then the ciphertext. The caller's
 * associated data (what the bytes are for, e.g. a draft's section) is authenticated but not
 * stored, so sealed bytes copied to another purpose or row do not open there. The version byte
 * lets a later format (another cipher, a key id) be told apart from this one.
 */
export const ENVELOPE_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

export function seal(key: Buffer, plaintext: string | Buffer, associatedData: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([
    typeof plaintext === 'string' ? cipher.update(plaintext, 'utf8') : cipher.update(plaintext),
    cipher.final(),
  ]);
  return Buffer.concat([Buffer.of(ENVELOPE_VERSION), iv, cipher.getAuthTag(), body]);
}

/** The plaintext `seal` sealed, or undefined when this key and associated data do not open it. */
export function open(key: Buffer, stored: Uint8Array, associatedData: string): Buffer | undefined {
  const sealed = Buffer.from(stored);
  if (sealed.length < HEADER_BYTES || sealed[0] !== ENVELOPE_VERSION) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + IV_BYTES));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
  } catch {
    return undefined;
  }
}
