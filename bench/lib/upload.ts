import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { crc32, deflateSync } from 'node:zlib';
import { sampleRss } from './processes.ts';

/**
 * The upload: a 12-megapixel camera-sized JPEG of random noise (noise does not compress, so a
 * 4000 x 3000 JPEG at quality 97-99 weighs about 14-15 MB), made with sharp (the server's own
 * image library); the largest under 15 MB (the default limit is 15 MiB). Without sharp: a PNG.
 */
export async function uploadImage(
  limit = 15_000_000,
): Promise<{ bytes: Buffer; type: string; name: string }> {
  try {
    const { default: sharp } = await import('sharp');
    const raw = randomBytes(4000 * 3000 * 3);
    let best: Buffer | undefined;
    for (const quality of [99, 98, 97, 95]) {
      const jpeg = await sharp(raw, { raw: { width: 4000, height: 3000, channels: 3 } })
        .jpeg({ quality })
        .toBuffer();
      if (jpeg.length <= limit) {
        best = jpeg;
        break;
      }
    }
    if (best) return { bytes: best, type: 'image/jpeg', name: 'ticket.jpg' };
  } catch {
    // sharp is not installed: the PNG below is as valid, only slower to re-encode.
  }
  return { bytes: noisePng(), type: 'image/png', name: 'ticket.png' };
}

/**
 * A real, decodable PNG of random RGB noise (so it does not compress): 2500 x 2000 pixels,
 * about 15.0 MB, under the default 15 MiB limit. Valid all the way through, so a server that
 * re-encodes or strips metadata does its real work on it.
 */
export function noisePng(width = 2500, height = 2000): Buffer {
  const row = 1 + width * 3;
  const raw = randomBytes(row * height);
  for (let y = 0; y < height; y++) raw[y * row] = 0; // filter type None
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One multipart upload of `bytes` to `url` (the claim file route, or a floor's), streamed from memory. */
function uploadOnce(url: string, image: UploadImage): Promise<{ status: number; body: string }> {
  const { bytes } = image;
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const field = (name: string, value: string): string =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('type', 'ticketFront') +
      field('fileName', image.name) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${image.name}"\r\nContent-Type: ${image.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + bytes.length + tail.length,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    // 64 KiB writes, as a browser's upload would arrive, honouring back-pressure.
    let offset = 0;
    const pump = (): void => {
      while (offset < bytes.length) {
        const end = Math.min(offset + 65_536, bytes.length);
        const more = req.write(bytes.subarray(offset, end));
        offset = end;
        if (!more) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

export interface UploadRound {
  mbPerSecond: number;
  rssGrowthBytes: number;
  rssBefore: number;
  failures: string[];
}

/** `tokens.length` concurrent uploads; MB/s over the whole round and the server's peak RSS growth. */
export type UploadImage = Awaited<ReturnType<typeof uploadImage>>;

export async function uploadRound(
  baseUrl: string,
  serverPid: number,
  tokens: string[],
  image: UploadImage,
): Promise<UploadRound> {
  const { bytes } = image;
  const rss = sampleRss(serverPid, 5);
  const started = process.hrtime.bigint();
  const answers = await Promise.all(
    tokens.map((token) => uploadOnce(`${baseUrl}/api/v1/claim/${token}/file`, image)),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { before, peak } = rss.stop();
  const failures = answers
    .filter((answer) => answer.status !== 201)
    .map((answer) => `${answer.status} ${answer.body.slice(0, 200)}`);
  return {
    mbPerSecond: (bytes.length * tokens.length) / 1e6 / seconds,
    rssGrowthBytes: peak - before,
    rssBefore: before,
    failures,
  };
}

/**
 * Writes every dirty page back to disk (sync(1)) before a measured round, the disk copy and the
 * uploads alike: each round then starts with no writeback pending from the one before (the last
 * round's files and the re-encoder's), which otherwise lands in whichever round comes next.
 */
export function flushWrites(): void {
  spawnSync('sync');
}

/**
 * `count` concurrent uploads of the same body to one path of bench/upload-floor-server.ts; MB/s of
 * the file's bytes, as for the product. The floor's files are removed after the round.
 */
export async function floorRound(
  url: string,
  folder: string,
  count: number,
  image: UploadImage,
): Promise<number> {
  const started = process.hrtime.bigint();
  const answers = await Promise.all(Array.from({ length: count }, () => uploadOnce(url, image)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  for (const name of await fsp.readdir(folder))
    await fsp.rm(path.join(folder, name), { force: true });
  const failed = answers.find((answer) => answer.status !== 201);
  if (failed) throw new Error(`upload floor ${url}: ${failed.status} ${failed.body.slice(0, 200)}`);
  return (image.bytes.length * count) / 1e6 / seconds;
}

/**
 * The baseline: the same bytes, copied by `count` concurrent plain stream copies (read stream to
 * write stream, no fsync, as the server's storage does) into a folder on the same disk as the
 * server's upload folder.
 */
export async function diskRound(
  sourceFile: string,
  targetDir: string,
  count: number,
  bytes: number,
): Promise<number> {
  await fsp.mkdir(targetDir, { recursive: true });
  const targets = Array.from({ length: count }, (_, i) =>
    path.join(targetDir, `copy-${i}-${randomBytes(4).toString('hex')}`),
  );
  const started = process.hrtime.bigint();
  await Promise.all(
    targets.map((target) =>
      pipeline(fs.createReadStream(sourceFile), fs.createWriteStream(target)),
    ),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await Promise.all(targets.map((target) => fsp.rm(target, { force: true })));
  return (bytes * count) / 1e6 / seconds;
}
