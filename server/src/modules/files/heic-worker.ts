import { parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs/promises';
import decode from 'heic-decode';

/**
 * Decodes a HEIC image off the main thread: libheif (WebAssembly) works synchronously for seconds
 * on a 12 MP photo, which would otherwise stall every request of the process.
 */
const image = await decode({ buffer: await fs.readFile(workerData.path as string) });
parentPort!.postMessage({ width: image.width, height: image.height, data: image.data }, [image.data.buffer as ArrayBuffer]);
