import { S3RVER_CREDENTIALS, S3RVER_REGION, startS3rver } from '@prize/test-kit/s3rver';
import { s3Client, s3Store, type S3StoreOptions } from '../../src/modules/files/s3-storage.ts';

export { S3RVER_CREDENTIALS };

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

/** s3rver (started by @prize/test-kit) with the product's S3 store over it. */
export async function startTestS3(bucket = 'claims'): Promise<TestS3> {
  const s3 = await startS3rver(bucket);
  const options: S3StoreOptions = {
    bucket,
    endpoint: s3.endpoint,
    region: S3RVER_REGION,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  };
  const store = s3Store(options, s3Client(options));
  return {
    ...s3,
    options,
    async keys() {
      const keys: string[] = [];
      for await (const file of store.list()) keys.push(file.key);
      return keys.sort();
    },
  };
}
