import { Router } from 'express';
import type { DraftSection, DraftSectionId, DraftService } from './draft.service.ts';

export function draftRoutes(drafts: DraftService): Router {
  const router = Router();

  router.get('/api/v1/claim/info-request/:infoRequestToken/draft', async (req, res) => {
    res.json(await drafts.loadForInfoRequest(req.params.infoRequestToken));
  });

  router.put('/api/v1/claim/info-request/:infoRequestToken/draft/:section', async (req, res) => {
    res.json(await drafts.saveForInfoRequest(req.params.infoRequestToken, req.params.section as DraftSectionId, req.body as DraftSection));
  });

  router.get('/api/v1/claim/:id/draft', async (req, res) => {
    res.json(await drafts.loadForClaim(req.params.id));
  });

  router.put('/api/v1/claim/:id/draft/:section', async (req, res) => {
    res.json(await drafts.saveForClaim(req.params.id, req.params.section as DraftSectionId, req.body as DraftSection));
  });

  return router;
}
