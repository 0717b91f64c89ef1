import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { ServiceUnavailableError } from '../../http/errors.ts';
import { SANITIZE_QUEUE } from '../jobs/queue.ts';
import { observeReencode, recordJobFailure } from '../metrics/metrics.ts';
import { PRLIMIT, reencodeInChild, type ReencodeLimits } from './reencoder.ts';
import type { FileStorage } from './storage.ts';
import { countUploadBytes } from './upload-bytes-collector.ts';

/**
 * Re-encoding attempts per file. Each is counted before it starts, so one that kills its process
 * (and comes back through pg-boss's retry or the maintenance sweep) counts too: a file that cannot
 * be re-encoded ends marked failed instead of being queued again every few minutes.
 */
export const MAX_SANITIZE_ATTEMPTS = 3;

/** How long one image may take in the re-encoder; a 48 MP HEIC takes seconds on a busy core. */
const REENCODE_TIMEOUT_MS = 120_000;

/** The job: replaces the stored bytes of one upload by their re-encoded form (docs/adr/006, 012). */
export async function sanitizeStoredFile(
  em: EntityManager,
  storage: FileStorage,
  fileId: string,
  logger: Logger,
  limits: ReencodeLimits,
): Promise<void> {
  const connection = em.getConnection();
  const [file] = await connection.execute<
    Array<{ storage_key: string; content_type: string; sanitize_attempts: number }>
  >(
    `update uploaded_file set sanitize_attempts = sanitize_attempts + 1 where id = ? and sanitized_at is null and sanitize_error is null
     returning storage_key, content_type, sanitize_attempts`,
    [fileId],
  );
  if (!file) return;
  if (file.sanitize_attempts > MAX_SANITIZE_ATTEMPTS) {
    logger.warn(
      { fileId, attempts: file.sanitize_attempts - 1 },
      'image given up after repeated re-encoding attempts',
    );
    await connection.execute('update uploaded_file set sanitize_error = ? where id = ?', [
      'TooManyAttempts',
      fileId,
    ]);
    return;
  }
  const input = storage.tempPath();
  const output = storage.tempPath();
  // A store that cannot be reached is no re-encoding attempt: the count is given back and the job
  // fails, for the queue to retry (an outage of the bucket does not mark good images failed).
  // Anything else (bytes missing) keeps its count, so the attempts still bound the retries.
  const storeFailed = async (error: unknown): Promise<never> => {
    if (error instanceof ServiceUnavailableError)
      await connection.execute(
        'update uploaded_file set sanitize_attempts = sanitize_attempts - 1 where id = ?',
        [fileId],
      );
    throw error;
  };
  try {
    // The re-encoding child reads a local file under its memory limit: the stored bytes are copied
    // to scratch first (the store may be a bucket). Only the re-encoder's failure marks the file.
    const stored = await storage.open(file.storage_key);
    const copied = pipeline(stored, createWriteStream(input, { flags: 'wx', mode: 0o600 }));
    countUploadBytes(stored);
    await copied.catch(storeFailed);
    let contentType: string;
    const started = performance.now();
    try {
      const reencoded = await reencodeInChild(input, file.content_type, output, limits);
      observeReencode((performance.now() - started) / 1000, 'ok');
      contentType = reencoded.contentType;
      logger.debug(
        { fileId, peakRssMb: Math.round(reencoded.peakRssBytes / 1024 ** 2) },
        'image re-encoded',
      );
    } catch (error) {
      observeReencode((performance.now() - started) / 1000, 'refused');
      logger.warn(
        { fileId, err: { type: (error as Error).name } },
        'image could not be re-encoded',
      );
      await connection.execute('update uploaded_file set sanitize_error = ? where id = ?', [
        (error as Error).name || 'Error',
        fileId,
      ]);
      return;
    }
    const { size } = await fs.stat(output);
    const hash = createHash('sha256');
    const reencodedBytes = createReadStream(output);
    const hashed = pipeline(reencodedBytes, hash);
    countUploadBytes(reencodedBytes);
    await hashed;
    const sha256 = hash.digest('hex');
    const key = await storage.commit(output).catch(storeFailed);
    // Size and hash now describe the bytes the operator is served.
    const updated = await connection.execute<Array<{ id: string }>>(
      'update uploaded_file set storage_key = ?, content_type = ?, size = ?, sha256 = ?, sanitized_at = now() where id = ? and storage_key = ? returning id',
      [key, contentType, size, sha256, fileId, file.storage_key],
    );
    // The row moved on meanwhile (purged or replaced): drop what we made; otherwise drop the original bytes.
    await storage.remove(updated.length ? file.storage_key : key);
  } finally {
    await storage.discard(input);
    await storage.discard(output);
  }
}

export async function startSanitizer(
  boss: PgBoss,
  em: EntityManager,
  storage: FileStorage,
  logger: Logger,
  limits: Omit<ReencodeLimits, 'timeoutMs'>,
): Promise<void> {
  if (!PRLIMIT)
    logger.warn('prlimit (util-linux) not found: image re-encoding runs without its memory limit');
  // One image at a time per process: re-encoding takes up to the whole memory limit.
  await boss.work<{ fileId: string }>(
    SANITIZE_QUEUE,
    { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      await sanitizeStoredFile(em.fork(), storage, job!.data.fileId, logger, {
        ...limits,
        timeoutMs: REENCODE_TIMEOUT_MS,
      }).catch((error: unknown) => {
        recordJobFailure(SANITIZE_QUEUE);
        throw error;
      });
    },
  );
}
