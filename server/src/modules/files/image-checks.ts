import { FailedDependencyError, InputError } from '../../http/errors.ts';
import type { MalwareScanner } from './malware-scan.ts';
import { imageDimensions, MAX_PIXELS } from './image-dimensions.ts';
import { isStructurallyComplete } from './image-structure.ts';
import type { ReceivedFile } from './upload-receiver.ts';

export const DAMAGED_IMAGE = 'The image is damaged or incomplete';
export const OVERSIZED_IMAGE = 'The image is too large to process';
export const INFECTED_FILE = 'The file was refused by our virus check';
export const SCAN_UNAVAILABLE = 'The virus check is unavailable. Please try again later.';

/**
 * What is checked before an upload is kept: whole, a size a photo can have, and clean to the virus
 * scanner when one is configured (a scanner that cannot answer refuses the upload: fail closed).
 */
export async function assertAcceptableImage(file: ReceivedFile, scanner: MalwareScanner | undefined): Promise<void> {
  if (!(await isStructurallyComplete(file.tempPath, file.size, file.contentType))) throw new InputError(DAMAGED_IMAGE);
  const dimensions = await imageDimensions(file.tempPath, file.contentType);
  if (!dimensions) throw new InputError(DAMAGED_IMAGE);
  if (dimensions.width * dimensions.height > MAX_PIXELS) throw new InputError(OVERSIZED_IMAGE);
  if (!scanner) return;
  let infected: boolean;
  try {
    infected = await scanner.isInfected(file.tempPath);
  } catch {
    throw new FailedDependencyError(SCAN_UNAVAILABLE);
  }
  if (infected) throw new InputError(INFECTED_FILE);
}
