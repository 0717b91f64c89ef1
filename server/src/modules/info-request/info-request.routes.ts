import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import type { InfoRequestService } from './info-request.service.ts';

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
    '/api/v1/claim/info-request/{infoRequestToken}',
    async (req, res) => {
      res.status(201).json(await requests.submit(req.params.infoRequestToken, req.body));
    },
  );

  return router;
}
