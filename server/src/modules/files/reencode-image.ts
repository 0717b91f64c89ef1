import fs from 'node:fs/promises';
import sharp from 'sharp';
import { MAX_PIXELS } from './image-dimensions.ts';

// libvips' operation cache keeps decoded images around for reuse we never make: off.
sharp.cache(false);
// Re-encoding is background work: one libvips thread, so it never takes every core from the
// claimants' requests and uploads (it takes longer instead; nobody waits on it).
sharp.concurrency(1);

/**
 * Re-encodes an image so that what the operator sees is pixels only: EXIF (GPS position, camera
 * serials), comments and anything appended are gone, orientation is applied. HEIC becomes JPEG
 * (sharp's prebuilt libvips cannot read HEVC; libheif in WebAssembly decodes it). Runs inside the
 * re-encoding child process (reencode-child.ts), never in the API process.
 */
export async function reencodeImage(
  inputPath: string,
  contentType: string,
  outputPath: string,
): Promise<string> {
  if (contentType === 'image/heic') {
    // Loaded for HEIC only: compiling the WebAssembly decoder costs more than a small JPEG's whole re-encoding.
    const { default: decode } = await import('heic-decode');
    const image = await decode({ buffer: await fs.readFile(inputPath) });
    await sharp(Buffer.from(image.data.buffer), {
      raw: { width: image.width, height: image.height, channels: 4 },
      limitInputPixels: MAX_PIXELS,
    })
      .jpeg({ quality: 88 })
      .toFile(outputPath);
    return 'image/jpeg';
  }
  const pipeline = sharp(inputPath, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).rotate();
  await (contentType === 'image/png' ? pipeline.png() : pipeline.jpeg({ quality: 90 })).toFile(
    outputPath,
  );
  return contentType;
}
