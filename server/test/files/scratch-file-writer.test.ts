import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { BLOCK_BYTES, scratchFileWriter } from '../../src/modules/files/scratch-file-writer.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scratch-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The bytes cut into chunks of the given sizes, in turn (as a socket delivers them). */
function chunked(bytes: Buffer, sizes: number[]): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0, i = 0; offset < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return Readable.from(chunks);
}

describe('scratchFileWriter', () => {
  it.each([
    ['empty', 0, [1]],
    ['smaller than a block', 1000, [7]],
    ['exactly one block', BLOCK_BYTES, [65_536]],
    [
      'many blocks, chunks across block edges',
      5 * BLOCK_BYTES + 12_345,
      [65_536, 1, 40_000, 300_001],
    ],
  ])(
    'When %s is written, then the file holds exactly those bytes, readable by its owner only',
    async (_name, size, sizes) => {
      const bytes = randomBytes(size);
      const file = path.join(dir, `${randomBytes(6).toString('hex')}.part`);

      await pipeline(chunked(bytes, sizes), scratchFileWriter(file));

      const written = fs.readFileSync(file);
      expect(written.length).toBe(size);
      expect(sha(written)).toBe(sha(bytes));
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    },
  );

  it('When the path is already taken, then it fails and leaves that file alone', async () => {
    const file = path.join(dir, 'taken.part');
    fs.writeFileSync(file, 'kept');

    await expect(
      pipeline(Readable.from([randomBytes(10)]), scratchFileWriter(file)),
    ).rejects.toMatchObject({ code: 'EEXIST' });
    expect(fs.readFileSync(file, 'utf8')).toBe('kept');
  });

  it('When the disk takes blocks slowly, then writing waits (back-pressure) instead of holding more than two blocks', async () => {
    const file = path.join(dir, 'slow.part');
    const realWrite = fs.write;
    let inFlight = 0;
    let most = 0;
    // Every write held back a little: without back-pressure the chunks would pile up in memory.
    const slowWrite = ((...args: unknown[]) => {
      const callback = args.at(-1) as (...result: unknown[]) => void;
      inFlight++;
      most = Math.max(most, inFlight);
      (realWrite as (...a: unknown[]) => void)(...args.slice(0, -1), (...result: unknown[]) =>
        setTimeout(() => {
          inFlight--;
          callback(...result);
        }, 5),
      );
    }) as typeof fs.write;
    fs.write = slowWrite;
    try {
      const writer = scratchFileWriter(file);
      const bytes = randomBytes(8 * BLOCK_BYTES);
      let refused = 0;
      let offset = 0;
      await new Promise<void>((resolve, reject) => {
        writer.once('error', reject);
        const pump = (): void => {
          while (offset < bytes.length) {
            const more = writer.write(bytes.subarray(offset, offset + 65_536));
            offset += 65_536;
            if (!more) {
              refused++;
              return void writer.once('drain', pump);
            }
          }
          writer.end(resolve);
        };
        pump();
      });
      expect(refused).toBeGreaterThan(0);
      expect(most).toBe(1);
      expect(sha(fs.readFileSync(file))).toBe(sha(bytes));
    } finally {
      fs.write = realWrite;
    }
  });
});
