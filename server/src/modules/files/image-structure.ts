import fs from 'node:fs/promises';

/**
 * Cheap structural checks on a stored upload, before anything decodes it: a file that stops
 * early, or carries something after the image (a polyglot: an image with a ZIP or script glued
 * on), is refused. PNG ends with its IEND chunk, JPEG with its EOI marker, and a HEIF file is a
 * chain of boxes that must end exactly at the end of the file.
 */
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');
const JPEG_END = Buffer.from('ffd9', 'hex');

async function tail(path: string, size: number, length: number): Promise<Buffer> {
  const handle = await fs.open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(length, size));
    await handle.read(buffer, 0, buffer.length, size - buffer.length);
    return buffer;
  } finally {
    await handle.close();
  }
}

async function heifBoxesEndAtEof(path: string, size: number): Promise<boolean> {
  const handle = await fs.open(path, 'r');
  try {
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let boxes = 0; offset < size && boxes < 1000; boxes++) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return false;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        boxSize = size - offset;
      }
      if (boxSize < 8) return false;
      offset += boxSize;
    }
    return offset === size;
  } finally {
    await handle.close();
  }
}

export async function isStructurallyComplete(
  path: string,
  size: number,
  contentType: string,
): Promise<boolean> {
  if (contentType === 'image/png') return (await tail(path, size, PNG_END.length)).equals(PNG_END);
  if (contentType === 'image/jpeg') {
    // Some cameras pad after EOI; allow trailing zero bytes, nothing else.
    const end = await tail(path, size, 4096);
    let last = end.length - 1;
    while (last >= 0 && end[last] === 0) last--;
    return last >= 1 && end.subarray(last - 1, last + 1).equals(JPEG_END);
  }
  if (contentType === 'image/heic') return heifBoxesEndAtEof(path, size);
  return false;
}
