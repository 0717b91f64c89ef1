import path from 'node:path';
import type { Config } from '../../config/config.ts';
import type { Logger } from 'pino';
import { s3Client, s3Store } from './s3-storage.ts';
import { localDiskStorage, localScratch, type FileStorage } from './storage.ts';

/** The store the configuration names; scratch space stays on the local disk under uploadDir either way. */
export function createStorage(
  config: Pick<Config, 'uploadDir' | 'storage'>,
  logger?: Logger,
): FileStorage {
  if (config.storage.kind === 'local') return localDiskStorage(config.uploadDir);
  return {
    ...localScratch(path.join(config.uploadDir, 'tmp')),
    ...s3Store(config.storage, s3Client(config.storage), logger),
  };
}
