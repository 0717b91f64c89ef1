import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import type { ClaimProgressService } from './claim-progress.service.ts';

/** The claimant's view of a submitted claim's steps, through the claim link. */
export function claimProgressRoutes(progress: ClaimProgressService): Router {
  const router = Router();
  contractRoute(router, 'get', '/api/v1/claim/{id}', async (req, res) => {
    res.json(await progress.linkState(req.params.id));
  });
  contractRoute(router, 'get', '/api/v1/claim/{id}/progress', async (req, res) => {
    res.json(await progress.progress(req.params.id));
  });
  return router;
}
