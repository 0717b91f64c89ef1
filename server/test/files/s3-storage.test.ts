import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Client, s3Store } from '../../src/modules/files/s3-storage.ts';
import { localScratch, type FileStorage } from '../../src/modules/files/storage.ts';
import { startTestS3, type TestS3 } from '../support/s3-server.ts';
import { describeFileStorage } from './support/storage-suite.ts';

function s3Storage(s3: TestS3, bucket = s3.bucket): FileStorage {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-scratch-'));
  return { ...localScratch(scratch), ...s3Store({ ...s3.options, bucket }) };
}

describeFileStorage('S3 (s3rver)', async () => {
  const s3 = await startTestS3();
  return { storage: s3Storage(s3), unreachable: () => s3Storage(s3, 'no-such-bucket'), close: () => s3.stop() };
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
    const storage = { ...localScratch(fs.mkdtempSync(path.join(os.tmpdir(), 'storage-scratch-'))), ...s3Store(s3.options, client) };
    for (const size of [100, 6 * 1024 * 1024]) {
      const temp = storage.createTemp();
      await new Promise<void>((resolve) => temp.stream.end(Buffer.alloc(size), () => resolve()));
      await storage.commit(temp.path);
    }
    expect(asked).toMatchObject({ PutObjectCommand: 'AES256', CreateMultipartUploadCommand: 'AES256' });
    expect(asked.acl).toBeUndefined();
  });

});
