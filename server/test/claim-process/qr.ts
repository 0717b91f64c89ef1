import jsqr from 'jsqr';
import sharp from 'sharp';

/** The text a QR code PNG holds, read the way a phone or a scanner would. */
export async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // jsqr is CommonJS with an ES-style default export: the typings see it under `default`.
  return jsqr.default(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
