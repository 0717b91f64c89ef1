import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import type { ClaimService } from './claim.service.ts';

export function claimRoutes(claims: ClaimService): Router {
  const router = Router();

  contractRoute(router, 'post', '/api/v1/claim', async (req, res) => {
    res.status(201).json(await claims.start(req.body.email, req.ip ?? 'unknown'));
  });

  contractRoute(router, 'post', '/api/v1/claim/check/dbg-ticket-number', async (req, res) => {
    res.json(await claims.checkTicketNumber(req.body.dbgTicketNumber));
  });

  contractRoute(router, 'patch', '/api/v1/claim/{id}/verify', async (req, res) => {
    res.json(await claims.verify(req.params.id));
  });

  contractRoute(router, 'post', '/api/v1/claim/{id}', async (req, res) => {
    res.status(201).json(await claims.submit(req.params.id, req.body));
  });

  return router;
}
