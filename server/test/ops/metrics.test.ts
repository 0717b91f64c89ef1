import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { operatorDownload, submittedClaim } from '../support/operator.ts';
import { seedStaff, signIn, signInCall, testClock } from '../staff/staff-fixtures.ts';

const clock = testClock();
// Two failures per client per window, so the third attempt is refused by the rate limit.
const ctx = useClaimServer(
  {
    METRICS_PORT: '0',
    RATE_LIMIT_STAFF_SIGN_IN_FAILURES_PER_CLIENT: '2',
    TRUST_PROXY: 'loopback',
    // Counters of its own: the test database's rate-limit rows are shared by every test file.
    RATE_LIMIT_SECRET: `metrics-${randomUUID()}-rate-limit-secret`,
  },
  { staffClock: clock.now },
);

/** The value of one series of a Prometheus text exposition, or undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value))
      return Number(match[3]);
  }
  return undefined;
}

const scrape = async (): Promise<string> => {
  const res = await fetch(ctx.server.metricsUrl!);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

describe('metrics', () => {
  it('when METRICS_PORT is set, then /metrics is served on its own listener and never on the public one', async () => {
    expect(ctx.server.metricsUrl).toBeDefined();
    expect(new URL(ctx.server.metricsUrl!).port).not.toBe(new URL(ctx.server.url).port);
    const pub = await request(ctx.server.url).get('/metrics');
    expect(pub.text ?? '').not.toContain('prize_http_request_duration_seconds');
    const api = await request(ctx.server.url).get('/api/v1/metrics');
    expect(api.status).toBe(404);
    const other = await fetch(ctx.server.metricsUrl!.replace('/metrics', '/api/v1/claim'));
    expect(other.status).toBe(404);
  });

  it('when a claimant submits a claim and staff sign in, then the named series carry sensible values', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    // The image is re-encoded in the background: wait for it, so the re-encode histogram has it.
    expect((await operatorDownload(ctx.server.url, claim.front)).status).toBe(200);

    const staff = await seedStaff(ctx.server, 'claims_advisor');
    await signIn(ctx.server, staff, clock);
    for (let attempt = 0; attempt < 2; attempt++) {
      const wrong = await signInCall(ctx.server, {
        email: staff.email,
        password: 'not-the-password',
        code: '000000',
      }).set('X-Forwarded-For', '203.0.113.1');
      expect(wrong.status).toBe(401);
    }
    const refused = await signInCall(ctx.server, {
      email: staff.email,
      password: 'not-the-password',
      code: '000000',
    }).set('X-Forwarded-For', '203.0.113.1');
    expect(refused.status).toBe(429);

    const text = await scrape();
    const ok = { method: 'POST', status_class: '2xx' };
    expect(
      sample(text, 'prize_http_request_duration_seconds_count', { operation: 'startClaim', ...ok }),
    ).toBe(1);
    expect(
      sample(text, 'prize_http_request_duration_seconds_count', {
        operation: 'submitClaim',
        ...ok,
      }),
    ).toBe(1);
    // Uploads are received before the validator: still labelled by their operation.
    expect(
      sample(text, 'prize_http_request_duration_seconds_count', {
        operation: 'uploadClaimFile',
        ...ok,
      }),
    ).toBe(2);
    expect(
      sample(text, 'prize_http_request_duration_seconds_count', {
        operation: 'signInStaff',
        ...ok,
      }),
    ).toBe(1);
    expect(
      sample(text, 'prize_http_request_duration_seconds_count', {
        operation: 'signInStaff',
        method: 'POST',
        status_class: '4xx',
      }),
    ).toBe(3);
    const submitSeconds = sample(text, 'prize_http_request_duration_seconds_sum', {
      operation: 'submitClaim',
      ...ok,
    })!;
    expect(submitSeconds).toBeGreaterThan(0);
    expect(submitSeconds).toBeLessThan(30);
    // No label carries a path, so no claim token ever reaches the scraper.
    expect(text).not.toContain(claim.token);
    expect(text).not.toMatch(/\/api\/v1\/claim\//);

    expect(sample(text, 'prize_staff_sign_in_failures_total')).toBe(2);
    expect(sample(text, 'prize_staff_lock_outs_total')).toBe(0);
    expect(sample(text, 'prize_rate_limit_refusals_total', { limit: 'staff-sign-in-client' })).toBe(
      1,
    );
    expect(sample(text, 'prize_upload_bytes_total')).toBeGreaterThanOrEqual(2 * 60);
    expect(
      sample(text, 'prize_image_reencode_duration_seconds_count', { outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'prize_outbox_depth')).toBeGreaterThanOrEqual(0);
    const age = sample(text, 'prize_outbox_oldest_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(3600);
    expect(
      sample(text, 'prize_job_queue_depth', { queue: 'sanitize-file' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'prize_db_pool_waiting_clients', { pool: 'orm' })).toBe(0);
    expect(sample(text, 'prize_db_pool_waiting_clients', { pool: 'outbox' })).toBe(0);
  });
});

describe('metrics of a lock-out', () => {
  // The default per-client limit, so five failures from one client reach the lock-out.
  const locking = useClaimServer(
    { METRICS_PORT: '0', TRUST_PROXY: 'loopback' },
    { staffClock: clock.now },
  );

  it('when an address fails five times in a row from one client, then the lock-out is counted', async () => {
    const staff = await seedStaff(locking.server, 'admin');
    const scrapeLocking = async () => (await fetch(locking.server.metricsUrl!)).text();
    const before = await scrapeLocking();
    const lockOuts = sample(before, 'prize_staff_lock_outs_total')!;
    const failures = sample(before, 'prize_staff_sign_in_failures_total')!;
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await signInCall(locking.server, {
        email: staff.email,
        password: 'not-the-password',
        code: '000000',
      }).set('X-Forwarded-For', '198.51.100.1');
      expect(wrong.status).toBe(401);
    }
    const text = await scrapeLocking();
    expect(sample(text, 'prize_staff_lock_outs_total')).toBe(lockOuts + 1);
    expect(sample(text, 'prize_staff_sign_in_failures_total')).toBe(failures + 5);
  });
});
