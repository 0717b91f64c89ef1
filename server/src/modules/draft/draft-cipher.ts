import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Draft answers are sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the link token
 * the claimant holds, salted with the owner's id. The database keeps only the token's hash, so a
 * copy of the database (or a backup, or someone reading the table) cannot open a draft; only a
 * request carrying the token can. The section name is bound in as associated data, so a sealed
 * section cannot be replayed as another one.
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const INFO = Buffer.from('prize-claim form draft v1');

function draftKey(token: string, ownerId: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(token, 'utf8'), Buffer.from(ownerId, 'utf8'), INFO, 32),
  );
}

export function sealDraft(
  token: string,
  ownerId: string,
  section: string,
  content: unknown,
): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', draftKey(token, ownerId), iv);
  cipher.setAAD(Buffer.from(section, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
}

/** The content sealed by sealDraft, or undefined when it cannot be opened with this token. */
export function openDraft(
  token: string,
  ownerId: string,
  section: string,
  stored: Uint8Array,
): unknown {
  const sealed = Buffer.from(stored);
  if (sealed[0] !== VERSION || sealed.length < 1 + IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      draftKey(token, ownerId),
      sealed.subarray(1, 1 + IV_BYTES),
    );
    decipher.setAAD(Buffer.from(section, 'utf8'));
    decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
