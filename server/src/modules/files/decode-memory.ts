/**
 * Memory that re-encoding one image takes, from its declared dimensions, so an image that would
 * need more than the re-encoder may use is refused at upload instead of failing later. HEIC costs
 * the most: libheif in WebAssembly holds the decoded planes and an RGBA copy, and sharp reads that
 * copy again; the figures behind these factors are in docs/adr/012.
 */
const BYTES_PER_PIXEL: Record<string, number> = {
  'image/heic': 16,
  'image/jpeg': 8,
  'image/png': 8,
};

/**
 * What the re-encoding process counts against its data limit before its first pixel: Node's and
 * libvips' threads and reservations, far more than the memory it actually touches.
 */
export const DECODE_BASELINE_BYTES = 768 * 1024 ** 2;

/** The data limit (RLIMIT_DATA) re-encoding an image of this type and size needs. */
export function decodeMemoryNeeded(contentType: string, width: number, height: number): number {
  return DECODE_BASELINE_BYTES + width * height * (BYTES_PER_PIXEL[contentType] ?? 16);
}
