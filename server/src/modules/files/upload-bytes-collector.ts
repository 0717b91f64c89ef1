import type { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';

type MinorCollection = (options: { type: 'minor' }) => void;

/**
 * V8's collection function, taken from a fresh context while the expose-gc flag is set and the
 * flag cleared again: nothing else in the process sees a `gc` global. Null if the runtime refuses
 * (uploads then work as before, with more full collections).
 */
function minorCollection(): MinorCollection | null {
  const exposed = (globalThis as { gc?: MinorCollection }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as MinorCollection;
  } catch {
    return null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** Upload bytes passing through the process between two young-generation collections. */
export const UPLOAD_BYTES_PER_COLLECTION = 8 * 1024 * 1024;

/**
 * Counts upload bytes as they pass through and runs a young-generation collection (a scavenge)
 * after every `everyBytes` (docs/adr/027).
 *
 * Each chunk of a request body, and of a file read back, is a new buffer outside V8's heap. A
 * scavenge would free the ones already written, but streaming allocates almost nothing else on
 * the heap, so none runs: they pile up until their external memory starts a full mark-compact,
 * which marks every live object of the server on V8's helper threads. Collecting the young
 * generation every few megabytes frees them first, for a fraction of that work.
 */
export function uploadBytesCollector(
  everyBytes = UPLOAD_BYTES_PER_COLLECTION,
  collect: MinorCollection | null = minorCollection(),
): (bytes: number) => void {
  let passed = 0;
  return (bytes) => {
    passed += bytes;
    if (passed < everyBytes || !collect) return;
    passed = 0;
    collect({ type: 'minor' });
  };
}

/** The process's one count: the bytes since the last collection matter, not whose they are. */
export const collectUploadBytes = uploadBytesCollector();

/** Counts what a stream already piped somewhere emits (listening after the pipe loses nothing). */
export function countUploadBytes(stream: Readable): void {
  stream.on('data', (chunk: Buffer) => collectUploadBytes(chunk.length));
}
