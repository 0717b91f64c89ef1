import type { Request, Response } from 'express';
import { acceptedEncodings, brotliOnce, gzipOnce } from './compression.ts';

/** One page as sent, and compressed once: pages are made per kind of route, not per request. */
export interface EncodedPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export async function encodePage(html: string): Promise<EncodedPage> {
  const bytes = Buffer.from(html, 'utf8');
  const [gzipped, brotlied] = await Promise.all([gzipOnce(bytes), brotliOnce(bytes)]);
  return { html: bytes, gzip: gzipped, br: brotlied };
}

/**
 * The page in the encoding the browser accepts. A page with its shell and stylesheet inline is
 * about 30 kB as text and 8 kB compressed: more than the first round trip of a new connection
 * carries, uncompressed.
 */
export function sendEncodedPage(req: Request, res: Response, page: EncodedPage): void {
  res.vary('Accept-Encoding');
  const accepted = acceptedEncodings(req);
  const encoding = accepted.br ? 'br' : accepted.gzip ? 'gzip' : undefined;
  const body = encoding ? page[encoding] : page.html;
  res.type('html');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
