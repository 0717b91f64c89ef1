import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One page as sent, and compressed once: pages are made per kind of route, not per request. */
export interface EncodedPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export async function encodePage(html: string): Promise<EncodedPage> {
  const bytes = Buffer.from(html, 'utf8');
  const [gzipped, brotlied] = await Promise.all([
    gzip(bytes, { level: 9 }),
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  return { html: bytes, gzip: gzipped, br: brotlied };
}

/**
 * The page in the encoding the browser accepts (Express's negotiation, q-values included). A
 * page with its shell and stylesheet inline is about 30 kB as text and 8 kB compressed: more than
 * the first round trip of a new connection carries, uncompressed.
 */
export function sendEncodedPage(req: Request, res: Response, page: EncodedPage): void {
  res.vary('Accept-Encoding');
  const encoding =
    req.acceptsEncodings('br') === 'br'
      ? 'br'
      : req.acceptsEncodings('gzip') === 'gzip'
        ? 'gzip'
        : undefined;
  const body = encoding ? page[encoding] : page.html;
  res.type('html');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
