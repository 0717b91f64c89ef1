import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config/config.ts';
import {
  ConflictError,
  GoneError,
  InputError,
  NotFoundError,
  ValidationFailure,
} from '../../http/errors.ts';
import { claimRepository } from '../claim/claim.repository.ts';
import { hashLinkToken, newLinkToken } from '../claim/tokens.ts';
import { draftRepository } from '../draft/draft.repository.ts';
import { queueEmail } from '../mail/outbox.ts';
import type { OutboxPump } from '../mail/outbox-pump.ts';
import { statusLink } from '../claim/status-link.ts';
import { infoReceivedEmail, infoRequestEmail } from '../mail/templates.ts';
import type { InfoRequest } from './info-request.entity.ts';
import { infoRequestRepository } from './info-request.repository.ts';
import {
  answerProblems,
  requiredFiles,
  sectionListProblems,
  type InfoRequestSubmission,
  type SectionType,
} from './info-request.rules.ts';

/** An info-request link works for this long (docs/adr/005-claim-lifetime-and-tokens.md). */
export const INFO_REQUEST_LIFETIME_DAYS = 14;

export const INFO_REQUEST_NOT_FOUND = 'This information request could not be found.';
export const INFO_REQUEST_EXPIRED = 'This information request has expired.';
export const INFO_REQUEST_ANSWERED = 'This information has already been submitted.';
export const PERSONAL_DETAILS_NOT_REQUESTED =
  'This information request does not ask for personal details.';

export interface InfoRequestServiceDependencies {
  config: Config;
  em: EntityManager;
  outbox: Pick<OutboxPump, 'send'>;
}

/** Winner Services ask for more; the claimant answers through the e-mailed link. */
export function infoRequestService({ config, em: rootEm, outbox }: InfoRequestServiceDependencies) {
  const fresh = () => rootEm.fork();

  /** The open request a link token names; 404, 409 or 410 otherwise. */
  async function openRequest(em: EntityManager, token: string, lock = false) {
    return assertOpen(
      await infoRequestRepository(em).findByTokenHash(hashLinkToken(token), { lock }),
    );
  }

  function assertOpen<T extends Pick<InfoRequest, 'status' | 'expiresAt'>>(request: T | null): T {
    if (!request) throw new NotFoundError(INFO_REQUEST_NOT_FOUND);
    if (request.status === 'submitted') throw new ConflictError(INFO_REQUEST_ANSWERED);
    if (request.status === 'superseded' || request.expiresAt.getTime() <= Date.now())
      throw new GoneError(INFO_REQUEST_EXPIRED);
    return request;
  }

  return {
    /** Operator: creates the request for a submitted claim and e-mails the claimant its link. */
    async create(claimId: string, email: string, sections: SectionType[]) {
      const problems = sectionListProblems(sections);
      if (problems.length) throw new ValidationFailure(problems);
      const { token, hash } = newLinkToken();
      const expiresAt = new Date(Date.now() + INFO_REQUEST_LIFETIME_DAYS * 86_400_000);
      const link = `${config.publicUrl}/claim/info-request/${token}`;
      const em = fresh();
      const { id, outboxId } = await em.transactional(async (tx) => {
        const created = await infoRequestRepository(tx).create(claimId, hash, sections, expiresAt);
        await claimRepository(tx).audit(claimId, 'info_request.created');
        const queued = queueEmail(
          tx,
          'info-request',
          email,
          infoRequestEmail(config.productName, link, INFO_REQUEST_LIFETIME_DAYS),
        );
        return { id: created, outboxId: queued };
      });
      outbox.send(outboxId);
      return { uuid: id, sectionTypeList: sections, expiresAt: expiresAt.toISOString() };
    },

    async load(token: string) {
      const request = await openRequest(fresh(), token);
      if (!request.openedAt)
        await fresh().transactional(async (em) => {
          // Audited once, however many loads race to be the first.
          if (await infoRequestRepository(em).markOpened(request.id))
            claimRepository(em).addEvent(request.claim.id, 'info_request.opened');
        });
      return {
        sectionTypeList: request.sectionTypes as SectionType[],
        inactivityMinutes: config.infoRequestInactivityMinutes,
        customerCarePhone: config.customerCarePhone,
      };
    },

    /** The request an identity check is for: only one that asks for personal details. */
    async requestForIdentity(token: string): Promise<{ claimId: string; infoRequestId: string }> {
      const request = await openRequest(fresh(), token);
      // Only a requested section is stored (docs/adr/016): no check without PERSONAL_DETAILS.
      if (!request.sectionTypes.includes('PERSONAL_DETAILS'))
        throw new InputError(PERSONAL_DETAILS_NOT_REQUESTED);
      return { claimId: request.claim.id, infoRequestId: request.id };
    },

    /** The request an upload is for, resolved before the body is read. */
    async requestForUpload(token: string): Promise<{ claimId: string; infoRequestId: string }> {
      const request = await openRequest(fresh(), token);
      return { claimId: request.claim.id, infoRequestId: request.id };
    },

    /** The id of the open request a link token names; 404, 409 or 410 otherwise (the form's draft). */
    async openRequestId(token: string): Promise<string> {
      return (await openRequest(fresh(), token)).id;
    },

    async submit(token: string, answer: InfoRequestSubmission) {
      const { claimHashid, mailId } = await fresh().transactional(async (em) => {
        const claims = claimRepository(em);
        // Load: the request (locked: a second answer sent at once waits, then finds it answered).
        const request = await openRequest(em, token, true);
        const claimId = request.claim.id;
        const requested = request.sectionTypes as SectionType[];
        let idDocsRequired: boolean | undefined;
        // An identity check counts only when personal details were asked for; else it is refused below.
        if (answer.identityCheckUuid && requested.includes('PERSONAL_DETAILS')) {
          const check = await claims.findIdentityCheck(answer.identityCheckUuid, claimId);
          if (!check || check.infoRequestId !== request.id) {
            throw ValidationFailure.of(
              'identityCheckUuid',
              'identityCheck',
              'The identity check does not belong to this request',
            );
          }
          idDocsRequired = check.idDocsRequired;
        }
        const facts = { requested, idDocsRequired };
        const files = requiredFiles(facts).flatMap(([property, type]) =>
          answer[property] ? [{ property, uuid: answer[property] as string, type }] : [],
        );
        const stored = new Map(
          (
            await claims.findFiles(
              claimId,
              files.map((file) => file.uuid),
            )
          ).map((file) => [file.id, file]),
        );

        // Check: every problem at once, in one 400.
        const problems = answerProblems(answer, facts);
        for (const file of files) {
          const found = stored.get(file.uuid);
          if (found?.type !== file.type || found.infoRequestId !== request.id) {
            problems.push({
              property: file.property,
              constraints: {
                file: `${file.property} must be a ${file.type} image uploaded for this request`,
              },
              children: [],
            });
          }
        }
        if (problems.length) throw new ValidationFailure(problems);

        // Change, and queue the e-mail: written by the flush that commits.
        request.status = 'submitted';
        request.submittedAt = new Date();
        request.submission = idDocsRequired === undefined ? answer : { ...answer, idDocsRequired };
        claims.addEvent(claimId, 'info_request.submitted');
        await draftRepository(em).forget([request.id]);
        const claim = await claims.findContact(claimId);
        const mailId = queueEmail(
          em,
          'info-received',
          claim.email!,
          infoReceivedEmail(config.productName, claim.hashid!, statusLink(config, claimId).href),
        );
        return { claimHashid: claim.hashid!, mailId };
      });
      outbox.send(mailId);
      return { claimHashid };
    },
  };
}

export type InfoRequestService = ReturnType<typeof infoRequestService>;
