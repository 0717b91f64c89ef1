import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SANITIZE_ATTEMPTS, sanitizeStoredFile } from '../../src/modules/files/sanitize.ts';
import { reencodeInChild } from '../../src/modules/files/reencoder.ts';
import { localDiskStorage } from '../../src/modules/files/storage.ts';
import { openDatabase, type Database } from '../../src/db/orm.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { migratedDatabase } from '../support/fresh-database.ts';
import { realPng } from '../support/images.ts';
import { startAndVerify } from '../support/journey.ts';

/**
 * Two tiny HEIC files of one flat colour (heif-enc, libheif-examples): 3 kB declaring 4096 x 3072
 * pixels and 11 kB declaring 8000 x 6000. Decoding costs memory by pixels, not by file size.
 */
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const HEIC_12MP = fs.readFileSync(path.join(fixtures, 'flat-12mp.heic'));
const HEIC_48MP = path.join(fixtures, 'flat-48mp.heic');
const logger = pino({ level: 'silent' });
const MB = 1024 ** 2;

describe('image bombs are bounded by memory', () => {
  // 1 GB: room for the 12 MP HEIC, not for the 48 MP one.
  const ctx = useClaimServer({ IMAGE_DECODE_MEMORY: '1gb' });
  const send = (token: string, bytes: Buffer) =>
    request(ctx.server.url)
      .post(`/api/v1/claim/${token}/file`)
      .field('type', 'ticketFront')
      .field('fileName', 'photo.heic')
      .attach('file', bytes, 'photo.heic');

  it('when a HEIC would need more memory to decode than the re-encoder may use, then the upload is refused before any decoding', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const res = await send(token, fs.readFileSync(HEIC_48MP));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'The image is too large to process',
      error: 'Bad Request',
    });
  });

  it('when a HEIC fits the memory limit, then it is accepted and re-encoded', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const res = await send(token, HEIC_12MP);
    expect(res.status).toBe(201);
    const connection = ctx.server.orm.em.getConnection();
    await expect
      .poll(
        async () =>
          (
            await connection.execute<Array<{ content_type: string }>>(
              'select content_type from uploaded_file where id = ? and sanitized_at is not null',
              [res.body.uuid],
            )
          )[0]?.content_type,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('image/jpeg');
  }, 40_000);

  it('when decoding needs more than the limit, then the re-encoding process fails alone and the API process does not grow', async () => {
    const output = path.join(os.tmpdir(), `bomb-${randomBytes(6).toString('hex')}.jpg`);
    let peak = process.memoryUsage.rss();
    const before = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    try {
      await expect(
        reencodeInChild(HEIC_48MP, 'image/heic', output, {
          memoryBytes: 1024 * MB,
          timeoutMs: 60_000,
        }),
      ).rejects.toThrow(/re-encoder failed/);
    } finally {
      clearInterval(sampler);
      fs.rmSync(output, { force: true });
    }
    expect(peak - before).toBeLessThan(100 * MB);
  }, 60_000);
});

describe('re-encoding attempts are bounded', () => {
  let orm: Database;
  let pool: pg.Pool;
  const storage = localDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'bounded-attempts-')));
  beforeAll(async () => {
    const url = await migratedDatabase('sanitize_attempts');
    orm = await openDatabase(url, logger);
    pool = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await orm?.close();
    await pool?.end();
  });

  async function storedPng(attempts: number): Promise<string> {
    const png = await realPng();
    const temp = storage.createTemp();
    await new Promise<void>((resolve, reject) => {
      temp.stream.on('error', reject);
      temp.stream.end(png, resolve);
    });
    const key = await storage.commit(temp.path);
    const claimId = randomUUID();
    const fileId = randomUUID();
    await pool.query(
      `insert into claim (id, token_hash, status, link_expires_at) values ($1, $2, 'verified', now() + interval '1 day')`,
      [claimId, randomBytes(32)],
    );
    await pool.query(
      `insert into uploaded_file (id, claim_id, type, original_name, size, sha256, content_type, storage_key, sanitize_attempts) values ($1, $2, 'ticketFront', 'a.png', 1, $3, 'image/png', $4, $5)`,
      [fileId, claimId, '0'.repeat(64), key, attempts],
    );
    return fileId;
  }

  const state = async (id: string) =>
    (
      await pool.query(
        'select sanitize_attempts, sanitize_error, sanitized_at is not null as sanitized from uploaded_file where id = $1',
        [id],
      )
    ).rows[0];

  it('when a file has used every attempt (each one killed its process), then the next run marks it failed instead of decoding it again', async () => {
    const id = await storedPng(MAX_SANITIZE_ATTEMPTS);
    await sanitizeStoredFile(orm.em.fork(), storage, id, logger, {
      memoryBytes: 1536 * MB,
      timeoutMs: 60_000,
    });
    expect(await state(id)).toEqual({
      sanitize_attempts: MAX_SANITIZE_ATTEMPTS + 1,
      sanitize_error: 'TooManyAttempts',
      sanitized: false,
    });
  });

  it('when a file has attempts left, then it is re-encoded and the attempt counted', async () => {
    const id = await storedPng(0);
    await sanitizeStoredFile(orm.em.fork(), storage, id, logger, {
      memoryBytes: 1536 * MB,
      timeoutMs: 60_000,
    });
    expect(await state(id)).toEqual({
      sanitize_attempts: 1,
      sanitize_error: null,
      sanitized: true,
    });
  });
});
