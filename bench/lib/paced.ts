import http from 'node:http';
import { payloadOf, type Call, type LoadResult } from './load.ts';

/**
 * An open-loop load at a fixed offered rate: one request every 1/rate s, evenly spaced, over up
 * to `connections` keep-alive connections, each latency measured from the request's scheduled
 * time (so a stall is not hidden by sending less: no coordinated omission, as wrk2 does).
 *
 * Why not autocannon's overallRate: it lets each connection send its share of a second as fast as
 * it can at the start of each second, so 300 requests/s arrive as one burst of 300 every second,
 * and its p99 is the time to drain that burst, not the latency at 300 requests/s.
 */
export async function paced({
  url,
  call,
  seconds,
  rate,
  connections = 50,
}: {
  url: string;
  call: Call;
  seconds: number;
  rate: number;
  connections?: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: connections,
    maxFreeSockets: connections,
  });
  const base = new URL(url);
  const latencies: number[] = [];
  const samples: string[] = [];
  let non2xx = 0;
  let errors = 0;
  let ok = 0;
  const total = Math.round(seconds * rate);
  const interval = 1e9 / rate;
  const started = process.hrtime.bigint();
  const inFlight: Array<Promise<void>> = [];
  const pending = new Set<http.ClientRequest>();

  const send = (scheduled: bigint): Promise<void> =>
    new Promise((resolve) => {
      const next = call.next();
      const { path, headers } = next;
      const json = payloadOf(next);
      const payload = json === undefined ? undefined : Buffer.from(json);
      const req = http.request({
        agent,
        host: base.hostname,
        port: base.port,
        method: call.method,
        path,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : { 'content-length': 0 }),
        },
        timeout: 10_000,
      });
      pending.add(req);
      const done = (status: number, text: string): void => {
        pending.delete(req);
        latencies.push(Number(process.hrtime.bigint() - scheduled) / 1e6);
        if (status >= 200 && status < 300) ok++;
        else if (status) {
          non2xx++;
          if (samples.length < 3) samples.push(`${status} ${text.slice(0, 200)}`);
        }
        resolve();
      };
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(res.statusCode ?? 0, text));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error: NodeJS.ErrnoException) => {
        errors++;
        if (samples.length < 3)
          samples.push(
            `${error.code ?? error.message} after ${(Number(process.hrtime.bigint() - scheduled) / 1e6).toFixed(1)} ms${req.reusedSocket ? ' on a reused connection' : ''}`,
          );
        done(0, '');
      });
      req.end(payload);
    });

  let sent = 0;
  while (sent < total) {
    const now = process.hrtime.bigint();
    // Everything due by now goes out (a late timer never lowers the offered rate).
    while (sent < total && started + BigInt(Math.round(sent * interval)) <= now) {
      inFlight.push(send(started + BigInt(Math.round(sent * interval))));
      sent++;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  // A server slower than the offered rate would keep the run going for minutes: what is still
  // unanswered 10 s after the last send is cut off, counted as an error at its latency so far.
  let cutoff: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(inFlight),
    new Promise<void>((resolve) => {
      cutoff = setTimeout(() => {
        for (const req of pending) req.destroy(new Error('cut off'));
        resolve();
      }, 10_000);
    }),
  ]);
  clearTimeout(cutoff);
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number): number =>
    latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? Number.NaN;
  return {
    rps: ok / seconds,
    p50: Number(at(0.5).toFixed(2)),
    p99: Number(at(0.99).toFixed(2)),
    requests: latencies.length,
    non2xx,
    errors,
    samples,
  };
}
