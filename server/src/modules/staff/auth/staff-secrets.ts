import {
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { open, seal } from '../../../infra/sealed-envelope.ts';

/**
 * The keys the staff module derives from STAFF_SECRET_KEY (docs/adr/019-staff-accounts.md), one
 * per purpose (HKDF-SHA256 with the purpose as info), so no key does two jobs; and, during a key
 * rotation, the TOTP key derived from STAFF_SECRET_KEY_PREVIOUS, which only opens.
 */
export interface StaffKeys {
  /** Names the key (not secret): a session records it, and one made under another key has ended. */
  id: string;
  /** AES-256-GCM key the TOTP secrets are sealed with. */
  totp: Buffer;
  /** HMAC key a session's CSRF token is derived with. */
  csrf: Buffer;
  /** The previous key's TOTP key: opens the secrets sealed before the rotation, seals nothing. */
  previousTotp?: Buffer;
}

const derive = (secretKey: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `staff-${purpose}`, 32));

export function staffKeys(secretKey: string, previousKey?: string): StaffKeys {
  return {
    id: derive(secretKey, 'key-id').subarray(0, 9).toString('base64url'),
    totp: derive(secretKey, 'totp-secret'),
    csrf: derive(secretKey, 'csrf'),
    ...(previousKey ? { previousTotp: derive(previousKey, 'totp-secret') } : {}),
  };
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

/** What a TOTP secret's envelope is bound to: its bytes open as nothing else. */
const TOTP_PURPOSE = 'staff totp secret';

/** Seals a TOTP secret under the current key (the server's sealed envelope). */
export function sealTotpSecret(secret: string, keys: StaffKeys): Buffer {
  return seal(keys.totp, secret, TOTP_PURPOSE);
}

/** A sealed TOTP secret that neither STAFF_SECRET_KEY nor STAFF_SECRET_KEY_PREVIOUS opens. */
export class TotpSecretUnreadable extends Error {
  constructor() {
    super('The TOTP secret cannot be opened with STAFF_SECRET_KEY or STAFF_SECRET_KEY_PREVIOUS');
  }
}

export interface OpenedTotpSecret {
  secret: string;
  /** True when it was sealed otherwise than by sealTotpSecret under the current key: re-seal it. */
  stale: boolean;
}

/**
 * Opens a sealed TOTP secret with the current key, else the previous one; also the layout used
 * before the shared envelope (IV, tag, ciphertext; no version byte, no associated data).
 */
export function openTotpSecretOf(sealed: Uint8Array, keys: StaffKeys): OpenedTotpSecret {
  const candidates = keys.previousTotp ? [keys.totp, keys.previousTotp] : [keys.totp];
  for (const key of candidates) {
    const opened = open(key, sealed, TOTP_PURPOSE);
    if (opened) return { secret: opened.toString('utf8'), stale: key !== keys.totp };
  }
  for (const key of candidates) {
    const opened = openUnversioned(key, sealed);
    if (opened !== undefined) return { secret: opened, stale: true };
  }
  throw new TotpSecretUnreadable();
}

export function openTotpSecret(sealed: Uint8Array, keys: StaffKeys): string {
  return openTotpSecretOf(sealed, keys).secret;
}

const LEGACY_IV_BYTES = 12;
const LEGACY_TAG_BYTES = 16;

function openUnversioned(key: Buffer, stored: Uint8Array): string | undefined {
  const sealed = Buffer.from(stored);
  if (sealed.length < LEGACY_IV_BYTES + LEGACY_TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, LEGACY_IV_BYTES));
    decipher.setAuthTag(sealed.subarray(LEGACY_IV_BYTES, LEGACY_IV_BYTES + LEGACY_TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(LEGACY_IV_BYTES + LEGACY_TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
