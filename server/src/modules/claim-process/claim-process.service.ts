import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@prize/generated/server';
import {
  askableSections,
  paymentMethodOf,
  STEP_LABELS,
  ticketKind,
  type ClaimSubmission,
} from '@prize/domain';
import type { Config } from '../../config/config.ts';
import { ConflictError, NotFoundError, ValidationFailure } from '../../http/errors.ts';
import { ClaimSchema, UploadedFileSchema } from '../claim/claim.entity.ts';
import { claimView, type ClaimInfoStatus } from '../claim-view/claim-view.ts';
import {
  submittedClaimRepository,
  type ProcessRecord,
  STAFF_ROWS_MAX,
  type StaffClaimRecord,
} from '../claim-view/submitted-claim.repository.ts';
import { servableImage, type ImageToSend } from '../files/served-image.ts';
import { statusLink } from '../claim/status-link.ts';
import type { FileStorage } from '../files/storage.ts';
import { queueEmail } from '../mail/outbox.ts';
import type { OutboxPump } from '../mail/outbox-pump.ts';
import type { EmailContent } from '../mail/templates.ts';
import type { InfoRequestService } from '../info-request/info-request.service.ts';
import type { SectionType } from '../info-request/info-request.rules.ts';
import { holdsAnyRole, type StaffRole } from '../staff/accounts/staff-role.ts';
import type { StaffPrincipal } from '../staff/auth/staff-principal.ts';
import { recordStaffAudit, writeStaffAudit } from '../staff/audit/staff-audit.ts';
import { ClaimProcessSchema, StaffNoteSchema } from './claim-process.entity.ts';
import {
  claimProcessRepository,
  type QueueFilters,
  type QueuePaging,
  type SubmittedClaimRow,
} from './claim-process.repository.ts';
import { isAllowedTransition, nextSteps, type ClaimStep } from './claim-steps.ts';
import {
  paidEmail,
  paymentDetailsRequestedEmail,
  rejectedEmail,
  ticketReceivedEmail,
  ticketRequestedEmail,
  type ClaimFacts,
} from './step-emails.ts';
import { normaliseTicketCode } from './ticket-code.ts';
import { timelineDetail } from './timeline-detail.ts';
import { newRowId } from '../../db/row-id.ts';

export const CLAIM_NOT_FOUND = 'Claim not found.';
export const TICKET_CODE_NOT_FOUND = 'No claim has this ticket code.';
export const STEP_MOVED = 'This claim has moved to another step. Reload it and try again.';
export const INFO_REQUEST_OPEN =
  'This claim is waiting for the claimant to answer an information request. Only rejecting it is possible until they answer.';
export const NOTE_REQUIRED = 'Enter a note (up to 1000 characters).';
export const REASON_REQUIRED = 'Enter a reason for rejecting the claim (up to 500 characters).';
export const REASON_NOT_ALLOWED = 'A reason is given only when rejecting a claim.';
export const CLAIM_CLOSED_NO_INFO =
  'This claim is paid or rejected: the claimant cannot be asked for information.';

type StaffClaim = components['schemas']['StaffClaim'];

/** When retention or an erasure removed each class of the claim's data (docs/adr/022), if any did. */
function dataRemoved(process: ProcessRecord | null): Pick<StaffClaim, 'dataRemoved'> {
  const removed = {
    ...(process?.idDocumentsDeletedAt
      ? { idDocumentsDeletedAt: process.idDocumentsDeletedAt.toISOString() }
      : {}),
    ...(process?.ticketImagesDeletedAt
      ? { ticketImagesDeletedAt: process.ticketImagesDeletedAt.toISOString() }
      : {}),
    ...(process?.personalDataRemovedAt
      ? { personalDataRemovedAt: process.personalDataRemovedAt.toISOString() }
      : {}),
  };
  return Object.keys(removed).length ? { dataRemoved: removed } : {};
}

/** Who may move a claim between steps (customer care and admin read only). */
const STEP_CHANGERS: readonly StaffRole[] = ['claims_advisor'];

export type WaitingOn = 'staff' | 'post' | 'claimant' | 'nobody';

/** Whose move it is at a step: an open information request waits for the claimant whatever the step. */
export function waitingOn(step: ClaimStep, info: ClaimInfoStatus): WaitingOn {
  if (step === 'paid' || step === 'rejected') return 'nobody';
  if (info === 'info_requested' || step === 'payment_details_requested') return 'claimant';
  if (step === 'ticket_requested') return 'post';
  return 'staff';
}

/** The moves a member of staff may make now: only rejection while the claimant owes an answer. */
function allowedNow(step: ClaimStep, roles: readonly StaffRole[], infoOpen: boolean): ClaimStep[] {
  if (!holdsAnyRole(roles, STEP_CHANGERS)) return [];
  const next = nextSteps(step);
  return infoOpen ? next.filter((to) => to === 'rejected') : next;
}

/** "9:02am on 17 March 2025" in UK time. */
function ukTime(at: Date): string {
  const time = at
    .toLocaleTimeString('en-GB', {
      timeZone: 'Europe/London',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
    .replace(' ', '');
  const day = at.toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return `${time} on ${day}`;
}

export interface StepChange {
  from: ClaimStep;
  to: ClaimStep;
  reason?: string;
}

export interface ClaimProcessDependencies {
  config: Pick<
    Config,
    | 'productName'
    | 'paymentDetailsUrl'
    | 'ticketPostalAddress'
    | 'customerCarePhone'
    | 'publicUrl'
    | 'staffSecretKey'
  >;
  em: EntityManager;
  outbox: Pick<OutboxPump, 'send'>;
  storage: Pick<FileStorage, 'open'>;
  infoRequests: Pick<InfoRequestService, 'create'>;
}

/** Winner Services' work on submitted claims (docs/adr/020): the queue, a claim's page, its steps. */
export function claimProcessService({
  config,
  em: rootEm,
  outbox,
  storage,
  infoRequests,
}: ClaimProcessDependencies) {
  const fresh = () => rootEm.fork();

  async function submittedClaim(em: EntityManager, hashid: string, lock = false) {
    const claim = await claimProcessRepository(em).submittedClaim(hashid, lock);
    if (!claim) throw new NotFoundError(CLAIM_NOT_FOUND);
    return claim;
  }

  /** What the step e-mails follow of a claim: its payment choice, its ticket, its status link. */
  async function claimFacts(em: EntityManager, claim: SubmittedClaimRow): Promise<ClaimFacts> {
    const { details } = await em.findOneOrFail(
      ClaimSchema,
      { id: claim.id },
      { fields: ['details'], disableIdentityMap: true },
    );
    const submitted = (details ?? {}) as Partial<ClaimSubmission>;
    const productType = submitted.productType ?? 'DBG';
    const status = statusLink(config, claim.id);
    // Claims submitted before status links had none stored: the first step change stores it.
    await em.nativeUpdate(
      ClaimSchema,
      { id: claim.id, statusTokenHash: null },
      { statusTokenHash: status.hash },
    );
    return {
      productName: config.productName,
      reference: claim.hashid,
      productType,
      ticketKind: ticketKind(productType, submitted.dbgTicketType),
      payment: paymentMethodOf(submitted.isChequePreferred),
      statusLink: status.href,
      customerCarePhone: config.customerCarePhone,
    };
  }

  /** The e-mail each step sends the claimant (issue 31); `reviewed` sends none. */
  async function stepEmail(
    em: EntityManager,
    claim: SubmittedClaimRow,
    to: ClaimStep,
    ticketCode: string | null,
  ): Promise<EmailContent | undefined> {
    if (to === 'submitted' || to === 'reviewed') return undefined;
    const facts = await claimFacts(em, claim);
    switch (to) {
      case 'ticket_requested':
        return ticketRequestedEmail(facts, {
          ticketCode: ticketCode!,
          postalAddress: config.ticketPostalAddress,
        });
      case 'ticket_received':
        return ticketReceivedEmail(facts);
      case 'payment_details_requested':
        return paymentDetailsRequestedEmail(facts, {
          paymentDetailsUrl: config.paymentDetailsUrl,
        });
      case 'paid':
        return paidEmail(facts);
      case 'rejected':
        return rejectedEmail(facts);
    }
  }

  /** The claim page's data: the claim as Winner Services see it and where it is in the process. */
  function staffView(claim: StaffClaimRecord, roles: readonly StaffRole[]): StaffClaim {
    // The stored fields are those the contract's schemas admitted on the way in; a purge empties
    // personal details, but a purged claim is not found.
    const shown = claimView(claim) as components['schemas']['OperatorClaim'];
    const { process } = claim;
    const check = claim.identityChecks.find(
      (candidate) => candidate.id === shown.identityCheckUuid,
    )!;
    const step: ClaimStep = process?.step ?? 'submitted';
    const infoOpen = shown.status === 'info_requested';
    const timeline: Array<{
      at: Date;
      event: string;
      staffName?: string;
      detail?: Record<string, unknown>;
    }> = [
      ...claim.audit.map((event) => ({ at: event.at, event: event.event })),
      ...claim.staffActions.map((action) => ({
        at: action.at,
        event: action.action,
        ...(action.staffName ? { staffName: action.staffName } : {}),
        ...(action.detail ? { detail: action.detail } : {}),
      })),
    ]
      // Stable: within one instant the claim's own event (the submission) comes first.
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .slice(-STAFF_ROWS_MAX);
    return {
      ...shown,
      reference: claim.hashid,
      step,
      ...(process?.ticketCode ? { ticketCode: process.ticketCode } : {}),
      ...(process?.rejectionReason ? { rejectionReason: process.rejectionReason } : {}),
      identityCheckResult: {
        idDocsRequired: check.idDocsRequired,
        checkedAt: check.checkedAt.toISOString(),
        provider: check.provider,
      },
      allowedTransitions: allowedNow(step, roles, infoOpen),
      stepSince: (process?.updatedAt ?? claim.submittedAt).toISOString(),
      waitingOn: waitingOn(step, shown.status),
      ...(process?.assignedStaffId && process.assignedStaffName
        ? { assignedTo: { staffId: process.assignedStaffId, name: process.assignedStaffName } }
        : {}),
      notes: claim.notes.map((note) => ({
        at: note.at.toISOString(),
        staffName: note.staffName,
        text: note.text,
      })),
      ...dataRemoved(process),
      timeline: timeline.map((entry) => {
        const detail = timelineDetail(entry.detail);
        return {
          at: entry.at.toISOString(),
          event: entry.event,
          ...(entry.staffName ? { staffName: entry.staffName } : {}),
          ...(detail ? { detail } : {}),
        };
      }),
    };
  }

  /** The claim's page as it is now: one statement (claim-view). */
  async function view(em: EntityManager, hashid: string, roles: readonly StaffRole[]) {
    const claim = await submittedClaimRepository(em).forStaff(hashid);
    if (!claim) throw new NotFoundError(CLAIM_NOT_FOUND);
    return staffView(claim, roles);
  }

  return {
    async queue(filters: QueueFilters, paging: QueuePaging) {
      // The contract's `date` format admits year 0000, which PostgreSQL has no date for.
      for (const property of ['submittedFrom', 'submittedTo'] as const)
        if (filters[property]?.startsWith('0000'))
          throw ValidationFailure.of(property, 'isDate', `${property} must be a date from year 1`);
      const repository = claimProcessRepository(fresh());
      const { rows, total, totalIsLowerBound, nextCursor } = await repository.queue(
        filters,
        paging,
      );
      const statuses = await repository.infoStatuses(rows.map((row) => row.id));
      return {
        items: rows.map((row) => {
          const status = statuses.get(row.id) ?? ('submitted' as const);
          const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
          return {
            claimHashid: row.hashid,
            reference: row.hashid,
            step: row.step,
            status,
            submittedAt: row.submittedAt.toISOString(),
            productType: row.productType,
            prizeAmountPence: row.prizeAmountPence,
            idDocsRequired: row.idDocsRequired,
            ...(name ? { claimantName: name } : {}),
            ...(row.game ? { game: row.game } : {}),
            ...(row.ticketColour ? { ticketColour: row.ticketColour } : {}),
            stepSince: row.stepSince.toISOString(),
            waitingOn: waitingOn(row.step, status),
            ...(row.assignedStaffId && row.assignedStaffName
              ? { assignedTo: { staffId: row.assignedStaffId, name: row.assignedStaffName } }
              : {}),
          };
        }),
        page: paging.after ? 1 : paging.page,
        pageSize: paging.pageSize,
        total,
        totalIsLowerBound,
        ...(nextCursor ? { nextCursor } : {}),
      };
    },

    /** A claim's page for a member of staff; the view of its personal details is audited first. */
    async claim(hashid: string, staff: StaffPrincipal) {
      const em = fresh();
      const claim = await submittedClaimRepository(em).forStaff(hashid);
      if (!claim) throw new NotFoundError(CLAIM_NOT_FOUND);
      // Committed before the page is answered: no personal details are shown unrecorded.
      await writeStaffAudit(em, { staffId: staff.id, action: 'claim.viewed', claimId: claim.id });
      return staffView(claim, staff.roles);
    },

    /**
     * One of the claim's images, re-encoded: the stored bytes once the sanitizer replaced the
     * upload (metadata stripped), never before. The view is audited.
     */
    async file(hashid: string, uuid: string, staff: StaffPrincipal): Promise<ImageToSend> {
      const em = fresh();
      const claim = await submittedClaim(em, hashid);
      const file = servableImage(
        await em.findOne(
          UploadedFileSchema,
          { id: uuid, claim: claim.id },
          {
            fields: ['type', 'storageKey', 'contentType', 'size', 'sanitizedAt', 'sanitizeError'],
            disableIdentityMap: true,
          },
        ),
      );
      const stream = await storage.open(file.storageKey);
      recordStaffAudit(em, {
        staffId: staff.id,
        action: 'claim.file_viewed',
        claimId: claim.id,
        // The kind of image too, so the timeline says which one was viewed without an id.
        detail: { fileUuid: uuid, fileType: file.type },
      });
      await em.flush().catch((error: unknown) => {
        stream.destroy();
        throw error;
      });
      return { stream, contentType: file.contentType, size: file.size };
    },

    /**
     * Moves a claim one step (docs/adr/020): checks the move, saves the step, queues the step's
     * e-mail and records who did it, all in one transaction; the e-mail goes once it commits.
     */
    async changeStep(hashid: string, change: StepChange, staff: StaffPrincipal) {
      if (change.to === 'rejected' && !change.reason?.trim())
        throw ValidationFailure.of('reason', 'required', REASON_REQUIRED);
      if (change.to !== 'rejected' && change.reason !== undefined)
        throw ValidationFailure.of('reason', 'absent', REASON_NOT_ALLOWED);
      if (!isAllowedTransition(change.from, change.to))
        throw new ConflictError(
          `This claim cannot move from ${STEP_LABELS[change.from].toLowerCase()} to ${STEP_LABELS[change.to].toLowerCase()}.`,
        );
      const outboxId = await fresh().transactional(async (em) => {
        const repository = claimProcessRepository(em);
        // The claim's row lock orders concurrent moves of one claim, its first move included.
        const claim = await submittedClaim(em, hashid, true);
        const process = await repository.process(claim.id, true);
        const current = process?.step ?? 'submitted';
        if (current !== change.from) {
          const moved = await repository.lastStepChange(claim.id);
          const infoOpen = await repository.hasOpenInfoRequest(claim.id);
          const where = STEP_LABELS[current];
          throw new ConflictError(
            moved
              ? `${moved.staffName ?? 'Someone'} moved this claim to ${where} at ${ukTime(moved.at)}.`
              : STEP_MOVED,
            {
              currentStep: current,
              ...(moved?.staffName ? { movedBy: moved.staffName } : {}),
              ...(moved ? { movedAt: moved.at.toISOString() } : {}),
              allowedTransitions: allowedNow(current, staff.roles, infoOpen),
            },
          );
        }
        if (change.to !== 'rejected' && (await repository.hasOpenInfoRequest(claim.id)))
          throw new ConflictError(INFO_REQUEST_OPEN, {
            currentStep: current,
            allowedTransitions: allowedNow(current, staff.roles, true),
          });
        const ticketCode =
          change.to === 'ticket_requested'
            ? await repository.unusedTicketCode()
            : (process?.ticketCode ?? null);
        const saved =
          process ??
          em.create(ClaimProcessSchema, {
            assignedStaff: null,
            claim: claim.id,
            step: change.to,
            updatedAt: new Date(),
          });
        em.assign(saved, {
          step: change.to,
          ticketCode,
          updatedAt: new Date(),
          ...(change.to === 'rejected'
            ? { rejectedFrom: change.from, rejectionReason: change.reason!.trim() }
            : {}),
        });
        recordStaffAudit(em, {
          staffId: staff.id,
          action: 'claim.step_changed',
          claimId: claim.id,
          detail: {
            from: change.from,
            to: change.to,
            ...(change.to === 'rejected' ? { reason: change.reason!.trim() } : {}),
          },
        });
        const email = await stepEmail(em, claim, change.to, ticketCode);
        return email && queueEmail(em, `step.${change.to}`, claim.email, email);
      });
      if (outboxId) outbox.send(outboxId);
      return view(fresh(), hashid, staff.roles);
    },

    /**
     * "Assign to me" (`staffId`) or "Unassign" (null): the claim's process row holds the assignee
     * (made for it at `submitted`, dated at the submission so the time at the step is unchanged).
     */
    async assign(hashid: string, staffId: string | null, staff: StaffPrincipal) {
      await fresh().transactional(async (em) => {
        const repository = claimProcessRepository(em);
        const claim = await submittedClaim(em, hashid, true);
        const process = await repository.process(claim.id, true);
        const before = process?.assignedStaff?.id ?? null;
        if (before === staffId) return;
        if (process) em.assign(process, { assignedStaff: staffId });
        else
          em.create(ClaimProcessSchema, {
            claim: claim.id,
            step: 'submitted',
            updatedAt: claim.submittedAt,
            assignedStaff: staffId,
          });
        recordStaffAudit(em, {
          staffId: staff.id,
          action: staffId ? 'claim.assigned' : 'claim.unassigned',
          claimId: claim.id,
          ...(before ? { detail: { previousStaffId: before } } : {}),
        });
      });
      return view(fresh(), hashid, staff.roles);
    },

    /** An internal note: kept with the claim, its adding audited, never e-mailed. */
    async addNote(hashid: string, text: string, staff: StaffPrincipal) {
      const note = text.trim();
      if (!note) throw ValidationFailure.of('text', 'required', NOTE_REQUIRED);
      await fresh().transactional(async (em) => {
        const claim = await submittedClaim(em, hashid);
        const created = em.create(StaffNoteSchema, {
          id: newRowId(),
          claim: claim.id,
          staff: staff.id,
          text: note,
          createdAt: new Date(),
        });
        recordStaffAudit(em, {
          staffId: staff.id,
          action: 'claim.note_added',
          claimId: claim.id,
          detail: { noteId: created.id },
        });
      });
      return view(fresh(), hashid, staff.roles);
    },

    /**
     * As the operator API's info request, for a claim still in the process and only for what the
     * claim can have (its own kind of ticket images); recorded in the staff audit once it is made.
     */
    async requestInformation(hashid: string, sections: SectionType[], staff: StaffPrincipal) {
      const em = fresh();
      const claim = await submittedClaim(em, hashid);
      const [process, { details }] = await Promise.all([
        claimProcessRepository(em).process(claim.id),
        em.findOneOrFail(
          ClaimSchema,
          { id: claim.id },
          { fields: ['details'], disableIdentityMap: true },
        ),
      ]);
      if (process?.step === 'paid' || process?.step === 'rejected')
        throw new ConflictError(CLAIM_CLOSED_NO_INFO);
      const ticket = (details ?? {}) as Partial<ClaimSubmission>;
      const askable = askableSections(ticket);
      const foreign = sections.filter((section) => !askable.includes(section));
      if (foreign.length)
        throw ValidationFailure.of(
          'sectionTypeList',
          'askable',
          `sectionTypeList may ask only for what this claim has (${askable.join(', ')}), not ${foreign.join(', ')}`,
        );
      const created = await infoRequests.create(claim.id, claim.email, sections);
      recordStaffAudit(em, {
        staffId: staff.id,
        action: 'claim.info_requested',
        claimId: claim.id,
        detail: { infoRequestUuid: created.uuid, sectionTypeList: sections },
      });
      await em.flush();
      return created;
    },

    /** The claim a ticket code (typed, or scanned from the QR code) belongs to; the lookup is audited. */
    async findByTicketCode(input: string, staff: StaffPrincipal) {
      const code = normaliseTicketCode(input);
      const em = fresh();
      const repository = claimProcessRepository(em);
      const claim = code && (await repository.claimByTicketCode(code));
      if (!claim) throw new NotFoundError(TICKET_CODE_NOT_FOUND);
      recordStaffAudit(em, {
        staffId: staff.id,
        action: 'claim.ticket_code_lookup',
        claimId: claim.id,
      });
      await em.flush();
      return { claimHashid: claim.hashid };
    },
  };
}

export type ClaimProcessService = ReturnType<typeof claimProcessService>;
