import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canPreview, imageKindOf, readImageKind } from './imageFile';

const bytes = (...values: number[]) => new Uint8Array(values);
const ftyp = (brand: string) =>
  new Uint8Array([0, 0, 0, 24, ...Buffer.from(`ftyp${brand}`, 'latin1'), 0, 0, 0, 0]);
// The HEIC photo the server's upload tests use: both sides judge the same file.
const SERVER_HEIC = path.resolve(import.meta.dirname, '../../../server/test/fixtures/ticket.heic');

describe('image kind by first bytes', () => {
  it.each([
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'png'],
    ['a JPEG (JFIF)', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46), 'jpeg'],
    ['a JPEG (Exif)', bytes(0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34), 'jpeg'],
    ['a HEIC', ftyp('heic'), 'heic'],
    ['a HEIF (mif1)', ftyp('mif1'), 'heic'],
    ['a HEVC sequence', ftyp('hevc'), 'heic'],
  ])('knows %s', (_name, head, kind) => {
    expect(imageKindOf(head)).toBe(kind);
  });

  it.each([
    ['a PDF', new Uint8Array(Buffer.from('%PDF-1.7\n%', 'latin1'))],
    ['text named .png', new Uint8Array(Buffer.from('hello world, not a picture', 'latin1'))],
    ['an AVIF', ftyp('avif')],
    ['an MP4', ftyp('isom')],
    ['JPEG-LS', bytes(0xff, 0xd8, 0xff, 0xf7, 0, 0)],
    ['a PNG cut short', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['nothing', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(imageKindOf(head)).toBeUndefined();
  });

  it('reads the first bytes of a file: the HEIC the server accepts is a HEIC here too, and gets no preview', async () => {
    const kind = await readImageKind(new Blob([fs.readFileSync(SERVER_HEIC)]));
    expect(kind).toBe('heic');
    expect(canPreview('heic')).toBe(false);
    expect(canPreview('jpeg')).toBe(true);
  });
});
