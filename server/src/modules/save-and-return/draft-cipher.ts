import { hkdfSync } from 'node:crypto';
import { open, seal } from '../../infra/sealed-envelope.ts';

/**
 * Draft answers are sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the link token
 * the claimant holds, salted with the owner's id. The database keeps only the token's hash, so a
 * copy of the database (or a backup, or someone reading the table) cannot open a draft; only a
 * request carrying the token can. The section name is bound in as associated data, so a sealed
 * section cannot be replayed as another one. The layout is the server's one sealed envelope
 * (infra/sealed-envelope.ts): drafts sealed before it was shared have the same bytes and still open.
 */
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
  return seal(draftKey(token, ownerId), JSON.stringify(content), section);
}

/** The content sealed by sealDraft, or undefined when it cannot be opened with this token. */
export function openDraft(
  token: string,
  ownerId: string,
  section: string,
  stored: Uint8Array,
): unknown {
  const opened = open(draftKey(token, ownerId), stored, section);
  if (!opened) return undefined;
  try {
    return JSON.parse(opened.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
