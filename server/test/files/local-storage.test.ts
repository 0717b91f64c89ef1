import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localDiskStorage } from '../../src/modules/files/storage.ts';
import { describeFileStorage } from './support/storage-suite.ts';

describeFileStorage('local disk', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-suite-'));
  return {
    storage: localDiskStorage(root),
    unreachable() {
      const gone = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-gone-'));
      const storage = localDiskStorage(gone);
      fs.rmSync(gone, { recursive: true, force: true });
      return storage;
    },
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});
