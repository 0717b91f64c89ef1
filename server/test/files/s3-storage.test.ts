import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { buffer } from 'node:stream/consumers';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { freePort } from '../../src/infra/free-port.ts';
import { s3Client, s3Store, type S3StoreOptions } from '../../src/modules/files/s3-storage.ts';
import { localScratch, type FileStorage } from '../../src/modules/files/storage.ts';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../support/s3-server.ts';
import { describeFileStorage } from './support/storage-suite.ts';

const require = createRequire(import.meta.url);
const TEST_OPTIONS: S3StoreOptions = {
  bucket: 'claims',
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: S3RVER_CREDENTIALS,
};

function s3Storage(s3: TestS3, bucket = s3.bucket): FileStorage {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-scratch-'));
  return { ...localScratch(scratch), ...s3Store({ ...s3.options, bucket }) };
}

describeFileStorage('S3 (s3rver)', async () => {
  const s3 = await startTestS3();
  return {
    storage: s3Storage(s3),
    unreachable: () => s3Storage(s3, 'no-such-bucket'),
    close: () => s3.stop(),
  };
});

describe('S3 objects', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3?.stop());

  it('when an object is stored, small or multipart, then server-side encryption is asked for and no ACL could make it public', async () => {
    // s3rver neither echoes the encryption header nor enforces ACLs: what the store is asked is
    // checked instead (on AWS the bucket's Block Public Access keeps objects private, docs/deploy.md).
    const client = s3Client(s3.options);
    const asked: Record<string, string | undefined> = {};
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const headers = (args.request as { headers: Record<string, string> }).headers;
        asked[context.commandName!] = headers['x-amz-server-side-encryption'];
        if (headers['x-amz-acl'] || headers['x-amz-grant-read']) asked.acl = 'sent';
        return next(args);
      },
      { step: 'finalizeRequest' },
    );
    const storage = {
      ...localScratch(fs.mkdtempSync(path.join(os.tmpdir(), 'storage-scratch-'))),
      ...s3Store({ ...s3.options, singlePutLimit: 5 * 1024 * 1024 }, client),
    };
    for (const size of [100, 10 * 1024 * 1024]) {
      const temp = storage.createTemp();
      await new Promise<void>((resolve) => temp.stream.end(Buffer.alloc(size), () => resolve()));
      await storage.commit(temp.path);
    }
    expect(asked).toMatchObject({
      PutObjectCommand: 'AES256',
      CreateMultipartUploadCommand: 'AES256',
    });
    expect(asked.acl).toBeUndefined();
  });

  it('when a file is larger than one request should carry, then it goes in parts and reads back whole', async () => {
    const client = s3Client(s3.options);
    const commands: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => (commands.push(context.commandName!), next(args)),
      { step: 'initialize' },
    );
    const storage = {
      ...localScratch(fs.mkdtempSync(path.join(os.tmpdir(), 'storage-scratch-'))),
      ...s3Store({ ...s3.options, singlePutLimit: 5 * 1024 * 1024 }, client),
    };
    const bytes = randomBytes(20 * 1024 * 1024);
    const temp = storage.createTemp();
    await new Promise<void>((resolve) => temp.stream.end(bytes, () => resolve()));
    const key = await storage.commit(temp.path);
    expect(commands.filter((name) => name === 'UploadPartCommand').length).toBe(3);
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect((await buffer(await storage.open(key))).equals(bytes)).toBe(true);
  });
});

describe('S3 memory', () => {
  let child: ChildProcess;
  let data: string;
  let port: number;
  beforeAll(async () => {
    // s3rver in its own process: only the client's memory is measured here.
    data = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-mem-'));
    port = await freePort();
    child = spawn(
      process.execPath,
      [
        require.resolve('s3rver/bin/s3rver.js'),
        '-d',
        data,
        '-a',
        '127.0.0.1',
        '-p',
        String(port),
        '--configure-bucket',
        'claims',
        '--silent',
      ],
      { stdio: 'ignore' },
    );
    const client = s3Client({ ...TEST_OPTIONS, endpoint: `http://127.0.0.1:${port}` });
    for (let tries = 0; ; tries++) {
      const up = await client.send(new HeadBucketCommand({ Bucket: 'claims' })).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error('s3rver did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => {
    child?.kill();
    fs.rmSync(data, { recursive: true, force: true });
  });

  it('when twenty 15 MB files are committed at once, then memory grows by far less than their size', async () => {
    const storage = {
      ...localScratch(fs.mkdtempSync(path.join(os.tmpdir(), 'storage-scratch-'))),
      ...s3Store({ ...TEST_OPTIONS, endpoint: `http://127.0.0.1:${port}` }),
    };
    const bytes = randomBytes(15 * 1024 * 1024);
    const temps = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const temp = storage.createTemp();
        await new Promise<void>((resolve) => temp.stream.end(bytes, () => resolve()));
        return temp.path;
      }),
    );
    (globalThis as { gc?: () => void }).gc!();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const keys = await Promise.all(temps.map((temp) => storage.commit(temp)));
    clearInterval(sampler);
    expect(new Set(keys).size).toBe(20);
    // 300 MB went through: a client that buffers parts (lib-storage's Upload) holds about all of it (docs/adr/013).
    expect((peak - before) / 1e6).toBeLessThan(100);
  }, 60_000);
});
