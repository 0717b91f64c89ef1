import { createHmac } from 'node:crypto';
import type { Config } from '../../config/config.ts';
import { hashLinkToken } from './tokens.ts';

/**
 * A submitted claim's status link (issue 31): `/claim/status/<token>` opens its progress view.
 * The token is an HMAC of the claim's id under a key derived from STAFF_SECRET_KEY, 43 base64url
 * characters like every link token: the confirmation and each step e-mail can write the same link
 * again, while the database keeps only its SHA-256 (docs/adr/005). Changing the key ends every
 * status link sent before.
 */
export function statusLinkToken(config: Pick<Config, 'staffSecretKey'>, claimId: string): string {
  const key = createHmac('sha256', config.staffSecretKey).update('claim-status-link').digest();
  return createHmac('sha256', key).update(claimId).digest('base64url');
}

export function statusLink(config: Pick<Config, 'staffSecretKey' | 'publicUrl'>, claimId: string) {
  const token = statusLinkToken(config, claimId);
  return { token, hash: hashLinkToken(token), href: `${config.publicUrl}/claim/status/${token}` };
}
