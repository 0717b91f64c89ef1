import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request } from 'express';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** gzip at its best: for bytes compressed once and sent many times. */
export function gzipOnce(bytes: Buffer): Promise<Buffer> {
  return gzip(bytes, { level: 9 });
}

/** Brotli at quality 11: slow to compute, so only for bytes compressed once and kept. */
export function brotliOnce(bytes: Buffer): Promise<Buffer> {
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Which encodings the browser accepts, by Express's negotiation (q-values included: `br;q=0, gzip` refuses brotli). */
export function acceptedEncodings(req: Request): { br: boolean; gzip: boolean } {
  return {
    br: req.acceptsEncodings('br') === 'br',
    gzip: req.acceptsEncodings('gzip') === 'gzip',
  };
}
