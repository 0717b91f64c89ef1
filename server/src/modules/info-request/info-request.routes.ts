import { Router, type Request } from 'express';
import { InputError } from '../../http/errors.ts';
import type { FileType, PersonalDetails } from '../claim/claim.types.ts';
import type { FileStorage } from '../files/storage.ts';
import { markCommitted, receivedFile, uploadReceiver } from '../files/upload-receiver.ts';
import type { InfoRequestSubmission } from './info-request.rules.ts';
import type { InfoRequestService } from './info-request.service.ts';

const FILE_PATH = '/api/v1/claim/info-request/:infoRequestToken/file';

interface UploadTarget {
  claimId: string;
  infoRequestId: string;
}
const targetOf = (req: Request): UploadTarget => (req as Request & { uploadTarget: UploadTarget }).uploadTarget;

export function infoRequestUploadRoutes(requests: InfoRequestService, storage: FileStorage, maxFileSize: number): Router {
  const router = Router();
  router.post(
    FILE_PATH,
    async (req, _res, next) => {
      (req as Request & { uploadTarget: UploadTarget }).uploadTarget = await requests.requestForUpload(String(req.params.infoRequestToken));
      next();
    },
    uploadReceiver({ storage, maxFileSize }),
  );
  return router;
}

export function infoRequestRoutes(requests: InfoRequestService): Router {
  const router = Router();

  router.get('/api/v1/claim/info-request/:infoRequestToken', async (req, res) => {
    res.json(await requests.load(req.params.infoRequestToken));
  });

  router.post('/api/v1/claim/info-request/:infoRequestToken/identity', async (req, res) => {
    res.status(201).json(await requests.checkIdentity(req.params.infoRequestToken, req.body as PersonalDetails));
  });

  router.post(FILE_PATH, async (req, res) => {
    const received = receivedFile(req);
    if (!received) throw new InputError('A file is required');
    const stored = await requests.storeUpload(targetOf(req), req.body.type as FileType, req.body.fileName, received);
    markCommitted(req);
    res.status(201).json(stored);
  });

  router.post('/api/v1/claim/info-request/:infoRequestToken', async (req, res) => {
    res.status(201).json(await requests.submit(req.params.infoRequestToken, req.body as InfoRequestSubmission));
  });

  return router;
}
