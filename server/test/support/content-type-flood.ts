import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Runs in a worker thread so that the client's allocations stay out of the server's heap:
 * `count` POSTs, each with a Content-Type parameter never seen before.
 */
const { url, count, concurrency } = workerData as {
  url: string;
  count: number;
  concurrency: number;
};
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const statuses: Record<number, number> = {};
let next = 0;

function send(n: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': `application/json; v=${n}-${Math.random()}`,
          'content-length': 2,
        },
      },
      (res) => {
        statuses[res.statusCode!] = (statuses[res.statusCode!] ?? 0) + 1;
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', () => {
      statuses[0] = (statuses[0] ?? 0) + 1;
      resolve();
    });
    req.end('{}');
  });
}

async function lane(): Promise<void> {
  while (next < count) await send(next++);
}

await Promise.all(Array.from({ length: concurrency }, lane));
agent.destroy();
parentPort!.postMessage(statuses);
