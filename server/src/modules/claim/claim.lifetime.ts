import { claimStatusOpenSql } from './claim.conditions.ts';

/**
 * How long a claim lives (docs/adr/005-claim-lifetime-and-tokens.md):
 * - a verification link never opened expires after LINK_LIFETIME_HOURS;
 * - an unfinished claim expires after the inactivity timer with no call at all. The browser clears
 *   the form after CLAIM_INACTIVITY_TIMER_MINUTES without a change, but typing makes no call, so
 *   the server allows SERVER_GRACE_FACTOR times that between calls before it expires the claim.
 *
 * The rule is kept once, in SQL, and read on the database's clock by every statement that needs
 * it (the journey's reads and the purge), so two server processes never disagree on it.
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

/** True when claim row `c` is started or verified and its clock still runs. */
export function claimIsOpenSql(c: string, limit: string): string {
  return `(${claimStatusOpenSql(c)} and ${claimClockRunningSql(c, limit)})`;
}

/** A submitted claim keeps no draft (docs/adr/015): the CTE that drops the draft of the claim in `changed`. */
export const FORGET_DRAFT = `forgotten as (delete from form_draft_section where owner_id in (select id from changed))`;
