import { fileTypeFromBuffer } from 'file-type';

/** What the upload's first bytes say it is; only these are accepted. */
const ACCEPTED = new Map([
  ['image/png', 'image/png'],
  ['image/jpeg', 'image/jpeg'],
  ['image/heic', 'image/heic'],
  ['image/heif', 'image/heic'],
  ['image/heic-sequence', 'image/heic'],
  ['image/heif-sequence', 'image/heic'],
]);

/** Bytes file-type needs to recognise PNG, JPEG and the HEIF family. */
export const SNIFF_BYTES = 4100;

export async function acceptedImageType(head: Buffer): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(head);
  return detected ? ACCEPTED.get(detected.mime) : undefined;
}
