import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * A mail thread that fails on the first ids it is handed, the first time it runs (a marker file
 * remembers that it did); every later start is the real thread (outbox-worker.ts).
 */
const marker = (workerData as { crashMarker: string }).crashMarker;
if (fs.existsSync(marker)) {
  await import('../../src/modules/mail/outbox-worker.ts');
} else {
  fs.writeFileSync(marker, 'failed once');
  parentPort!.once('message', () => {
    throw new Error('the mail thread failed');
  });
}
