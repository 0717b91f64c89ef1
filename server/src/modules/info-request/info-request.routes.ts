import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import type { FileStorage } from '../files/storage.ts';
import { uploadRoute, type UploadLimits } from '../files/upload-route.ts';
import type { InfoRequestService } from './info-request.service.ts';

/** The info request's upload operation (docs/adr/006): its receiving half runs before validation. */
export function infoRequestUploadRoute(
  requests: InfoRequestService,
  storage: FileStorage,
  limits: UploadLimits,
) {
  return uploadRoute({
    path: '/api/v1/claim/info-request/:infoRequestToken/file',
    storage,
    ...limits,
    resolve: (req) => requests.requestForUpload(String(req.params.infoRequestToken)),
    store: (target, type, fileName, received) =>
      requests.storeUpload(target, type, fileName, received),
  });
}

export function infoRequestRoutes(requests: InfoRequestService): Router {
  const router = Router();

  contractRoute(
    router,
    'get',
    '/api/v1/claim/info-request/{infoRequestToken}',
    async (req, res) => {
      res.json(await requests.load(req.params.infoRequestToken));
    },
  );

  contractRoute(
    router,
    'post',
    '/api/v1/claim/info-request/{infoRequestToken}/identity',
    async (req, res) => {
      res.status(201).json(await requests.checkIdentity(req.params.infoRequestToken, req.body));
    },
  );

  contractRoute(
    router,
    'post',
    '/api/v1/claim/info-request/{infoRequestToken}',
    async (req, res) => {
      res.status(201).json(await requests.submit(req.params.infoRequestToken, req.body));
    },
  );

  return router;
}
