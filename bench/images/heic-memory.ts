/**
 * Peak memory of re-encoding one image as the server does it (a child process under
 * IMAGE_DECODE_MEMORY), against the API process's own: `node bench/images/heic-memory.ts
 * <image.heic> [limit, default 1536mb]`. The files of server/test/fixtures/flat-*.heic are tiny
 * HEICs declaring 12 and 48 MP (docs/adr/012).
 */
import os from 'node:os';
import path from 'node:path';
import { parseByteSize } from '../../domain/src/byteSize.ts';
import { reencodeInChild } from '../../server/src/modules/files/reencoder.ts';

const [input, limitText = '1536mb'] = process.argv.slice(2);
if (!input) throw new Error('usage: node bench/images/heic-memory.ts <image.heic> [limit]');
const memoryBytes = parseByteSize(limitText)!;
const output = path.join(os.tmpdir(), `heic-memory-${process.pid}.jpg`);
const started = Date.now();
const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);
try {
  const { peakRssBytes } = await reencodeInChild(input, 'image/heic', output, {
    memoryBytes,
    timeoutMs: 300_000,
  });
  console.log(`re-encoded under ${limitText}: child peak RSS ${mb(peakRssBytes)} MB`);
} catch (error) {
  console.log(`refused under ${limitText}: ${(error as Error).message}`);
}
console.log(
  `API-side process peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB; ${Date.now() - started} ms`,
);
