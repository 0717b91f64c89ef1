import { Router, type Request, type RequestHandler } from 'express';
import { InputError } from '../../http/errors.ts';
import type { FileType } from '../claim/claim.types.ts';
import type { FileStorage } from './storage.ts';
import { markCommitted, receivedFile, uploadReceiver, type ReceivedFile } from './upload-receiver.ts';

export interface UploadRouteOptions<Target> {
  path: string;
  storage: FileStorage;
  maxFileSize: number;
  /** Who the upload is for, from the link token, before the body is read (404/409/410 early). */
  resolve(req: Request): Promise<Target>;
  store(target: Target, type: FileType, fileName: string, received: ReceivedFile): Promise<{ uuid: string }>;
}

/**
 * An upload operation in two halves: `receive` runs before the contract validator (it resolves
 * the link token, then streams the body to storage; docs/adr/006), `handle` after it (stores the
 * validated upload and answers 201).
 */
export function uploadRoute<Target>(options: UploadRouteOptions<Target>): { receive: Router; handle: Router } {
  const targets = new WeakMap<Request, Target>();
  const resolveTarget: RequestHandler = async (req, _res, next) => {
    targets.set(req, await options.resolve(req));
    next();
  };
  const receive = Router();
  receive.post(options.path, resolveTarget, uploadReceiver({ storage: options.storage, maxFileSize: options.maxFileSize }));
  const handle = Router();
  handle.post(options.path, async (req, res) => {
    const received = receivedFile(req);
    if (!received) throw new InputError('A file is required');
    const stored = await options.store(targets.get(req)!, req.body.type as FileType, req.body.fileName, received);
    markCommitted(req);
    res.status(201).json(stored);
  });
  return { receive, handle };
}
