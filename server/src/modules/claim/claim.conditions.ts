/*
 * The conditions on claim rows that more than one statement asks, each defined once here and
 * spliced by name into the claim module's SQL (claim-journey.repository.ts, one-statement-submit.ts,
 * retention.ts, claim.repository.ts) and into the entity's partial indexes (claim.entity.ts).
 * The clock half of "open" (link lifetime, inactivity) is claim.lifetime.ts's claimClockRunningSql.
 */

/** The statuses of a claim the claimant can still change. */
export const OPEN_CLAIM_STATUSES = ['started', 'verified'] as const;

const OPEN_STATUS_LIST = OPEN_CLAIM_STATUSES.map((status) => `'${status}'`).join(', ');

/** True when claim row `c` (or the statement's only claim, without `c`) has an open status. */
export function claimStatusOpenSql(c?: string): string {
  return `${c ? `${c}.` : ''}status in (${OPEN_STATUS_LIST})`;
}

/** The ticket serial a draw-game claim gives, as stored in its details. */
export const TICKET_NUMBER_SQL = `details->>'dbgTicketNumber'`;

/**
 * True when a submitted claim already gives the serial `serial` (a placeholder such as `$5` or `?`).
 * The partial unique index claim_dbg_ticket_number_uniq enforces the same rule on write.
 */
export function ticketNumberUsedSql(serial: string): string {
  return `exists (select 1 from claim u where u.status = 'submitted' and u.${TICKET_NUMBER_SQL} = ${serial})`;
}
