import { parentPort } from 'node:worker_threads';
import { postAsClient } from './post-as-client.ts';

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
  return postAsClient(false, url, '/api/v1/staff/session', client, {
    email: `made-up.${runId}.${sent++}@winnerservices.example`,
    password: 'a guess of a password',
    code: '123456',
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
