import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid 1x1 RGB PNG built by hand; a random colour makes every call's bytes (and sha256) unique. */
export function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const scanline = Buffer.concat([Buffer.from([0]), randomBytes(3)]); // filter byte + one RGB pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(scanline)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The multipart body of an upload (claim or info request): `{type, fileName, file}`. */
export function uploadForm(
  type: string,
  fileName: string,
  content: Buffer | string,
  contentType = 'image/png',
): FormData {
  const form = new FormData();
  form.set('type', type);
  form.set('fileName', fileName);
  form.set(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], {
      type: contentType,
    }),
    fileName,
  );
  return form;
}
