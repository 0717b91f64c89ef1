import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import type { IdentityCheckService } from './identity-check.service.ts';
import { overseasByOmission } from './overseas-by-omission.ts';

export function identityRoutes(checks: IdentityCheckService): Router {
  const router = Router();

  contractRoute(router, 'post', '/api/v1/claim/{id}/identity', async (req, res) => {
    res.status(201).json(await checks.forClaim(req.params.id, req.body));
  });

  contractRoute(
    router,
    'post',
    '/api/v1/claim/info-request/{infoRequestToken}/identity',
    async (req, res) => {
      res
        .status(201)
        .json(
          await checks.forInfoRequest(req.params.infoRequestToken, overseasByOmission(req.body)),
        );
    },
  );

  return router;
}
