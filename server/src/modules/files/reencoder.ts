import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./reencode-child.ts', import.meta.url));

/** util-linux's prlimit sets the child's RLIMIT_DATA; Node itself cannot set a limit on a child. */
export const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((candidate) =>
  fs.existsSync(candidate),
);

export interface ReencodeLimits {
  /** The child's data limit (RLIMIT_DATA): heap, WebAssembly memory and libvips' buffers all count. */
  memoryBytes: number;
  timeoutMs: number;
}

export interface Reencoded {
  contentType: string;
  /** The child's peak resident memory, for the log. */
  peakRssBytes: number;
}

export class ReencodeFailedError extends Error {
  override name = 'ReencodeFailedError';
}

/**
 * Re-encodes one image in a child process with a hard memory limit. A worker thread's
 * `resourceLimits` bound only V8's heap: WebAssembly memory (libheif's decoded planes) and
 * libvips' buffers are outside it, and a HEIC that exhausted memory took the API process with it.
 * Here the kernel refuses the child's allocations past `memoryBytes`, the child fails alone, and
 * the caller records the file as failed.
 */
export function reencodeInChild(
  inputPath: string,
  contentType: string,
  outputPath: string,
  { memoryBytes, timeoutMs }: ReencodeLimits,
): Promise<Reencoded> {
  // The child's JavaScript heap holds little (file and pixels live in external and WebAssembly memory).
  const heapMb = 256;
  const node = [
    process.execPath,
    `--max-old-space-size=${heapMb}`,
    CHILD,
    inputPath,
    contentType,
    outputPath,
  ];
  const [command, ...args] = PRLIMIT ? [PRLIMIT, `--data=${memoryBytes}`, '--', ...node] : node;
  return new Promise((resolve, reject) => {
    // No environment: the child needs none, and the server's holds secrets.
    execFile(
      command!,
      args,
      { env: {}, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 },
      (error, stdout) => {
        if (error)
          return reject(
            new ReencodeFailedError(
              error.killed
                ? 'the re-encoder timed out'
                : `the re-encoder failed (${error.code ?? error.signal})`,
            ),
          );
        try {
          resolve(JSON.parse(stdout) as Reencoded);
        } catch {
          reject(new ReencodeFailedError('the re-encoder gave no result'));
        }
      },
    );
  });
}
