import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/** Real image files for the uploads, written once per run by the global setup. */
export const IMAGES = {
  ticketFront: 'ticket-front.png',
  ticketBack: 'ticket-back.png',
  idDocument1: 'passport.jpg',
  idDocument2: 'council-tax-bill.jpeg',
  scFront: 'scratchcard-front.jpg',
  scBack: 'scratchcard-back.png',
  /** Over MAX_FILE_SIZE (2mb): random noise does not compress. */
  tooLarge: 'huge-photo.png',
  /**
   * 20 MB, a PNG by its first bytes only: the page refuses it by size before reading it. Written
   * once here and given to the browser by path: a buffer this size sent through the browser
   * protocol in each test took Chromium over 15 s to accept under load (issue 33).
   */
  twentyMegabytes: 'twenty-megabyte-photo.png',
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function twentyMegabytePng(): Buffer {
  const bytes = Buffer.alloc(20 * 1024 * 1024);
  bytes.set(PNG_SIGNATURE);
  return bytes;
}

function card(
  width: number,
  height: number,
  background: { r: number; g: number; b: number },
  label: string,
): Sharp {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="12" y="12" width="${width - 24}" height="${height - 24}" rx="10" fill="white" opacity="0.85"/>` +
      `<text x="50%" y="55%" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#222">${label}</text></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background } }).composite([{ input: svg }]);
}

export async function writeTestImages(dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, image: Sharp) => image.toFile(path.join(dir, name));
  await Promise.all([
    fs.promises.writeFile(path.join(dir, IMAGES.twentyMegabytes), twentyMegabytePng()),
    write(IMAGES.ticketFront, card(480, 300, { r: 236, g: 72, b: 153 }, 'Ticket front').png()),
    write(IMAGES.ticketBack, card(480, 300, { r: 244, g: 114, b: 182 }, 'Ticket back').png()),
    write(
      IMAGES.idDocument1,
      card(420, 300, { r: 30, g: 64, b: 175 }, 'Passport').jpeg({ quality: 85 }),
    ),
    write(
      IMAGES.idDocument2,
      card(300, 420, { r: 120, g: 120, b: 120 }, 'Council tax').jpeg({ quality: 85 }),
    ),
    write(
      IMAGES.scFront,
      card(300, 480, { r: 250, g: 204, b: 21 }, 'Card front').jpeg({ quality: 85 }),
    ),
    write(IMAGES.scBack, card(300, 480, { r: 34, g: 197, b: 94 }, 'Card back').png()),
    write(
      IMAGES.tooLarge,
      sharp({
        create: {
          width: 1100,
          height: 1000,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 80 },
        },
      }).png({ compressionLevel: 0 }),
    ),
  ]);
}
