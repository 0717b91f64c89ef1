import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3Client, s3Store, type S3StoreOptions } from '../../src/modules/files/s3-storage.ts';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  options: S3StoreOptions;
  /** What a server process needs to use this store (credentials through the SDK's chain). */
  env: Record<string, string>;
  /** Keys of the objects in the bucket now. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** An S3 server (s3rver) on a free loopback port, with one empty bucket, its data in a temp folder. */
export async function startTestS3(bucket = 'claims'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3StoreOptions = {
    bucket,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  };
  const store = s3Store(options, s3Client(options));
  return {
    endpoint,
    bucket,
    options,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    async keys() {
      const keys: string[] = [];
      for await (const file of store.list()) keys.push(file.key);
      return keys.sort();
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
