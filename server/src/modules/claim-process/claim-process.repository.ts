import { LockMode, raw, sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ClaimSchema } from '../claim/claim.entity.ts';
import { infoStatus, type ClaimInfoStatus } from '../claim-view/claim-view.ts';
import { InfoRequestSchema } from '../info-request/info-request.entity.ts';
import { StaffAuditSchema } from '../staff/audit/staff-audit.entity.ts';
import { ClaimProcessSchema, type ClaimProcess } from './claim-process.entity.ts';
import type { ClaimStep } from './claim-steps.ts';
import { newTicketCode } from './ticket-code.ts';
import {
  emailSql,
  fullNameSql,
  lastNameSql,
  phoneSql,
  postcodeSql,
  TICKET_NUMBER_FIELDS,
  ticketNumberSql,
} from '../claim/claim-search.sql.ts';
import {
  afterCursor,
  cursorColumns,
  encodeCursor,
  orderByKeys,
  STEP_SINCE_SQL,
  type QueueOrder,
  type QueueSort,
} from './queue-order.ts';
import { searchTerms, type SearchTerm } from './queue-search.ts';

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
  /** What a caller gives: reference, e-mail, postcode, phone, ticket number or name (queue-search.ts). */
  q?: string;
  /** Include paid and rejected claims (a `step` filter naming one includes them anyway). */
  closed?: boolean;
  /** Only the claims of this member of staff, or (`nobody`) the unassigned ones. */
  assignedTo?: { staffId: string } | 'nobody';
}

export interface QueuePaging {
  sort: QueueSort;
  order: QueueOrder;
  pageSize: number;
  /** Keyset paging: the previous page's nextCursor; otherwise `page` (offset). */
  after?: string;
  page: number;
}

export interface QueueRow {
  id: string;
  hashid: string;
  submittedAt: Date;
  productType: 'DBG' | 'SC';
  prizeAmountPence: number;
  step: ClaimStep;
  idDocsRequired: boolean;
  firstName: string | null;
  lastName: string | null;
  game: string | null;
  ticketColour: string | null;
  stepSince: Date;
  assignedStaffId: string | null;
  assignedStaffName: string | null;
}

const CLOSED_STEPS: readonly ClaimStep[] = ['paid', 'rejected'];

export interface SubmittedClaimRow {
  id: string;
  hashid: string;
  email: string;
  submittedAt: Date;
}

/**
 * The instant a UK day (its parameter, YYYY-MM-DD) begins, for the date filters: compared with
 * submitted_at itself, so the range reads the queue's index instead of converting every row.
 */
const ukMidnight = (day: string) => `((${day})::timestamp at time zone 'Europe/London')`;

/**
 * Submitted claims as Winner Services' process sees them; every query through MikroORM's query
 * builder or entity manager, returning plain data.
 */
export function claimProcessRepository(em: EntityManager) {
  /** A claim (`c`) with the rows the queue reads beside it, under the aliases queue-order.ts names. */
  const claimWithProcess = () =>
    em
      .createQueryBuilder(ClaimSchema, 'c')
      .leftJoin(sql.ref('claim_process'), 'p', { 'p.claim_id': sql.ref('c.id') })
      .leftJoin(sql.ref('identity_check'), 'ic', { 'ic.id': sql.ref('c.identity_check_id') })
      .leftJoin(sql.ref('staff_account'), 'sa', { 'sa.id': sql.ref('p.assigned_staff_id') });

  /** The queue's rows that match the filters, before paging and choice of columns. */
  const matching = (filters: QueueFilters) => {
    const qb = claimWithProcess().where({ status: 'submitted' });
    const terms = filters.q === undefined ? undefined : searchTerms(filters.q);
    // An exact reference names one claim: found whatever its step, closed or not.
    const reference = terms?.find((term) => term.kind === 'reference');
    // Every submitted claim has its process row (Migration20261203090000): the step is a column
    // with an index and statistics, at 'submitted' as at any other step.
    if (filters.step) qb.andWhere(raw('p.step = ?', [filters.step]));
    else if (!filters.closed)
      qb.andWhere(
        raw(
          `(p.step is null or p.step not in (${CLOSED_STEPS.map((s) => `'${s}'`).join(', ')})${reference ? ' or c.hashid = ?' : ''})`,
          reference ? [reference.value] : [],
        ),
      );
    if (filters.assignedTo === 'nobody') qb.andWhere(raw('p.assigned_staff_id is null'));
    else if (filters.assignedTo)
      qb.andWhere(raw('p.assigned_staff_id = ?', [filters.assignedTo.staffId]));
    if (filters.productType) qb.andWhere({ details: { productType: filters.productType } });
    if (filters.submittedFrom)
      qb.andWhere(raw(`c.submitted_at >= ${ukMidnight('?::date')}`, [filters.submittedFrom]));
    if (filters.submittedTo)
      qb.andWhere(raw(`c.submitted_at < ${ukMidnight('?::date + 1')}`, [filters.submittedTo]));
    if (filters.prizeBand) {
      const { over, upTo } = PRIZE_BANDS[filters.prizeBand];
      if (over !== undefined) qb.andWhere(raw(`(c.details->>'prizeAmountPence')::int > ?`, [over]));
      if (upTo !== undefined)
        qb.andWhere(raw(`(c.details->>'prizeAmountPence')::int <= ?`, [upTo]));
    }
    if (filters.idDocsRequired !== undefined)
      qb.andWhere(raw('ic.id_docs_required = ?', [filters.idDocsRequired]));
    if (terms) {
      const search = searchCondition(terms);
      qb.andWhere(raw(search.sql, search.params));
    }
    return qb;
  };

  return {
    /**
     * One page of the queue in the order asked for, with the cursor of the next page and how
     * many claims are known to match (all of them once the last page is reached).
     */
    async queue(
      filters: QueueFilters,
      paging: QueuePaging,
    ): Promise<{
      rows: QueueRow[];
      total: number;
      totalIsLowerBound: boolean;
      nextCursor?: string;
    }> {
      const { sort, order, pageSize } = paging;
      const orderBy = orderByKeys(sort).map((key) => ({ [raw(key)]: order }));
      // The page's claims first, from what the filters and the order read (PostgreSQL drops the
      // joins neither uses); the columns shown are then read for that page alone, not for every
      // match the order had to rank (the 500 claims of one surname at a million claims).
      const pageIds = matching(filters);
      if (paging.after) {
        const after = afterCursor(paging.after, sort, order);
        pageIds.andWhere(raw(after.sql, after.params));
      }
      pageIds
        .select(['c.id'])
        .orderBy(orderBy)
        .limit(pageSize + 1)
        .offset(paging.after ? 0 : (paging.page - 1) * pageSize);
      const rows = await claimWithProcess()
        .join(pageIds, 'page', { 'page.id': sql.ref('c.id') })
        .select([
          'c.id',
          'c.hashid',
          raw('c.submitted_at as "submittedAt"'),
          raw(`c.details->>'productType' as "productType"`),
          raw(`(c.details->>'prizeAmountPence')::int as "prizeAmountPence"`),
          raw(`coalesce(p.step, 'submitted') as step`),
          raw('ic.id_docs_required as "idDocsRequired"'),
          raw(`ic.personal_details->>'firstName' as "firstName"`),
          raw(`ic.personal_details->>'lastName' as "lastName"`),
          raw(`c.details->>'dbgGame' as game`),
          raw(`c.details->>'dbgTicketType' as "ticketColour"`),
          raw(`${STEP_SINCE_SQL} as "stepSince"`),
          raw('p.assigned_staff_id as "assignedStaffId"'),
          raw('sa.name as "assignedStaffName"'),
          ...cursorColumns(sort).map((column) => raw(column)),
        ])
        .orderBy(orderBy)
        .execute<(QueueRow & Record<`k${number}`, string>)[]>('all', false);
      const more = rows.length > pageSize;
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      const nextCursor =
        more && last
          ? encodeCursor(
              sort,
              order,
              cursorColumns(sort).map((_, index) => last[`k${index}`]!),
            )
          : undefined;
      // No count: counting the matches of a broad filter reads the whole queue. What this page
      // proves is given instead: the claims before it (an offset page with rows has them all
      // before it; a cursor page at least the page it follows) and its own.
      const before = paging.after ? pageSize : page.length ? (paging.page - 1) * pageSize : 0;
      const total = before + page.length;
      const totalIsLowerBound = more || Boolean(paging.after) || (!page.length && paging.page > 1);
      return {
        rows: page.map((row) => ({
          id: row.id,
          hashid: row.hashid,
          submittedAt: new Date(row.submittedAt),
          productType: row.productType,
          prizeAmountPence: row.prizeAmountPence,
          step: row.step,
          idDocsRequired: row.idDocsRequired,
          firstName: row.firstName,
          lastName: row.lastName,
          game: row.game,
          ticketColour: row.ticketColour,
          stepSince: new Date(row.stepSince),
          assignedStaffId: row.assignedStaffId,
          assignedStaffName: row.assignedStaffName,
        })),
        total,
        totalIsLowerBound,
        ...(nextCursor ? { nextCursor } : {}),
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
      for (const request of requests) statuses.set(request.claim.id, infoStatus(request));
      return statuses;
    },

    async submittedClaim(hashid: string, lock = false): Promise<SubmittedClaimRow | null> {
      const claim = await em.findOne(
        ClaimSchema,
        { hashid, status: 'submitted' },
        {
          fields: ['id', 'hashid', 'email', 'submittedAt'],
          ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
        },
      );
      return (
        claim && {
          id: claim.id,
          hashid: claim.hashid!,
          email: claim.email!,
          submittedAt: claim.submittedAt!,
        }
      );
    },

    /** The claim's process row (none before its first step), as an entity to change in a unit of work. */
    process: (claimId: string, lock = false): Promise<ClaimProcess | null> =>
      em.findOne(
        ClaimProcessSchema,
        { claim: claimId },
        lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
      ),

    /** Whether an information request of the claim is still waiting for the claimant. */
    hasOpenInfoRequest: async (claimId: string): Promise<boolean> =>
      (await em.count(InfoRequestSchema, { claim: claimId, status: 'open' })) > 0,

    /** Who made the claim's latest step change, and when (for a stale change's answer). */
    async lastStepChange(claimId: string): Promise<{ at: Date; staffName?: string } | undefined> {
      const [row] = await em.find(
        StaffAuditSchema,
        { claimId, action: 'claim.step_changed' },
        {
          fields: ['at', 'staff.name'],
          populate: ['staff'],
          orderBy: { id: 'desc' },
          limit: 1,
          disableIdentityMap: true,
        },
      );
      return row && { at: row.at, ...(row.staff ? { staffName: row.staff.name } : {}) };
    },

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
  };
}

/**
 * The claims a search finds: each reading of the input looked up in its own index and the claim
 * ids united, so one OR across tables never forces a scan. Names, postcodes and phone numbers
 * are the claim's current identity check's.
 */
function searchCondition(terms: SearchTerm[]): { sql: string; params: string[] } {
  if (terms.length === 0) return { sql: 'false', params: [] };
  const current = (expression: string) =>
    `select sc.id from identity_check sic join claim sc on sc.id = sic.claim_id and sc.identity_check_id = sic.id where ${expression} = ?`;
  const parts: string[] = [];
  const params: string[] = [];
  for (const term of terms) {
    if (term.kind === 'email')
      parts.push(`select id from claim where status = 'submitted' and ${emailSql()} = ?`);
    if (term.kind === 'reference') parts.push('select id from claim where hashid = ?');
    if (term.kind === 'postcode') parts.push(current(postcodeSql('sic')));
    if (term.kind === 'phone') parts.push(current(phoneSql('sic')));
    if (term.kind === 'name') {
      parts.push(current(lastNameSql('sic')));
      params.push(term.value);
      parts.push(current(fullNameSql('sic')));
    }
    if (term.kind === 'ticketNumber')
      for (const [index, field] of TICKET_NUMBER_FIELDS.entries()) {
        if (index > 0) params.push(term.value);
        parts.push(
          `select id from claim where status = 'submitted' and ${ticketNumberSql(field)} = ?`,
        );
      }
    params.push(term.value);
  }
  return { sql: `c.id in (${parts.join(' union ')})`, params };
}

export type ClaimProcessRepository = ReturnType<typeof claimProcessRepository>;
