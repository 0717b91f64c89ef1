import { InputError, ServiceUnavailableError } from '../../http/errors.ts';
import type { MalwareScanner, ScanVerdict } from './malware-scan.ts';
import { decodeMemoryNeeded } from './decode-memory.ts';
import { imageDimensions, MAX_PIXELS } from './image-dimensions.ts';
import { isStructurallyComplete } from './image-structure.ts';
import type { ReceivedFile } from './upload-receiver.ts';

export const DAMAGED_IMAGE = 'The image is damaged or incomplete';
export const OVERSIZED_IMAGE = 'The image is too large to process';
export const INFECTED_FILE = 'The file was refused by our virus check';
export const SCAN_UNAVAILABLE = 'The virus check is unavailable. Please try again later.';

/**
 * What is checked before an upload is kept: whole, a size a photo can have, and clean to the virus
 * scanner when one is configured (anything but a clean verdict refuses the upload: fail closed, 503 when the scanner gives none).
 */
export async function assertAcceptableImage(
  file: ReceivedFile,
  scanner: MalwareScanner | undefined,
  decodeMemory: number,
): Promise<void> {
  if (!(await isStructurallyComplete(file.tempPath, file.size, file.contentType)))
    throw new InputError(DAMAGED_IMAGE);
  const dimensions = await imageDimensions(file.tempPath, file.contentType);
  if (!dimensions) throw new InputError(DAMAGED_IMAGE);
  const { width, height } = dimensions;
  // The memory re-encoding would take decides, not a pixel count alone: HEIC costs twice a JPEG per pixel.
  if (
    width * height > MAX_PIXELS ||
    decodeMemoryNeeded(file.contentType, width, height) > decodeMemory
  )
    throw new InputError(OVERSIZED_IMAGE);
  if (!scanner) return;
  let verdict: ScanVerdict;
  try {
    verdict = await scanner.scan(file.tempPath);
  } catch {
    throw new ServiceUnavailableError(SCAN_UNAVAILABLE);
  }
  if (verdict !== 'clean') throw new InputError(INFECTED_FILE);
}
