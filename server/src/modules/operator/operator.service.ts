import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, NotFoundError } from '../../http/errors.ts';
import { claimRepository } from '../claim/claim.repository.ts';
import type { FileStorage } from '../files/storage.ts';
import { infoRequestRepository } from '../info-request/info-request.repository.ts';
import type { InfoRequestService } from '../info-request/info-request.service.ts';
import { requestedPart, type SectionType } from '../info-request/info-request.rules.ts';
import { operatorRepository, type OperatorStatus } from './operator.repository.ts';

const CLAIM_NOT_FOUND = 'Claim not found.';
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

/** Raw queries hand timestamps back as text: one conversion, here. */
const iso = (value: Date | string): string => new Date(value).toISOString();

const pick = (source: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(
    keys
      .filter((key) => source[key] !== undefined && source[key] !== null)
      .map((key) => [key, source[key]]),
  );

export function operatorService({
  em: rootEm,
  storage,
  infoRequests,
}: {
  em: EntityManager;
  storage: FileStorage;
  infoRequests: InfoRequestService;
}) {
  const fresh = () => rootEm.fork();
  return {
    async list(status: OperatorStatus | undefined, page: number, pageSize: number) {
      const { rows, total } = await operatorRepository(fresh()).page(status, page, pageSize);
      return {
        items: rows.map((row) => ({
          claimHashid: row.hashid,
          status: row.status,
          submittedAt: iso(row.submitted_at),
          productType: row.product_type,
          prizeAmountPence: row.prize_amount_pence,
        })),
        page,
        pageSize,
        total,
      };
    },

    /** The claim as submitted, with the requested sections of every answered info request laid over it. */
    async claim(hashid: string) {
      const em = fresh();
      const repository = operatorRepository(em);
      const claim = await repository.claim(hashid);
      if (!claim) throw new NotFoundError(CLAIM_NOT_FOUND);
      const [checks, files, audit, requests] = await Promise.all([
        repository.identityChecks(claim.id),
        repository.files(claim.id),
        repository.audit(claim.id),
        infoRequestRepository(em).forClaim(claim.id),
      ]);
      const checkById = new Map(checks.map((check) => [check.id, check]));
      let current = {
        identityCheckId: claim.identity_check_id,
        ...pick(claim.details, FILE_KEYS),
      } as Record<string, unknown>;
      for (const request of requests) {
        if (request.status !== 'submitted' || !request.submission) continue;
        // Only the sections the operator asked for apply, whatever an older answer holds.
        const answer = requestedPart(request.submission, {
          requested: request.section_types,
          idDocsRequired: request.submission.idDocsRequired === true,
        });
        current = {
          ...current,
          ...pick(answer, FILE_KEYS),
          ...(answer.identityCheckUuid ? { identityCheckId: answer.identityCheckUuid } : {}),
        };
      }
      const currentCheck = checkById.get(current.identityCheckId as string)!;
      return {
        claimHashid: claim.hashid,
        // Both absent once the claim's personal data was removed (docs/adr/022).
        ...(claim.email ? { email: claim.email } : {}),
        status: claim.status,
        submittedAt: iso(claim.submitted_at),
        ...(currentCheck.personal_details
          ? { personalDetails: currentCheck.personal_details }
          : {}),
        identityCheckUuid: currentCheck.id,
        idDocsRequired: currentCheck.id_docs_required,
        ...pick(current, ['idDocument1FileUuid', 'idDocument2FileUuid']),
        claimDetails: pick(claim.details, CLAIM_DETAIL_KEYS),
        ticketDetails: {
          ...pick(claim.details, [
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
          ]),
          ...pick(current, ['ticketFrontFileUuid', 'ticketBackFileUuid']),
        },
        files: files.map((file) => ({
          uuid: file.id,
          type: file.type,
          originalName: file.original_name,
          size: file.size,
          sha256: file.sha256,
          contentType: file.content_type,
          createdAt: iso(file.created_at),
        })),
        identityChecks: checks.map((check) => ({
          uuid: check.id,
          idDocsRequired: check.id_docs_required,
          checkedAt: iso(check.checked_at),
          ...(check.personal_details ? { personalDetails: check.personal_details } : {}),
        })),
        infoRequests: requests.map((request) => ({
          uuid: request.id,
          sectionTypeList: request.section_types,
          createdAt: iso(request.created_at),
          expiresAt: iso(request.expires_at),
          ...(request.submitted_at ? { submittedAt: iso(request.submitted_at) } : {}),
          ...(request.submission ? { submission: request.submission } : {}),
        })),
        audit: audit.map((entry) => ({ event: entry.event, at: iso(entry.at) })),
      };
    },

    async file(uuid: string) {
      const em = fresh();
      const file = await operatorRepository(em).file(uuid);
      if (!file) throw new NotFoundError('File not found.');
      // Only re-encoded bytes (metadata stripped) ever reach an operator's screen.
      if (file.sanitize_error)
        throw new ConflictError('The file could not be processed as an image.');
      if (!file.sanitized_at)
        throw new ConflictError('The file is still being checked. Please try again shortly.');
      await claimRepository(em).audit(file.claim_id, 'file.viewed');
      return {
        stream: await storage.open(file.storage_key),
        contentType: file.content_type,
        size: file.size,
      };
    },

    async requestInformation(hashid: string, sections: SectionType[]) {
      const claim = await operatorRepository(fresh()).claim(hashid);
      if (!claim) throw new NotFoundError(CLAIM_NOT_FOUND);
      return infoRequests.create(claim.id, claim.email, sections);
    },
  };
}

export type OperatorService = ReturnType<typeof operatorService>;
