import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NotFound,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Logger } from 'pino';
import { ServiceUnavailableError } from '../../http/errors.ts';
import { newStorageKey, STORAGE_KEY, type ObjectStore } from './storage.ts';

export interface S3StoreOptions {
  bucket: string;
  /** Unset for AWS itself; the URL of MinIO, Ceph or another S3 API otherwise. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Tests pass static credentials; production leaves them to the SDK's default chain. */
  credentials?: S3ClientConfig['credentials'];
  /** Tests lower it to see the multipart path with small files. */
  singlePutLimit?: number;
}

export const STORE_UNAVAILABLE = 'File storage is unavailable. Please try again later.';

/**
 * Up to this size a file goes as one PutObject streamed from the scratch file (its length is
 * known, so the SDK sends it as it reads it: no buffer). lib-storage's Upload reads each part into
 * memory ahead of sending it, so concurrent uploads would hold about their whole size (measured in
 * docs/adr/013): it is kept for files too large for one request to be a good idea.
 */
export const SINGLE_PUT_LIMIT = 64 * 1024 * 1024;
/** Parts of a multipart upload: 8 MiB, two in flight (about 24 MB of memory per upload). */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

export function s3Client(options: S3StoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // S3-compatible stores (older MinIO, Ceph, s3rver) refuse the SDK's default CRC checksums;
    // AWS takes them. Bytes are hashed by us (sha256 on the row) and travel over TLS either way.
    ...(options.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return (
    error instanceof NotFound ||
    name === 'NotFound' ||
    name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
}

/**
 * Uploaded bytes in an S3 bucket (docs/adr/013). Objects are private (no ACL is sent: the bucket's
 * own, private by default, applies) and encrypted at rest by the store (SSE-S3, AES256).
 */
export function s3Store(
  options: S3StoreOptions,
  client: S3Client = s3Client(options),
  logger?: Pick<Logger, 'warn'>,
): ObjectStore {
  const Bucket = options.bucket;
  // The claimant or operator is told to try again later; what failed (never a key) goes to the log.
  const unavailable = (error: unknown): never => {
    logger?.warn(
      {
        err: {
          type: (error as Error).name,
          status: (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode,
        },
      },
      'file store call failed',
    );
    throw new ServiceUnavailableError(STORE_UNAVAILABLE);
  };
  const assertKey = (key: string): string => {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return key;
  };
  return {
    async commit(tempPath) {
      const Key = newStorageKey();
      const { size } = await fsp.stat(tempPath);
      const params = { Bucket, Key, ServerSideEncryption: 'AES256' as const };
      // A process killed before the end leaves no object: a PutObject never completes, and a
      // multipart upload stays incomplete until the bucket's lifecycle rule aborts it.
      const put =
        size <= (options.singlePutLimit ?? SINGLE_PUT_LIMIT)
          ? client.send(
              new PutObjectCommand({
                ...params,
                Body: fs.createReadStream(tempPath),
                ContentLength: size,
              }),
            )
          : new Upload({
              client,
              params: { ...params, Body: fs.createReadStream(tempPath) },
              partSize: PART_SIZE,
              queueSize: QUEUE_SIZE,
              leavePartsOnError: false,
            }).done();
      await put.catch(unavailable);
      await fsp.rm(tempPath, { force: true });
      return Key;
    },
    async open(key) {
      const { Body } = await client
        .send(new GetObjectCommand({ Bucket, Key: assertKey(key) }))
        .catch((error: unknown) => {
          if (isNotFound(error)) throw new Error('stored object missing', { cause: error });
          return unavailable(error);
        });
      // In Node the SDK's body is an http.IncomingMessage: a Readable.
      return Body as Readable;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && STORAGE_KEY.test(object.Key))
            yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
