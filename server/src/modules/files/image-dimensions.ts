import fs from 'node:fs/promises';
import sharp from 'sharp';

/** A phone camera makes about 12-50 MP; anything far beyond is a decompression bomb. */
export const MAX_PIXELS = 100_000_000;

/** Width and height from the headers only: no pixel is decoded. */
export async function imageDimensions(
  path: string,
  contentType: string,
): Promise<{ width: number; height: number } | undefined> {
  try {
    if (contentType === 'image/heic') {
      // Loaded on first use: the WebAssembly decoder costs start-up time most processes never need.
      const { default: decode } = await import('heic-decode');
      const images = await decode.all({ buffer: await fs.readFile(path) });
      try {
        const first = images[0];
        return first ? { width: first.width, height: first.height } : undefined;
      } finally {
        images.dispose();
      }
    }
    const { width, height } = await sharp(path, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
