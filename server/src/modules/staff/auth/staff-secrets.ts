import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The keys the staff module derives from STAFF_SECRET_KEY (docs/adr/019-staff-accounts.md), one
 * per purpose (HKDF-SHA256 with the purpose as info), so no key does two jobs.
 */
export interface StaffKeys {
  /** AES-256-GCM key the TOTP secrets are sealed with. */
  totp: Buffer;
  /** HMAC key a session's CSRF token is derived with. */
  csrf: Buffer;
}

export function staffKeys(secretKey: string): StaffKeys {
  const derive = (purpose: string): Buffer =>
    Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `staff-${purpose}`, 32));
  return { totp: derive('totp-secret'), csrf: derive('csrf') };
}

/** A random 256-bit token as it travels (cookie, link): base64url, 43 characters. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256 (a 256-bit random token needs no salt or stretching). */
export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * The session's synchronizer token, derived from the session token rather than stored: the
 * server can give it again (GET /staff/session) and check it, and a copy of the database, which
 * holds only the session token's hash, yields neither.
 */
export function csrfTokenFor(sessionToken: string, keys: StaffKeys): string {
  return createHmac('sha256', keys.csrf).update(sessionToken, 'utf8').digest('base64url');
}

/** Constant-time comparison of two strings of any length. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals a TOTP secret: IV, then GCM tag, then ciphertext. */
export function sealTotpSecret(secret: string, keys: StaffKeys): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.totp, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

export function openTotpSecret(sealed: Uint8Array, keys: StaffKeys): string {
  const decipher = createDecipheriv('aes-256-gcm', keys.totp, sealed.subarray(0, IV_BYTES));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([
    decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
