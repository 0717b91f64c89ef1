import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, base64url (43 characters); the database keeps only its SHA-256. */
export function newLinkToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
