import type { FilterQuery } from '@mikro-orm/core';
import type { Claim } from './claim.entity.ts';

/*
 * The conditions on claim rows that more than one place asks, each defined once here: as SQL for
 * the journey's statements and the ticket check (claim.repository.ts), the purge (retention.ts)
 * and the entity's partial indexes (claim.entity.ts); as a condition of the entity manager
 * (`OPEN_STATUS_WHERE`); and as a check on a loaded claim (`isOpenStatus`, claim.service.ts).
 * The clock half of "open" (link lifetime, inactivity) is claim.lifetime.ts.
 */

/** The statuses of a claim the claimant can still change. */
export const OPEN_CLAIM_STATUSES = ['started', 'verified'] as const;

/** True for a status the claimant can still change (a loaded claim's status half of "open"). */
export function isOpenStatus(status: string): boolean {
  return (OPEN_CLAIM_STATUSES as readonly string[]).includes(status);
}

/** The claims with an open status, as a repository condition. */
export const OPEN_STATUS_WHERE = {
  status: { $in: [...OPEN_CLAIM_STATUSES] },
} satisfies FilterQuery<Claim>;

const OPEN_STATUS_LIST = OPEN_CLAIM_STATUSES.map((status) => `'${status}'`).join(', ');

/** True when claim row `c` (or the statement's only claim, without `c`) has an open status. */
export function claimStatusOpenSql(c?: string): string {
  return `${c ? `${c}.` : ''}status in (${OPEN_STATUS_LIST})`;
}

/** The ticket serial a draw-game claim gives, as stored in its details. */
export const TICKET_NUMBER_SQL = `details->>'dbgTicketNumber'`;

/**
 * True when a submitted claim already gives the serial `serial` (a placeholder such as `:serial`).
 * The partial unique index claim_dbg_ticket_number_uniq enforces the same rule on write.
 */
export function ticketNumberUsedSql(serial: string): string {
  return `exists (select 1 from claim u where u.status = 'submitted' and u.${TICKET_NUMBER_SQL} = ${serial})`;
}
