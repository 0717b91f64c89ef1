import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAuditSchema } from '../../src/modules/staff/audit/staff-audit.entity.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { uniqueEmail } from '../support/journey.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Issue 30, point 1: a burst of sign-ins with made-up e-mail addresses cannot starve claimants.
 * The clients are told apart by the X-Forwarded-For a trusted proxy on this host adds.
 */
const LIMIT = 20;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    // A database of its own: the per-client counts and the audit rows counted are this file's.
    DATABASE_URL: await freshDatabase('signin_burst'),
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_STAFF_SIGN_IN_FAILURES_PER_CLIENT: String(LIMIT),
    LOG_LEVEL: 'warn',
  });
  // Warm up: the first claim start compiles the contract's validators; no burst measures that.
  await fetch(`${server.url}/api/v1/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.98' },
    body: JSON.stringify({ email: uniqueEmail('warm') }),
  }).then((res) => res.arrayBuffer());
  await signIn('198.51.100.98');
}, 180_000);
afterAll(() => server?.close());

interface Answer {
  status: number;
  retryAfter: string | null;
}

function signIn(client: string): Promise<Answer> {
  return fetch(`${server.url}/api/v1/staff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({
      email: `made-up-${randomUUID()}@winnerservices.example`,
      password: 'a guess of a password',
      code: '123456',
    }),
  }).then(async (res) => {
    await res.arrayBuffer();
    return { status: res.status, retryAfter: res.headers.get('retry-after') };
  });
}

let claimants = 0;

/** One claim start from a client address of its own (no per-client limit in play); its status and time. */
async function claimStart(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/claim`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${100 + claimants++}`,
    },
    body: JSON.stringify({ email: uniqueEmail('burst') }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/**
 * The time a claim start may take during a burst: 2 s on an idle 2-core machine (the issue's
 * bar). When the machine is busy with other work, quiet claim starts are timed first and the
 * bar is ten times their median if higher, so the check measures the burst, not the neighbours.
 * The median of five, not one: on an idle machine a single slow start (a GC pause, a cold
 * statement) must not lift the bar above 2 s; only a machine that is slow throughout does.
 */
async function claimBar(): Promise<{ bar: number; quietMs: number }> {
  const quiet: number[] = [];
  for (let n = 0; n < 5; n++) {
    const start = await claimStart();
    expect(start.status).toBe(201);
    quiet.push(start.ms);
  }
  const quietMs = quiet.sort((a, b) => a - b)[2]!;
  return { bar: Math.max(2000, 10 * quietMs), quietMs };
}

/** What a claimant and the load balancer see while the burst is in flight. */
async function duringBurst(): Promise<{ claimStatus: number; claimMs: number; ready: number[] }> {
  // Let the burst reach the server first.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [claim, ...ready] = await Promise.all([
    claimStart(),
    ...[0, 1, 2].map((at) =>
      new Promise((resolve) => setTimeout(resolve, at * 200))
        .then(() => fetch(`${server.url}/api/v1/health/ready`))
        .then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        }),
    ),
  ]);
  const { status, ms } = claim as { status: number; ms: number };
  return { claimStatus: status, claimMs: ms, ready: ready as number[] };
}

async function evaluatedSignIns(): Promise<number> {
  return server.orm.em.fork().count(StaffAuditSchema, { action: 'staff.sign_in_failed' });
}

function expectCheap(answers: Answer[]): void {
  for (const answer of answers) {
    expect([401, 429, 503]).toContain(answer.status);
    if (answer.status !== 401) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  }
}

describe('a burst of sign-ins with made-up addresses', () => {
  it('when 60 arrive at once from one client, then at most its limit are checked, and claimants and readiness are served meanwhile', async () => {
    const { bar, quietMs } = await claimBar();
    const before = await evaluatedSignIns();
    const burst = Promise.all(Array.from({ length: 60 }, () => signIn('203.0.113.7')));
    const meanwhile = await duringBurst();
    const answers = await burst;

    expectCheap(answers);
    const checked = (await evaluatedSignIns()) - before;
    expect(checked).toBeLessThanOrEqual(LIMIT);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(checked);
    // The limit is taken before each attempt: the rest were refused without a check.
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(60 - LIMIT);
    expect(meanwhile.claimStatus).toBe(201);
    expect(
      meanwhile.claimMs,
      `claim start during the burst against ${bar} ms (quiet median ${quietMs.toFixed(0)} ms)`,
    ).toBeLessThan(bar);
    expect(meanwhile.ready).toEqual([200, 200, 200]);
  }, 120_000);

  it('when 5 clients send 30 each at once (IPv6 ones from fresh addresses of their /64), then at most the limit per client are checked', async () => {
    const clients = [
      '192.0.2.10',
      '192.0.2.11',
      '2001:db8:a::1',
      '2001:db8:b::1',
      // One /64, a fresh address for every request: counted as one client.
      '2001:db8:c:0:',
    ];
    const { bar, quietMs } = await claimBar();
    const before = await evaluatedSignIns();
    const burst = Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: 30 }, (_, n) =>
          signIn(client.endsWith(':') ? `${client}${(n + 1).toString(16)}:0:0:1` : client),
        ),
      ),
    );
    const meanwhile = await duringBurst();
    const answers = await burst;

    expectCheap(answers);
    const checked = (await evaluatedSignIns()) - before;
    expect(checked).toBeLessThanOrEqual(clients.length * LIMIT);
    for (const [index] of clients.entries()) {
      const own = answers.slice(index * 30, index * 30 + 30);
      expect(own.filter((a) => a.status === 401).length).toBeLessThanOrEqual(LIMIT);
      expect(own.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(30 - LIMIT);
    }
    expect(meanwhile.claimStatus).toBe(201);
    expect(
      meanwhile.claimMs,
      `claim start during the burst against ${bar} ms (quiet median ${quietMs.toFixed(0)} ms)`,
    ).toBeLessThan(bar);
    expect(meanwhile.ready).toEqual([200, 200, 200]);
  }, 120_000);
});
