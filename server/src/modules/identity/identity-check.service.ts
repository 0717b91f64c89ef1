import type { EntityManager } from '@mikro-orm/postgresql';
import { FailedDependencyError, ValidationFailure } from '../../http/errors.ts';
import type { DeliveryPoints } from '../address/delivery-point.ts';
import { claimAlreadySubmitted } from '../claim/claim.errors.ts';
import { claimRepository } from '../claim/claim.repository.ts';
import { personalDetailsProblems } from '../claim/claim.rules.ts';
import type { ClaimService } from '../claim/claim.service.ts';
import type { ClaimPersonalDetails, PersonalDetails } from '../claim/claim.types.ts';
import type { InfoRequestService } from '../info-request/info-request.service.ts';
import {
  checkWithTimeout,
  trustedDetails,
  type IdentityProvider,
  type TrustedPersonalDetails,
} from './identity-provider.ts';
import { newRowId } from '../../db/row-id.ts';

export interface IdentityCheckDependencies {
  em: EntityManager;
  identity: IdentityProvider;
  identityTimeoutMs: number;
  /** The delivery point of a looked-up address, read back from the address provider. */
  deliveryPoints: DeliveryPoints;
  claims: Pick<ClaimService, 'openClaimId'>;
  requests: Pick<InfoRequestService, 'requestForIdentity'>;
}

/**
 * The identity check of spec section 5, for the claim form and for an info request that asks
 * for personal details: the link first (a bad one reaches no provider and answers 404/409/410
 * before any 400), then the rules, then the provider's verdict, kept with the checked details.
 */
export function identityCheckService({
  em: rootEm,
  identity,
  identityTimeoutMs,
  deliveryPoints,
  claims,
  requests,
}: IdentityCheckDependencies) {
  const fresh = () => rootEm.fork();

  /** Refuses details that break the rules of spec section 5, else the details as checked and stored. */
  const checkedDetails = async (details: ClaimPersonalDetails) => {
    const problems = personalDetailsProblems(details);
    if (problems.length) throw new ValidationFailure(problems);
    return trustedDetails(details, deliveryPoints);
  };

  /** The identity provider's verdict on details that keep the rules: 424 when it fails or is slow. */
  const providerVerdict = async (details: TrustedPersonalDetails) => {
    try {
      return await checkWithTimeout(identity, details, identityTimeoutMs);
    } catch {
      throw new FailedDependencyError('The identity check is unavailable. Please try again later.');
    }
  };

  return {
    async forClaim(token: string, details: ClaimPersonalDetails) {
      const claimId = await claims.openClaimId(token);
      const trusted = await checkedDetails(details);
      const { idDocsRequired } = await providerVerdict(trusted);
      const uuid = newRowId();
      const saved = await claimRepository(fresh()).saveIdentity(claimId, {
        id: uuid,
        personalDetails: trusted,
        idDocsRequired,
        provider: identity.name,
      });
      // Guarded by the open status: a submit or purge since the link was checked makes this a 409.
      if (!saved) throw claimAlreadySubmitted();
      return { uuid, idDocsRequired };
    },

    async forInfoRequest(token: string, details: PersonalDetails) {
      const { claimId, infoRequestId } = await requests.requestForIdentity(token);
      const trusted = await checkedDetails(details);
      const { idDocsRequired } = await providerVerdict(trusted);
      const uuid = newRowId();
      await fresh().transactional(async (em) => {
        const repository = claimRepository(em);
        repository.addIdentityCheck({
          id: uuid,
          claimId,
          infoRequestId,
          personalDetails: trusted as unknown as Record<string, unknown>,
          idDocsRequired,
          provider: identity.name,
        });
        repository.addEvent(claimId, 'info_request.identity_checked');
      });
      return { uuid, idDocsRequired };
    },
  };
}

export type IdentityCheckService = ReturnType<typeof identityCheckService>;
