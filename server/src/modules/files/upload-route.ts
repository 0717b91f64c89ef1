import { Router, type Request, type RequestHandler } from 'express';
import { InputError, InsufficientStorageError } from '../../http/errors.ts';
import type { components } from '@prize/generated/server';
import type { FileStorage } from './storage.ts';
import { recordUploadBytes } from '../metrics/metrics.ts';
import {
  markCommitted,
  receivedFile,
  uploadReceiver,
  type ReceivedFile,
} from './upload-receiver.ts';

type FileType = components['schemas']['FileType'];

export interface UploadLimits {
  maxFileSize: number;
  /** Free bytes storage must have left before an upload is received (0: no floor). */
  minFreeSpace: number;
}

export interface UploadRouteOptions<Target> extends UploadLimits {
  path: string;
  storage: FileStorage;
  /** Who the upload is for, from the link token, before the body is read (404/409/410 early). */
  resolve(req: Request): Promise<Target>;
  store(
    target: Target,
    type: FileType,
    fileName: string,
    received: ReceivedFile,
  ): Promise<{ uuid: string }>;
}

/**
 * An upload operation in two halves: `receive` runs before the contract validator (it resolves
 * the link token, then streams the body to storage; docs/adr/006), `handle` after it (stores the
 * validated upload and answers 201).
 */
export function uploadRoute<Target>(options: UploadRouteOptions<Target>): {
  receive: Router;
  handle: Router;
} {
  const targets = new WeakMap<Request, Target>();
  const resolveTarget: RequestHandler = async (req, _res, next) => {
    targets.set(req, await options.resolve(req));
    next();
  };
  // A flood of uploads must not fill the disk PostgreSQL lives on: below the floor, refuse before the body is stored.
  const assertRoom: RequestHandler = async (_req, _res, next) => {
    const free = options.minFreeSpace > 0 ? await options.storage.freeBytes?.() : undefined;
    if (free !== undefined && free < options.minFreeSpace) throw new InsufficientStorageError();
    next();
  };
  const receive = Router();
  receive.post(
    options.path,
    resolveTarget,
    assertRoom,
    uploadReceiver({ storage: options.storage, maxFileSize: options.maxFileSize }),
  );
  const handle = Router();
  handle.post(options.path, async (req, res) => {
    const received = receivedFile(req);
    if (!received) throw new InputError('A file is required');
    const stored = await options.store(
      targets.get(req)!,
      req.body.type as FileType,
      req.body.fileName,
      received,
    );
    markCommitted(req);
    recordUploadBytes(received.size);
    res.status(201).json(stored);
  });
  return { receive, handle };
}
