import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import type { DraftService } from './draft.service.ts';

export function draftRoutes(drafts: DraftService): Router {
  const router = Router();

  contractRoute(
    router,
    'get',
    '/api/v1/claim/info-request/{infoRequestToken}/draft',
    async (req, res) => {
      res.json(await drafts.loadForInfoRequest(req.params.infoRequestToken));
    },
  );

  contractRoute(
    router,
    'put',
    '/api/v1/claim/info-request/{infoRequestToken}/draft/{section}',
    async (req, res) => {
      res.json(
        await drafts.saveForInfoRequest(req.params.infoRequestToken, req.params.section, req.body),
      );
    },
  );

  contractRoute(router, 'get', '/api/v1/claim/{id}/draft', async (req, res) => {
    res.json(await drafts.loadForClaim(req.params.id));
  });

  contractRoute(router, 'put', '/api/v1/claim/{id}/draft/{section}', async (req, res) => {
    res.json(await drafts.saveForClaim(req.params.id, req.params.section, req.body));
  });

  return router;
}
