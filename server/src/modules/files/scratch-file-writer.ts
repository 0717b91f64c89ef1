import fs from 'node:fs';
import { Writable } from 'node:stream';

/** Bytes gathered before each write to the scratch file. */
export const BLOCK_BYTES = 256 * 1024;
/** Blocks per upload: one filling while the other is written. */
const BLOCKS = 2;

/**
 * A new scratch file (created exclusively, readable by this user only), written through two
 * reused blocks: each incoming chunk is copied into the block being filled and let go at once.
 *
 * Why not fs.WriteStream: it keeps every chunk the socket delivered until the disk has taken it.
 * With twenty uploads in flight those chunks (each its own 64 KiB ArrayBuffer) live long enough to
 * be promoted to V8's old generation, which only a full mark-compact of the server's whole heap
 * frees: the server spent more on garbage collection than on hashing. Copied into blocks here,
 * chunks die young, the memory held per upload is fixed (two blocks), and the disk sees a quarter
 * of the writes, one at a time (two writes to one file at once contend for its inode lock).
 */
export function scratchFileWriter(path: string): Writable {
  let fd: number | undefined;
  const free: Buffer[] = Array.from({ length: BLOCKS }, () => Buffer.allocUnsafeSlow(BLOCK_BYTES));
  let block: Buffer | undefined;
  let used = 0;
  let position = 0;
  let writing = 0;
  let failure: Error | undefined;
  /** Waiting for a block to come back (both are being written) or for the writes to finish. */
  let waiting: (() => void) | undefined;

  const wake = (): void => {
    const resume = waiting;
    waiting = undefined;
    resume?.();
  };
  /** Full blocks waiting for the disk, in file order: one write at a time per file. */
  const queue: Array<{ buffer: Buffer; length: number }> = [];
  const writeNext = (): void => {
    const next = queue[0];
    if (!next) return;
    const writeFrom = (offset: number): void => {
      fs.write(fd!, next.buffer, offset, next.length - offset, position, (error, written) => {
        position += written ?? 0;
        if (!error && offset + written < next.length) return writeFrom(offset + written);
        queue.shift();
        writing--;
        free.push(next.buffer);
        if (error) {
          // Nothing after a failed write can be kept: the upload fails with this error.
          failure ??= error;
          writing -= queue.length;
          queue.length = 0;
        }
        writeNext();
        wake();
      });
    };
    writeFrom(0);
  };
  /** Hands the block being filled to the disk. */
  const flush = (): void => {
    queue.push({ buffer: block!, length: used });
    block = undefined;
    used = 0;
    writing++;
    if (queue.length === 1) writeNext();
  };
  const drained = (done: (error?: Error | null) => void): void => {
    if (writing === 0) return done(failure);
    waiting = () => drained(done);
  };

  return new Writable({
    construct(done) {
      fs.open(path, 'wx', 0o600, (error, opened) => {
        fd = opened;
        done(error);
      });
    },
    write(chunk: Buffer, _encoding, done) {
      let offset = 0;
      const fill = (): void => {
        if (failure) return done(failure);
        while (offset < chunk.length) {
          block ??= free.pop();
          // Both blocks are on their way to disk: continue when one is back (back-pressure).
          if (!block) return void (waiting = fill);
          const copied = chunk.copy(block, used, offset);
          used += copied;
          offset += copied;
          if (used === BLOCK_BYTES) flush();
        }
        done();
      };
      fill();
    },
    final(done) {
      if (used > 0) flush();
      drained((error) => {
        if (error) return done(error);
        fs.close(fd!, (closeError) => {
          fd = undefined;
          done(closeError);
        });
      });
    },
    destroy(error, done) {
      // Closed only once no write is using the descriptor (it could be reused meanwhile).
      drained(() => {
        if (fd === undefined) return done(error);
        fs.close(fd, () => done(error));
        fd = undefined;
      });
    },
  });
}
