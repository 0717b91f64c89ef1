import { Router } from 'express';
import { contractRoute } from '../../http/contract-routes.ts';
import type { FileStorage } from '../files/storage.ts';
import { uploadRoute, type UploadLimits } from '../files/upload-route.ts';
import type { ClaimService } from './claim.service.ts';

/** The claim's upload operation (docs/adr/006): its receiving half runs before validation. */
export function claimUploadRoute(claims: ClaimService, storage: FileStorage, limits: UploadLimits) {
  return uploadRoute({
    path: '/api/v1/claim/:id/file',
    storage,
    ...limits,
    resolve: (req) => claims.openClaimId(String(req.params.id)),
    store: (claimId, type, fileName, received) =>
      claims.storeUpload(claimId, type, fileName, received),
  });
}

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

  contractRoute(router, 'post', '/api/v1/claim/{id}/identity', async (req, res) => {
    res.status(201).json(await claims.checkIdentity(req.params.id, req.body));
  });

  contractRoute(router, 'post', '/api/v1/claim/{id}', async (req, res) => {
    res.status(201).json(await claims.submit(req.params.id, req.body));
  });

  return router;
}
