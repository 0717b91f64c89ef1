import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@prize/generated/server';
import type { Config } from '../../config/config.ts';
import { claimAlreadySubmitted } from '../claim/claim.errors.ts';
import { claimRepository } from '../claim/claim.repository.ts';
import type { ClaimService } from '../claim/claim.service.ts';
import type { InfoRequestService } from '../info-request/info-request.service.ts';
import { openDraft, sealDraft } from './draft-cipher.ts';
import { draftRepository } from '../draft/draft.repository.ts';

export type DraftSectionId = components['schemas']['DraftSectionId'];
export type DraftSection = components['schemas']['DraftSection'];
export type FormDraft = components['schemas']['FormDraft'];

/** The forms' order, which the loaded draft follows (the contract's DraftSectionId). */
const FORM_ORDER: Record<DraftSectionId, number> = {
  personalDetails: 0,
  idDocuments: 1,
  claimDetails: 2,
  aboutTicket: 3,
  ticketImages: 4,
};

export interface DraftServiceDependencies {
  config: Config;
  em: EntityManager;
  claims: ClaimService;
  requests: InfoRequestService;
}

/**
 * Save and return for the claim form and the amend form (docs/adr/015-form-drafts.md): each
 * completed section is kept, sealed with the link token, for the form's inactivity minutes after
 * the last save or load. Only an open claim or request has a draft.
 */
export function draftService({ config, em: rootEm, claims, requests }: DraftServiceDependencies) {
  const load = async (token: string, ownerId: string, minutes: number): Promise<FormDraft> => {
    const { sections, expiresAt } = await rootEm
      .fork()
      .transactional((tx) => draftRepository(tx).load(ownerId, minutes));
    const opened = sections
      .map(({ section, sealed }) => ({
        section: section as DraftSectionId,
        content: openDraft(token, ownerId, section, sealed) as DraftSection | undefined,
      }))
      // A section that does not open (sealed under an older key format) is as good as not saved.
      .filter(
        (found): found is { section: DraftSectionId; content: DraftSection } =>
          found.content !== undefined && found.section in FORM_ORDER,
      )
      .sort((a, b) => FORM_ORDER[a.section] - FORM_ORDER[b.section])
      .map(({ section, content }) => ({ section, ...content }));
    return opened.length && expiresAt
      ? { sections: opened, expiresAt: expiresAt.toISOString() }
      : { sections: [] };
  };

  return {
    async loadForClaim(token: string): Promise<FormDraft> {
      const claimId = await claims.openClaimId(token);
      return load(token, claimId, config.claimInactivityMinutes);
    },

    async saveForClaim(
      token: string,
      section: DraftSectionId,
      content: DraftSection,
    ): Promise<{ expiresAt: string }> {
      const claimId = await claims.openClaimId(token);
      const sealed = sealDraft(token, claimId, section, content);
      const expiresAt = await rootEm.fork().transactional(async (tx) => {
        // Saving is activity on the claim: it keeps the claim open as any other call does.
        if ((await claimRepository(tx).touch(claimId)) === 0) throw claimAlreadySubmitted();
        return draftRepository(tx).save(
          claimId,
          { section, sealed },
          config.claimInactivityMinutes,
        );
      });
      return { expiresAt: expiresAt.toISOString() };
    },

    async loadForInfoRequest(token: string): Promise<FormDraft> {
      const infoRequestId = await requests.openRequestId(token);
      return load(token, infoRequestId, config.infoRequestInactivityMinutes);
    },

    async saveForInfoRequest(
      token: string,
      section: DraftSectionId,
      content: DraftSection,
    ): Promise<{ expiresAt: string }> {
      const infoRequestId = await requests.openRequestId(token);
      const sealed = sealDraft(token, infoRequestId, section, content);
      const expiresAt = await rootEm
        .fork()
        .transactional((tx) =>
          draftRepository(tx).save(
            infoRequestId,
            { section, sealed },
            config.infoRequestInactivityMinutes,
          ),
        );
      return { expiresAt: expiresAt.toISOString() };
    },
  };
}

export type DraftService = ReturnType<typeof draftService>;
