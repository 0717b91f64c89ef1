import http from 'node:http';
import { parentPort } from 'node:worker_threads';

/**
 * The sign-in burst's sender (a worker thread of bench/lib/signin-burst.ts): on each order, sends
 * `signIns` sign-ins with made-up e-mail addresses at once, one connection each (as that many
 * clients arriving at once would), spread over `addresses` (X-Forwarded-For), and answers their
 * statuses (0 for no answer).
 */
export interface BurstOrder {
  url: string;
  addresses: string[];
  signIns: number;
  runId: string;
}

let sent = 0;

function madeUpSignIn(url: string, client: string, runId: string): Promise<number> {
  const payload = Buffer.from(
    JSON.stringify({
      email: `made-up.${runId}.${sent++}@winnerservices.example`,
      password: 'a guess of a password',
      code: '123456',
    }),
  );
  return new Promise((resolve) => {
    const request = http.request(
      new URL('/api/v1/staff/session', url),
      {
        agent: false,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'x-forwarded-for': client,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(payload);
  });
}

parentPort!.on('message', async ({ url, addresses, signIns, runId }: BurstOrder) => {
  const statuses = await Promise.all(
    Array.from({ length: signIns }, (_, n) =>
      madeUpSignIn(url, addresses[n % addresses.length]!, runId),
    ),
  );
  parentPort!.postMessage(statuses);
});
