import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../http/errors.ts';
import { claimRepository } from '../claim/claim.repository.ts';
import { claimView } from '../claim-view/claim-view.ts';
import { submittedClaimRepository } from '../claim-view/submitted-claim.repository.ts';
import { servableImage } from '../files/served-image.ts';
import type { FileStorage } from '../files/storage.ts';
import type { InfoRequestService } from '../info-request/info-request.service.ts';
import type { SectionType } from '../info-request/info-request.rules.ts';
import { operatorRepository, type OperatorStatus } from './operator.repository.ts';

const CLAIM_NOT_FOUND = 'Claim not found.';

export function operatorService({
  em: rootEm,
  storage,
  infoRequests,
}: {
  em: EntityManager;
  storage: FileStorage;
  infoRequests: Pick<InfoRequestService, 'create'>;
}) {
  const fresh = () => rootEm.fork();
  return {
    async list(status: OperatorStatus | undefined, page: number, pageSize: number) {
      const { rows, total } = await operatorRepository(fresh()).page(status, page, pageSize);
      return {
        items: rows.map((row) => ({
          claimHashid: row.hashid,
          status: row.status,
          submittedAt: row.submittedAt.toISOString(),
          productType: row.productType,
          prizeAmountPence: row.prizeAmountPence,
        })),
        page,
        pageSize,
        total,
      };
    },

    /** The claim as submitted, with the requested sections of every answered info request laid over it. */
    async claim(hashid: string) {
      const claim = await submittedClaimRepository(fresh()).forOperator(hashid);
      if (!claim) throw new NotFoundError(CLAIM_NOT_FOUND);
      return claimView(claim);
    },

    async file(uuid: string) {
      const em = fresh();
      const file = servableImage(await operatorRepository(em).file(uuid));
      await claimRepository(em).audit(file.claimId, 'file.viewed');
      return {
        stream: await storage.open(file.storageKey),
        contentType: file.contentType,
        size: file.size,
      };
    },

    async requestInformation(hashid: string, sections: SectionType[]) {
      const claim = await submittedClaimRepository(fresh()).identify(hashid);
      if (!claim) throw new NotFoundError(CLAIM_NOT_FOUND);
      return infoRequests.create(claim.id, claim.email!, sections);
    },
  };
}

export type OperatorService = ReturnType<typeof operatorService>;
