import { requestedPart } from '../info-request/info-request.rules.ts';
import type { InfoRequestRecord, SubmittedClaimRecord } from './submitted-claim.repository.ts';

/** Where a claim's latest info request leaves it: asked and unanswered, answered, or never asked. */
export type ClaimInfoStatus = 'submitted' | 'info_requested' | 'info_received';

export function infoStatus(latest: Pick<InfoRequestRecord, 'status'> | undefined): ClaimInfoStatus {
  if (latest?.status === 'open') return 'info_requested';
  if (latest?.status === 'submitted') return 'info_received';
  return 'submitted';
}

const FILE_KEYS = [
  'idDocument1FileUuid',
  'idDocument2FileUuid',
  'ticketFrontFileUuid',
  'ticketBackFileUuid',
] as const;
const CLAIM_DETAIL_KEYS = [
  'isTicketInPossession',
  'isTicketDamaged',
  'isLotteryRetailer',
  'isChequePreferred',
] as const;
const TICKET_DETAIL_KEYS = [
  'productType',
  'prizeAmountPence',
  'dbgGame',
  'dbgTicketType',
  'dbgTicketNumber',
  'dbgTermNumber',
  'dbgRetailerNumber',
  'scBarcodeNumber',
  'scSerialNumber',
  'scVirn',
] as const;

const pick = (source: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(
    keys
      .filter((key) => source[key] !== undefined && source[key] !== null)
      .map((key) => [key, source[key]]),
  );

/**
 * A submitted claim as Winner Services see it (the contract's OperatorClaim, and the first part
 * of StaffClaim): as submitted, with the requested sections of every answered info request laid
 * over it. Email and personal details are absent once the personal data was removed
 * (docs/adr/022).
 */
export function claimView(claim: SubmittedClaimRecord) {
  let current = {
    identityCheckId: claim.identityCheckId,
    ...pick(claim.details, FILE_KEYS),
  } as Record<string, unknown>;
  for (const request of claim.infoRequests) {
    if (request.status !== 'submitted' || !request.submission) continue;
    // Only the sections the operator asked for apply, whatever an older answer holds.
    const answer = requestedPart(request.submission, {
      requested: request.sectionTypes,
      idDocsRequired: request.submission.idDocsRequired === true,
    });
    current = {
      ...current,
      ...pick(answer, FILE_KEYS),
      ...(answer.identityCheckUuid ? { identityCheckId: answer.identityCheckUuid } : {}),
    };
  }
  const currentCheck = claim.identityChecks.find((check) => check.id === current.identityCheckId)!;
  return {
    claimHashid: claim.hashid,
    ...(claim.email ? { email: claim.email } : {}),
    status: infoStatus(claim.infoRequests.at(-1)),
    submittedAt: claim.submittedAt.toISOString(),
    ...(currentCheck.personalDetails ? { personalDetails: currentCheck.personalDetails } : {}),
    identityCheckUuid: currentCheck.id,
    idDocsRequired: currentCheck.idDocsRequired,
    ...pick(current, ['idDocument1FileUuid', 'idDocument2FileUuid']),
    claimDetails: pick(claim.details, CLAIM_DETAIL_KEYS),
    ticketDetails: {
      ...pick(claim.details, TICKET_DETAIL_KEYS),
      ...pick(current, ['ticketFrontFileUuid', 'ticketBackFileUuid']),
    },
    files: claim.files.map((file) => ({
      uuid: file.id,
      type: file.type,
      originalName: file.originalName,
      size: file.size,
      sha256: file.sha256,
      contentType: file.contentType,
      createdAt: file.createdAt.toISOString(),
    })),
    identityChecks: claim.identityChecks.map((check) => ({
      uuid: check.id,
      idDocsRequired: check.idDocsRequired,
      checkedAt: check.checkedAt.toISOString(),
      ...(check.personalDetails ? { personalDetails: check.personalDetails } : {}),
    })),
    infoRequests: claim.infoRequests.map((request) => ({
      uuid: request.id,
      sectionTypeList: request.sectionTypes,
      createdAt: request.createdAt.toISOString(),
      expiresAt: request.expiresAt.toISOString(),
      ...(request.submittedAt ? { submittedAt: request.submittedAt.toISOString() } : {}),
      ...(request.submission ? { submission: request.submission } : {}),
    })),
    audit: claim.audit.map((entry) => ({ event: entry.event, at: entry.at.toISOString() })),
  };
}

export type ClaimView = ReturnType<typeof claimView>;
