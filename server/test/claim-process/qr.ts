import jsQR from 'jsqr';
import sharp from 'sharp';

/** The text a QR code PNG holds, read the way a phone or a scanner would. */
export async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
