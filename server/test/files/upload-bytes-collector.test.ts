import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  UPLOAD_BYTES_PER_COLLECTION,
  uploadBytesCollector,
} from '../../src/modules/files/upload-bytes-collector.ts';

const collectorModule = fileURLToPath(
  new URL('../../src/modules/files/upload-bytes-collector.ts', import.meta.url),
);

describe('young-generation collections while upload bytes stream', () => {
  it('when upload bytes pass, then the young generation is collected once per 8 MiB and not before', () => {
    const runs: unknown[] = [];
    const count = uploadBytesCollector(UPLOAD_BYTES_PER_COLLECTION, (options) =>
      runs.push(options),
    );
    const chunk = 64 * 1024;
    for (let sent = chunk; sent < UPLOAD_BYTES_PER_COLLECTION; sent += chunk) count(chunk);
    expect(runs).toEqual([]);
    count(chunk);
    expect(runs).toEqual([{ type: 'minor' }]);
    for (let sent = 0; sent < 2 * UPLOAD_BYTES_PER_COLLECTION; sent += chunk) count(chunk);
    expect(runs).toHaveLength(3);
  });

  it('when the runtime offers no collection, then counting does nothing', () => {
    const count = uploadBytesCollector(1, null);
    expect(() => count(10)).not.toThrow();
  });

  it('when the server runs without --expose-gc, then the collections still run and no gc global appears', async () => {
    // A plain node process, as `node server/src/start.ts` runs: the test runner's own gc is not there.
    const script = `
      import { PerformanceObserver, constants } from 'node:perf_hooks';
      const { collectUploadBytes, UPLOAD_BYTES_PER_COLLECTION } = await import(${JSON.stringify(collectorModule)});
      const forcedMinor = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR && entry.detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED)
            forcedMinor.push(entry);
      });
      observer.observe({ entryTypes: ['gc'] });
      for (let i = 0; i < 3; i++) collectUploadBytes(UPLOAD_BYTES_PER_COLLECTION);
      await new Promise((resolve) => setTimeout(resolve, 50));
      observer.disconnect();
      console.log(JSON.stringify({ forcedMinor: forcedMinor.length, gcGlobal: typeof globalThis.gc }));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--eval', script],
      { env: { ...process.env, NODE_OPTIONS: '' } },
    );
    expect(JSON.parse(stdout)).toEqual({ forcedMinor: 3, gcGlobal: 'undefined' });
  });
});
