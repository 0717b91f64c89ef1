import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { postAsClient } from './post-as-client.ts';
import { sleep } from './processes.ts';
import type { BurstOrder } from './signin-burst-sender.ts';

/**
 * Issue 30: claimant starts while staff sign-ins with made-up e-mail addresses arrive in bursts.
 *
 * First the quiet figure: claim starts at a fixed rate with nothing else going on. Then, in the
 * same run and at the same rate, claim starts while `signIns` sign-ins arrive at once from
 * `clients` client addresses (X-Forwarded-For; the bench server trusts its loopback proxy), in
 * `rounds` bursts with fresh addresses each time (so every burst meets full per-client allowances,
 * the costly case). Only the starts sent while a burst is in flight count for the burst's p99:
 * starts after its last answer would measure a quiet server again.
 *
 * Each start comes from a client address of its own (its per-client limit never answers) and
 * its latency is taken from its scheduled time, so a stall is not hidden by sending less.
 *
 * The sign-ins are sent from a worker thread (signin-burst-sender.ts), as a burst comes from
 * other machines: sent from this thread, the 200 sockets' work delayed the claimants' timers and
 * answers here, and the figure measured the bench as much as the server.
 */
export interface SignInBurstResult {
  quietP99: number;
  quietStarts: number;
  burstP99: number;
  burstStarts: number;
  /** Claim starts that did not answer 201 (quiet and burst), by status (0: no answer, `errors`). */
  failedStarts: Record<string, number>;
  /** Claim starts that got no answer at all, by error code (a sign-in without one counts as status 0). */
  errors: Record<string, number>;
  /** How the sign-ins were answered, by status (401 checked, 429 / 503 refused cheaply). */
  signInStatuses: Record<string, number>;
  /** The slowest burst's time from the first sign-in sent to the last answered. */
  longestBurstMs: number;
}

const runId = randomBytes(4).toString('hex');
const errors: Record<string, number> = {};
const count = (into: Record<string, number>, key: string | number): void => {
  into[key] = (into[key] ?? 0) + 1;
};
let starts = 0;

const post = (agent: http.Agent, url: string, path: string, client: string, body: unknown) =>
  postAsClient(agent, url, path, client, body, (code) => count(errors, code));

/** A claim start from a client address of its own (10.200.0.0/16 and up, one per start). */
function claimStart(agent: http.Agent, url: string): Promise<number> {
  const n = starts++;
  return post(
    agent,
    url,
    '/api/v1/claim',
    `10.${200 + ((n >> 16) & 31)}.${(n >> 8) & 255}.${n & 255}`,
    {
      email: `signin-burst.${runId}.${n}@example.co.uk`,
    },
  );
}

/**
 * Claim starts every 1/rate s until `until` settles (and at least `minMs`): each one's status
 * and latency from its scheduled send time.
 */
async function paceStarts(
  agent: http.Agent,
  url: string,
  rate: number,
  until: Promise<unknown>,
  minMs = 0,
): Promise<Array<{ status: number; ms: number }>> {
  let done = false;
  void until.finally(() => (done = true));
  const began = performance.now();
  const interval = 1000 / rate;
  const sent: Array<Promise<{ status: number; ms: number }>> = [];
  for (let n = 0; !done || performance.now() - began < minMs; n++) {
    const scheduled = began + n * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await sleep(wait);
    if (done && performance.now() - began >= minMs) break;
    sent.push(
      claimStart(agent, url).then((status) => ({ status, ms: performance.now() - scheduled })),
    );
  }
  return Promise.all(sent);
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
}

export async function signInBurst({
  url,
  signIns: perBurst = 200,
  clients = 5,
  rounds = 5,
  rate = 25,
  quietMs = 4_000,
}: {
  url: string;
  signIns?: number;
  clients?: number;
  rounds?: number;
  /** Claim starts per second, quiet and during the bursts. */
  rate?: number;
  quietMs?: number;
}): Promise<SignInBurstResult> {
  // Separate pools: the burst's connections never make a claimant wait for a socket. Claimants
  // keep their connections alive, dropping an idle one before the server's 5 s keep-alive
  // timeout would (a request sent on a socket the server is closing fails with ECONNRESET);
  // each sign-in opens its own connection, as 200 clients arriving at once would.
  const claimants = new http.Agent({ keepAlive: true, maxSockets: 50, timeout: 4_000 });
  const sender = new Worker(new URL('./signin-burst-sender.ts', import.meta.url));
  const burstOf = (addresses: string[], signIns: number): Promise<number[]> =>
    new Promise((resolve, reject) => {
      sender.once('message', resolve).once('error', reject);
      sender.postMessage({ url, addresses, signIns, runId } satisfies BurstOrder);
    });
  try {
    // Warm-up: the first calls compile the validators and open the database pool's connections.
    await paceStarts(claimants, url, rate, sleep(1_000));
    await burstOf(['203.0.113.254'], 1);
    const quiet = await paceStarts(claimants, url, rate, sleep(quietMs));
    const during: Array<{ status: number; ms: number }> = [];
    const signInStatuses: Record<string, number> = {};
    let longestBurstMs = 0;
    for (let round = 0; round < rounds; round++) {
      // Fresh addresses each round: 192.0.2.x (TEST-NET-1), a new block of `clients` per round.
      const addresses = Array.from(
        { length: clients },
        (_, k) =>
          `192.0.${2 + Math.floor((round * clients + k) / 256)}.${(round * clients + k) % 256}`,
      );
      const burstBegan = performance.now();
      const burst = burstOf(addresses, perBurst);
      const [answers, meanwhile] = await Promise.all([
        burst,
        paceStarts(claimants, url, rate, burst),
      ]);
      longestBurstMs = Math.max(longestBurstMs, performance.now() - burstBegan);
      for (const status of answers) count(signInStatuses, status);
      during.push(...meanwhile);
      // Let the server settle (queued e-mails, the password process) before the next burst.
      await sleep(1_000);
    }
    const failedStarts: Record<string, number> = {};
    for (const start of [...quiet, ...during])
      if (start.status !== 201) count(failedStarts, start.status);
    return {
      quietP99: p99(quiet.map((s) => s.ms)),
      quietStarts: quiet.length,
      burstP99: p99(during.map((s) => s.ms)),
      burstStarts: during.length,
      failedStarts,
      errors: { ...errors },
      signInStatuses,
      longestBurstMs,
    };
  } finally {
    claimants.destroy();
    await sender.terminate();
  }
}
