/**
 * How long a claim lives (docs/adr/005-claim-lifetime.md):
 * - a verification link never opened expires after LINK_LIFETIME_HOURS;
 * - an unfinished claim expires after the inactivity timer with no call at all. The browser clears
 *   the form after CLAIM_INACTIVITY_TIMER_MINUTES without a change, but typing makes no call, so
 *   the server allows SERVER_GRACE_FACTOR times that between calls before it expires the claim.
 */
export const LINK_LIFETIME_HOURS = 24;
export const SERVER_GRACE_FACTOR = 3;

export function inactivityLimitMs(inactivityMinutes: number): number {
  return inactivityMinutes * SERVER_GRACE_FACTOR * 60_000;
}

export interface ClaimClock {
  status: string;
  verifiedAt?: Date | null;
  linkExpiresAt: Date;
  lastActivityAt: Date;
}

export function isExpired(claim: ClaimClock, inactivityMinutes: number, now = new Date()): boolean {
  if (claim.status === 'expired' || claim.status === 'purged') return true;
  if (claim.status === 'submitted') return false;
  if (!claim.verifiedAt) return claim.linkExpiresAt.getTime() <= now.getTime();
  return now.getTime() - claim.lastActivityAt.getTime() > inactivityLimitMs(inactivityMinutes);
}
