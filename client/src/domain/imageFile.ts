// What a chosen file is, from its first bytes, before any of it is sent: the server checks the
// same way (file-type, server/src/modules/files/image-type.ts) and stays the authority. A dozen
// lines here instead of file-type itself, which would weigh more than the rest of the upload code
// in the start page's bundle.

export type ImageKind = 'png' | 'jpeg' | 'heic';

// Enough for every signature below.
export const HEAD_BYTES = 16;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// The ISO base media `ftyp` major brands file-type reports as HEIC or HEIF.
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1']);

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  bytes.every((byte, index) => head[offset + index] === byte);
const latin1 = (head: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...head.subarray(from, to));

export function imageKindOf(head: Uint8Array): ImageKind | undefined {
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  // FF D8 FF F7 is JPEG-LS, which is not a photo format the server takes.
  if (startsWith(head, [0xff, 0xd8, 0xff]) && head[3] !== 0xf7) return 'jpeg';
  if (
    head.length >= 12 &&
    latin1(head, 4, 8) === 'ftyp' &&
    HEIF_BRANDS.has(latin1(head, 8, 12).replace('\0', ' ').trim())
  )
    return 'heic';
  return undefined;
}

export async function readImageKind(file: Blob): Promise<ImageKind | undefined> {
  return imageKindOf(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
}

// A small preview can be shown of what a browser draws: not HEIC.
export const canPreview = (kind: ImageKind): boolean => kind !== 'heic';
