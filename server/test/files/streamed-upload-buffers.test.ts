import { createHash, randomBytes } from 'node:crypto';
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_BYTES_PER_COLLECTION } from '../../src/modules/files/upload-bytes-collector.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { startAndVerify, upload } from '../support/journey.ts';

const ctx = useClaimServer();

/** Young-generation collections asked for by code (not started by V8 itself) while `work` runs. */
async function forcedYoungCollectionsDuring(work: () => Promise<unknown>): Promise<number> {
  const seen: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  try {
    await work();
    // GC entries are delivered after the collection, on a later turn of the loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    observer.disconnect();
  }
  return seen.filter((entry) => {
    const { kind, flags } = (
      entry as PerformanceEntry & { detail: { kind: number; flags: number } }
    ).detail;
    return (
      kind === constants.NODE_PERFORMANCE_GC_MINOR &&
      (flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0
    );
  }).length;
}

/** A camera-sized PNG of noise, stored without compression: about 12 MB, under the 15 MB limit. */
function noisePng(): Promise<Buffer<ArrayBuffer>> {
  const [width, height] = [2000, 2000];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
    .then((bytes) => Buffer.from(bytes));
}

describe('the buffers an upload streams through are freed young (docs/adr/027)', () => {
  it('when a 12 MB image is uploaded and re-encoded, then the server collects the young generation as the bytes pass, and the file is stored whole', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const png = await noisePng();
    expect(png.length).toBeGreaterThan(UPLOAD_BYTES_PER_COLLECTION);

    let uuid = '';
    const duringUpload = await forcedYoungCollectionsDuring(async () => {
      uuid = await upload(ctx.server.url, token, 'ticketFront', png, 'noise.png');
    });
    const connection = ctx.server.orm.em.getConnection();
    const [row] = await connection.execute<Array<{ size: string; sha256: string }>>(
      'select size, sha256 from uploaded_file where id = ?',
      [uuid],
    );
    expect(Number(row!.size)).toBe(png.length);
    expect(row!.sha256).toBe(createHash('sha256').update(png).digest('hex'));

    // The background re-encoding reads the stored bytes back and hashes its output the same way.
    const duringReencoding = await forcedYoungCollectionsDuring(() =>
      expect
        .poll(
          async () =>
            (
              await connection.execute<Array<{ done: boolean }>>(
                'select sanitized_at is not null as done from uploaded_file where id = ?',
                [uuid],
              )
            )[0]?.done,
          { timeout: 60_000, interval: 200 },
        )
        .toBe(true),
    );

    expect(duringUpload).toBeGreaterThanOrEqual(1);
    // Whenever the job started, hashing its output (noise stays large) falls in this window.
    const [reencoded] = await connection.execute<Array<{ size: string }>>(
      'select size from uploaded_file where id = ?',
      [uuid],
    );
    expect(Number(reencoded!.size)).toBeGreaterThan(UPLOAD_BYTES_PER_COLLECTION);
    expect(duringReencoding).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
