import type { ClaimService } from '../claim/claim.service.ts';
import type { FileStorage } from '../files/storage.ts';
import { uploadRoute, type UploadLimits } from '../files/upload-route.ts';
import type { InfoRequestService } from '../info-request/info-request.service.ts';
import type { UploadService } from './upload.service.ts';

/** The claim's upload operation (docs/adr/006): its receiving half runs before validation. */
export function claimUploadRoute(
  claims: Pick<ClaimService, 'openClaimId'>,
  uploads: UploadService,
  storage: FileStorage,
  limits: UploadLimits,
) {
  return uploadRoute({
    path: '/api/v1/claim/:id/file',
    storage,
    ...limits,
    resolve: async (req) => ({
      claimId: await claims.openClaimId(String(req.params.id)),
      infoRequestId: null,
    }),
    store: (target, type, fileName, received) => uploads.store(target, type, fileName, received),
  });
}

/** The info request's upload operation (docs/adr/006): its receiving half runs before validation. */
export function infoRequestUploadRoute(
  requests: Pick<InfoRequestService, 'requestForUpload'>,
  uploads: UploadService,
  storage: FileStorage,
  limits: UploadLimits,
) {
  return uploadRoute({
    path: '/api/v1/claim/info-request/:infoRequestToken/file',
    storage,
    ...limits,
    resolve: (req) => requests.requestForUpload(String(req.params.infoRequestToken)),
    store: (target, type, fileName, received) => uploads.store(target, type, fileName, received),
  });
}
