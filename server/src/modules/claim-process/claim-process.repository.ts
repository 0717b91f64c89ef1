import { LockMode, raw, sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditEventSchema, ClaimSchema, IdentityCheckSchema } from '../claim/claim.entity.ts';
import { InfoRequestSchema } from '../info-request/info-request.entity.ts';
import { StaffAuditSchema } from '../staff/audit/staff-audit.entity.ts';
import { ClaimProcessSchema, type ClaimProcess } from './claim-process.entity.ts';
import type { ClaimStep } from './claim-steps.ts';
import { newTicketCode } from './ticket-code.ts';

export type PrizeBand = 'up_to_1000' | '1000_to_10000' | 'over_10000';

/** Prize bands in pence, upper bound included (PrizeBand in the contract). */
const PRIZE_BANDS: Record<PrizeBand, { over?: number; upTo?: number }> = {
  up_to_1000: { upTo: 100_000 },
  '1000_to_10000': { over: 100_000, upTo: 1_000_000 },
  over_10000: { over: 1_000_000 },
};

export interface QueueFilters {
  step?: ClaimStep;
  productType?: 'DBG' | 'SC';
  /** Days (YYYY-MM-DD) in UK time, both included. */
  submittedFrom?: string;
  submittedTo?: string;
  prizeBand?: PrizeBand;
  idDocsRequired?: boolean;
  /** A reference or hashid (one and the same today), or an e-mail address (any case). */
  q?: string;
}

export interface QueueRow {
  id: string;
  hashid: string;
  submittedAt: Date;
  productType: 'DBG' | 'SC';
  prizeAmountPence: number;
  step: ClaimStep;
  idDocsRequired: boolean;
}

export type ClaimInfoStatus = 'submitted' | 'info_requested' | 'info_received';

export interface SubmittedClaimRow {
  id: string;
  hashid: string;
  email: string;
}

export interface TimelineRow {
  at: Date;
  event: string;
  staffName?: string;
  detail?: Record<string, unknown>;
}

/**
 * The most entries a timeline shows (the contract's maximum): the latest, so a claim opened
 * thousands of times still shows its newest views and steps.
 */
const TIMELINE_MAX = 2000;

/** The day a submitted_at falls on in the UK, for the date filters. */
const UK_DAY = `(c.submitted_at at time zone 'Europe/London')::date`;

/**
 * Submitted claims as Winner Services' process sees them; every query through MikroORM's query
 * builder or entity manager, returning plain data.
 */
export function claimProcessRepository(em: EntityManager) {
  /** The queue's rows that match the filters, before paging and choice of columns. */
  const matching = (filters: QueueFilters) => {
    const qb = em
      .createQueryBuilder(ClaimSchema, 'c')
      .leftJoin(sql.ref('claim_process'), 'p', { 'p.claim_id': sql.ref('c.id') })
      .leftJoin(sql.ref('identity_check'), 'ic', { 'ic.id': sql.ref('c.identity_check_id') })
      .where({ status: 'submitted' });
    if (filters.step === 'submitted') qb.andWhere(raw('p.step is null'));
    else if (filters.step) qb.andWhere(raw('p.step = ?', [filters.step]));
    if (filters.productType) qb.andWhere({ details: { productType: filters.productType } });
    if (filters.submittedFrom) qb.andWhere(raw(`${UK_DAY} >= ?::date`, [filters.submittedFrom]));
    if (filters.submittedTo) qb.andWhere(raw(`${UK_DAY} <= ?::date`, [filters.submittedTo]));
    if (filters.prizeBand) {
      const { over, upTo } = PRIZE_BANDS[filters.prizeBand];
      if (over !== undefined) qb.andWhere(raw(`(c.details->>'prizeAmountPence')::int > ?`, [over]));
      if (upTo !== undefined)
        qb.andWhere(raw(`(c.details->>'prizeAmountPence')::int <= ?`, [upTo]));
    }
    if (filters.idDocsRequired !== undefined)
      qb.andWhere(raw('ic.id_docs_required = ?', [filters.idDocsRequired]));
    if (filters.q) {
      const q = filters.q.trim();
      qb.andWhere({ $or: [{ hashid: q.toUpperCase() }, { email: { $ilike: escapeLike(q) } }] });
    }
    return qb;
  };

  return {
    /** One page of the queue, newest first, and how many claims match in all. */
    async queue(
      filters: QueueFilters,
      page: number,
      pageSize: number,
    ): Promise<{ rows: QueueRow[]; total: number }> {
      const rows = await matching(filters)
        .select([
          'c.id',
          'c.hashid',
          raw('c.submitted_at as "submittedAt"'),
          raw(`c.details->>'productType' as "productType"`),
          raw(`(c.details->>'prizeAmountPence')::int as "prizeAmountPence"`),
          raw(`coalesce(p.step, 'submitted') as step`),
          raw('ic.id_docs_required as "idDocsRequired"'),
        ])
        .orderBy({ submittedAt: 'desc', id: 'asc' })
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute<QueueRow[]>('all', false);
      const total =
        rows.length > 0 && rows.length < pageSize
          ? (page - 1) * pageSize + rows.length
          : await matching(filters).getCount();
      return {
        rows: rows.map((row) => ({ ...row, submittedAt: new Date(row.submittedAt) })),
        total,
      };
    },

    /**
     * Where each claim's latest info request leaves it, as the operator API derives it: asked
     * and unanswered, answered, or never asked.
     */
    async infoStatuses(claimIds: string[]): Promise<Map<string, ClaimInfoStatus>> {
      const requests = await em.find(
        InfoRequestSchema,
        { claim: { $in: claimIds } },
        { fields: ['claim', 'status', 'createdAt'], orderBy: { createdAt: 'asc' } },
      );
      const statuses = new Map<string, ClaimInfoStatus>();
      for (const request of requests)
        statuses.set(
          request.claim.id,
          request.status === 'open'
            ? 'info_requested'
            : request.status === 'submitted'
              ? 'info_received'
              : 'submitted',
        );
      return statuses;
    },

    async submittedClaim(hashid: string, lock = false): Promise<SubmittedClaimRow | null> {
      const claim = await em.findOne(
        ClaimSchema,
        { hashid, status: 'submitted' },
        {
          fields: ['id', 'hashid', 'email'],
          ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
        },
      );
      return claim && { id: claim.id, hashid: claim.hashid!, email: claim.email! };
    },

    /** The claim's process row (none before its first step), as an entity to change in a unit of work. */
    process: (claimId: string, lock = false): Promise<ClaimProcess | null> =>
      em.findOne(
        ClaimProcessSchema,
        { claim: claimId },
        lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
      ),

    /** A new ticket code no claim has (50 random bits: a second draw is already unlikely). */
    async unusedTicketCode(): Promise<string> {
      for (;;) {
        const code = newTicketCode();
        if (!(await em.count(ClaimProcessSchema, { ticketCode: code }))) return code;
      }
    },

    async claimByTicketCode(
      ticketCode: string,
    ): Promise<{ id: string; hashid: string } | undefined> {
      const process = await em.findOne(
        ClaimProcessSchema,
        { ticketCode },
        { fields: ['claim.id', 'claim.hashid'], populate: ['claim'], disableIdentityMap: true },
      );
      return process ? { id: process.claim.id, hashid: process.claim.hashid! } : undefined;
    },

    /** The claim a link token names (only its SHA-256 is stored), for the claimant's progress. */
    claimByTokenHash: (tokenHash: Buffer) =>
      em.findOne(
        ClaimSchema,
        { tokenHash },
        { fields: ['id', 'status', 'hashid'], disableIdentityMap: true },
      ),

    async identityCheck(id: string) {
      return em.findOne(
        IdentityCheckSchema,
        { id },
        { fields: ['idDocsRequired', 'checkedAt', 'provider'], disableIdentityMap: true },
      );
    },

    /** The claim's own audit trail and what staff did to it, with their names, oldest first. */
    async timeline(claimId: string): Promise<TimelineRow[]> {
      const [events, staffActions] = await Promise.all([
        em.find(
          AuditEventSchema,
          { claim: claimId },
          { fields: ['event', 'at'], orderBy: { id: 'asc' }, disableIdentityMap: true },
        ),
        em.find(
          StaffAuditSchema,
          { claimId },
          {
            fields: ['action', 'at', 'detail', 'staff.name'],
            populate: ['staff'],
            orderBy: { id: 'desc' },
            limit: TIMELINE_MAX,
            disableIdentityMap: true,
          },
        ),
      ]);
      staffActions.reverse();
      const rows: TimelineRow[] = [
        ...events.map((event) => ({ at: event.at, event: event.event })),
        ...staffActions.map((action) => ({
          at: action.at,
          event: action.action,
          ...(action.staff ? { staffName: action.staff.name } : {}),
          ...(action.detail ? { detail: action.detail } : {}),
        })),
      ];
      // Stable: within one instant the claim's own event (the submission) comes first.
      return rows.sort((a, b) => a.at.getTime() - b.at.getTime()).slice(-TIMELINE_MAX);
    },
  };
}

/** `value` as an ILIKE pattern matching itself only (an exact, case-insensitive match). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type ClaimProcessRepository = ReturnType<typeof claimProcessRepository>;
