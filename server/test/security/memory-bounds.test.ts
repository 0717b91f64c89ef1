import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { PNG, startAndVerify } from '../support/journey.ts';

const ctx = useClaimServer({ LOG_LEVEL: 'warn' });
const gc = (): void => (globalThis as { gc?: () => void }).gc!();

function flood(url: string, count: number): Promise<Record<number, number>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../support/content-type-flood.ts', import.meta.url), {
      workerData: { url, count, concurrency: 16 },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

describe('memory stays bounded under hostile input', () => {
  it('when 10,000 requests carry distinct Content-Type parameters, then all are 415 and the heap grows under 2 MB', async () => {
    const url = `${ctx.server.url}/api/v1/claim`;
    await flood(url, 500);
    ctx.server.logs.length = 0;
    gc();
    const before = process.memoryUsage().heapUsed;
    const statuses = await flood(url, 10_000);
    ctx.server.logs.length = 0;
    gc();
    const growthMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    expect(statuses).toEqual({ 415: 10_000 });
    expect(growthMb).toBeLessThan(2);
  }, 120_000);

  it('when 200 MB arrive under a wrong field name, then they are refused within the first megabytes and RSS grows under 20 MB', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    gc();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const boundary = 'wrong-field-boundary';
    const chunk = Buffer.alloc(1024 * 1024, 0x42);
    let sent = 0;
    const answer = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>(
      (resolve, reject) => {
        const req = http.request(`${ctx.server.url}/api/v1/claim/${token}/file`, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'transfer-encoding': 'chunked',
          },
        });
        let answered = false;
        req.on('response', (res) => {
          answered = true;
          const sentWhenAnswered = sent;
          let body = '';
          res.on('data', (data) => (body += data));
          res.on('end', () => resolve({ status: res.statusCode!, body, sentWhenAnswered }));
        });
        req.on('error', () => undefined);
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nticketFront\r\n`,
        );
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        req.write(PNG);
        const pump = (): void => {
          if (req.destroyed || answered) return;
          if (sent >= 200 * 1024 * 1024) return void req.end();
          sent += chunk.length;
          if (req.write(chunk)) setTimeout(pump, 5);
          else req.once('drain', () => setTimeout(pump, 5));
        };
        req.once('socket', (socket) => socket.once('connect', pump));
        setTimeout(() => reject(new Error('no answer')), 30_000);
      },
    );
    clearInterval(sampler);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 400,
      message: "Unexpected file field 'upload'",
      error: 'Bad Request',
    });
    expect(answer.sentWhenAnswered).toBeLessThan(16 * 1024 * 1024);
    expect((peak - rssBefore) / 1024 / 1024).toBeLessThan(20);
  }, 60_000);
});
