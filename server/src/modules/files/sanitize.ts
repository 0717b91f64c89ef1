import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import sharp from 'sharp';
import { MAX_PIXELS } from './image-dimensions.ts';
import { SANITIZE_QUEUE } from '../jobs/queue.ts';
import type { FileStorage } from './storage.ts';


function decodeHeic(path: string): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), { workerData: { path }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`heic worker exited ${code}`)));
  });
}

/**
 * Re-encodes an image so that what the operator sees is pixels only: EXIF (GPS position, camera
 * serials), comments and anything appended are gone, orientation is applied. HEIC becomes JPEG
 * (sharp's prebuilt libvips cannot read HEVC; libheif in WebAssembly decodes it).
 */
export async function reencode(inputPath: string, contentType: string, outputPath: string): Promise<string> {
  if (contentType === 'image/heic') {
    const image = await decodeHeic(inputPath);
    await sharp(Buffer.from(image.data.buffer), { raw: { width: image.width, height: image.height, channels: 4 }, limitInputPixels: MAX_PIXELS })
      .jpeg({ quality: 88 })
      .toFile(outputPath);
    return 'image/jpeg';
  }
  const pipeline = sharp(inputPath, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).rotate();
  await (contentType === 'image/png' ? pipeline.png() : pipeline.jpeg({ quality: 90 })).toFile(outputPath);
  return contentType;
}

/** The job: replaces the stored bytes of one upload by their re-encoded form. */
export async function sanitizeStoredFile(em: EntityManager, storage: FileStorage, fileId: string, logger: Logger): Promise<void> {
  const connection = em.getConnection();
  const [file] = await connection.execute<Array<{ storage_key: string; content_type: string }>>(
    'select storage_key, content_type from uploaded_file where id = ? and sanitized_at is null and sanitize_error is null',
    [fileId],
  );
  if (!file) return;
  const input = storage.tempPath();
  const output = storage.tempPath();
  try {
    // The decoders read files: the stored bytes are copied to scratch first (the store may be a
    // bucket). A store that fails here fails the job, which the queue retries; only a decoder's
    // failure marks the file.
    await pipeline(await storage.open(file.storage_key), createWriteStream(input, { flags: 'wx', mode: 0o600 }));
    let contentType: string;
    try {
      contentType = await reencode(input, file.content_type, output);
    } catch (error) {
      logger.warn({ fileId, err: { type: (error as Error).name } }, 'image could not be re-encoded');
      await connection.execute('update uploaded_file set sanitize_error = ? where id = ?', [(error as Error).name || 'Error', fileId]);
      return;
    }
    const { size } = await fs.stat(output);
    const hash = createHash('sha256');
    await pipeline(createReadStream(output), hash);
    const sha256 = hash.digest('hex');
    const key = await storage.commit(output);
    // Size and hash now describe the bytes the operator is served.
    const updated = await connection.execute<Array<{ id: string }>>(
      'update uploaded_file set storage_key = ?, content_type = ?, size = ?, sha256 = ?, sanitized_at = now() where id = ? and storage_key = ? returning id',
      [key, contentType, size, sha256, fileId, file.storage_key],
    );
    // The row moved on meanwhile (purged): drop what we made; otherwise drop the original bytes.
    await storage.remove(updated.length ? file.storage_key : key);
  } finally {
    await storage.discard(input);
    await storage.discard(output);
  }
}

// libvips' operation cache keeps decoded images around for reuse we never make: off.
sharp.cache(false);
// Re-encoding is background work: one libvips thread, so it never takes every core from the
// claimants' requests and uploads (it takes longer instead; nobody waits on it).
sharp.concurrency(1);

export async function startSanitizer(boss: PgBoss, em: EntityManager, storage: FileStorage, logger: Logger): Promise<void> {
  // One image at a time per process: decoding a 12 MP photo takes hundreds of MB.
  await boss.work<{ fileId: string }>(SANITIZE_QUEUE, { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    await sanitizeStoredFile(em.fork(), storage, job!.data.fileId, logger);
  });
}
