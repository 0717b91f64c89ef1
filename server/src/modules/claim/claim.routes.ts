import { Router, type Request } from 'express';
import { InputError } from '../../http/errors.ts';
import { markCommitted, receivedFile, uploadReceiver } from '../files/upload-receiver.ts';
import type { FileStorage } from '../files/storage.ts';
import type { ClaimService } from './claim.service.ts';
import type { ClaimSubmission, FileType, PersonalDetails } from './claim.types.ts';

const CLAIM_FILE_PATH = '/api/v1/claim/:id/file';

const claimIdOf = (req: Request): string => (req as Request & { claimId: string }).claimId;

/** Upload routes read their body before the contract validator runs (docs/adr/004). */
export function claimUploadRoutes(claims: ClaimService, storage: FileStorage, maxFileSize: number): Router {
  const router = Router();
  router.post(
    CLAIM_FILE_PATH,
    async (req, _res, next) => {
      (req as Request & { claimId: string }).claimId = await claims.claimForUpload(String(req.params.id));
      next();
    },
    uploadReceiver({ storage, maxFileSize }),
  );
  return router;
}

export function claimRoutes(claims: ClaimService): Router {
  const router = Router();

  router.post('/api/v1/claim', async (req, res) => {
    res.status(201).json(await claims.start(req.body.email, req.ip ?? 'unknown'));
  });

  router.post('/api/v1/claim/check/dbg-ticket-number', async (req, res) => {
    res.json(await claims.checkTicketNumber(req.body.dbgTicketNumber));
  });

  router.patch('/api/v1/claim/:id/verify', async (req, res) => {
    res.json(await claims.verify(req.params.id));
  });

  router.post('/api/v1/claim/:id/identity', async (req, res) => {
    res.status(201).json(await claims.checkIdentity(req.params.id, req.body as PersonalDetails));
  });

  router.post(CLAIM_FILE_PATH, async (req, res) => {
    const received = receivedFile(req);
    if (!received) throw new InputError('A file is required');
    const stored = await claims.storeUpload(claimIdOf(req), req.body.type as FileType, req.body.fileName, received);
    markCommitted(req);
    res.status(201).json(stored);
  });

  router.post('/api/v1/claim/:id', async (req, res) => {
    res.status(201).json(await claims.submit(req.params.id, req.body as ClaimSubmission));
  });

  return router;
}
