import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { acceptedEncodings, brotliOnce, gzipOnce } from './compression.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};
/** Vite's hashed asset names: one flat folder, no dot-files, nothing to traverse. */
const ASSET_NAME = /^\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

interface Encoded {
  type: string;
  gzip: Buffer;
  /** Brotli at quality 11 is slow to compute for the main bundle: gzip serves meanwhile. */
  br?: Buffer;
}

/**
 * Serves the built client's text assets (JS, CSS, SVG; never source maps) compressed: brotli or gzip as the browser
 * accepts, compressed once per file and kept in memory (the files are immutable, named by their
 * hash, and a few hundred KiB in all). Anything else falls through to express.static.
 * Compressed JavaScript is a fraction of the built size: on a mobile link that difference is
 * most of the time to first paint.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const cache = new Map<string, Promise<Encoded | undefined>>();
  const encode = async (file: string, type: string): Promise<Encoded | undefined> => {
    const bytes = await fs.readFile(file).catch(() => undefined);
    if (!bytes) return undefined;
    const entry: Encoded = { type, gzip: await gzipOnce(bytes) };
    brotliOnce(bytes).then(
      (br) => (entry.br = br),
      () => undefined,
    );
    return entry;
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TYPES[path.extname(req.path).toLowerCase()];
    if (!type || !ASSET_NAME.test(req.path)) return next();
    res.vary('Accept-Encoding');
    const { br: acceptsBr, gzip: acceptsGzip } = acceptedEncodings(req);
    if (!acceptsBr && !acceptsGzip) return next();
    const file = path.join(dir, req.path);
    let entry = cache.get(file);
    if (!entry) {
      entry = encode(file, type);
      cache.set(file, entry);
      // A file that is not there (yet) is looked for again next time: only real files are kept.
      entry.then(
        (found) => found || cache.delete(file),
        () => cache.delete(file),
      );
    }
    entry.then(
      (found) => {
        const encoding = found?.br && acceptsBr ? 'br' : found && acceptsGzip ? 'gzip' : undefined;
        if (!found || !encoding) return next();
        const body = found[encoding]!;
        res.setHeader('Content-Type', found.type);
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', body.length);
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => next(),
    );
  };
}
