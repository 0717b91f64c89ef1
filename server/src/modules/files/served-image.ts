import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { ConflictError, NotFoundError } from '../../http/errors.ts';

export const FILE_NOT_FOUND = 'File not found.';
export const IMAGE_BEING_CHECKED = 'This image is still being checked. Please try again shortly.';

/** What decides whether a stored upload may be shown. */
export interface StoredImage {
  storageKey: string;
  contentType: string;
  size: number;
  sanitizedAt?: Date | string | null;
  sanitizeError?: string | null;
}

/**
 * The one policy for showing an uploaded image to Winner Services (operator API and staff pages
 * alike): only re-encoded bytes (metadata stripped) ever reach a screen. An image that failed
 * its checks is not found (404, nothing to show); one not checked yet is a conflict (409, try
 * again shortly).
 */
export function servableImage<T extends StoredImage>(file: T | null | undefined): T {
  if (!file || file.sanitizeError) throw new NotFoundError(FILE_NOT_FOUND);
  if (!file.sanitizedAt) throw new ConflictError(IMAGE_BEING_CHECKED);
  return file;
}

/**
 * Cache-Control as each contract documents it. Both forbid any cache to store the image; the
 * operator API's also names `private`, as it always has (contract 2.0).
 */
export const IMAGE_CACHE_CONTROL = {
  operator: 'private, no-store',
  staff: 'no-store',
} as const;

export interface ImageToSend {
  stream: Readable;
  contentType: string;
  size: number;
}

/** Streams an image with the headers every image answer carries. */
export async function sendImage(
  res: Response,
  image: ImageToSend,
  audience: keyof typeof IMAGE_CACHE_CONTROL,
): Promise<void> {
  res.setHeader('Content-Type', image.contentType);
  res.setHeader('Content-Length', String(image.size));
  res.setHeader('Content-Disposition', 'inline');
  res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL[audience]);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // A stored upload must never run as a document in the viewer's browser.
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  await pipeline(image.stream, res);
}
