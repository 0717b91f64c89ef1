import type { Claim } from './claim.entity.ts';

/**
 * How long a claim lives (docs/adr/005-claim-lifetime-and-tokens.md):
 * - a verification link never opened expires after LINK_LIFETIME_HOURS;
 * - an unfinished claim expires after the inactivity timer with no call at all. The browser clears
 *   the form after CLAIM_INACTIVITY_TIMER_MINUTES without a change, but typing makes no call, so
 *   the server allows SERVER_GRACE_FACTOR times that between calls before it expires the claim.
 *
 * The journey checks a loaded claim with `claimClockRunning`; the purge, which works on many rows
 * in one statement, asks the same rule in SQL (`claimClockRunningSql`). Both are here, side by
 * side: a change to one is a change to the other. A call that finds the claim open as the purge
 * expires it is settled by the row lock it takes (claim.service.ts).
 */
export const LINK_LIFETIME_HOURS = 24;
export const SERVER_GRACE_FACTOR = 3;

export function inactivityLimitSeconds(inactivityMinutes: number): number {
  return inactivityMinutes * SERVER_GRACE_FACTOR * 60;
}

/** True while the clock of claim row `c` runs; `limit` is the placeholder of the inactivity limit in seconds. */
export function claimClockRunningSql(c: string, limit: string): string {
  return `(case when ${c}.verified_at is null then ${c}.link_expires_at > now()
                else ${c}.last_activity_at >= now() - make_interval(secs => ${limit}) end)`;
}

/** The fields of a claim its clock is read from. */
export type ClaimClock = Pick<Claim, 'verifiedAt' | 'linkExpiresAt' | 'lastActivityAt'>;

/** True while a loaded claim's clock runs (`claimClockRunningSql` for one claim in hand). */
export function claimClockRunning(
  claim: ClaimClock,
  limitSeconds: number,
  now = new Date(),
): boolean {
  return claim.verifiedAt == null
    ? claim.linkExpiresAt.getTime() > now.getTime()
    : claim.lastActivityAt.getTime() >= now.getTime() - limitSeconds * 1000;
}
