import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { codeAt, seedStaff, signInCall, testClock } from './staff-fixtures.ts';

const clock = testClock();
// A secret of its own: the counts of other test files (same address, same table) are not ours.
const ctx = useClaimServer(
  {
    RATE_LIMIT_STAFF_SIGN_IN_FAILURES_PER_CLIENT: '3',
    // Room for every check at once: what refuses a burst here is the per-client limit alone,
    // not the password checks' short queue (503).
    STAFF_PASSWORD_CHECKS_CONCURRENT: '64',
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_SECRET: `staff-rate-limit-test-${Date.now()}-0123456789abcdef`,
  },
  { staffClock: clock.now },
);

describe('staff sign-in rate limit', () => {
  it('when one client fails past its limit, then it is refused (429) before any account is checked', async () => {
    const accounts = await Promise.all(
      [1, 2, 3, 4].map(() => seedStaff(ctx.server, 'customer_care')),
    );
    // Failures spread over accounts (no account reaches its own lock-out).
    for (const staff of accounts.slice(0, 3)) {
      const res = await signInCall(ctx.server, {
        email: staff.email,
        password: 'wrong password',
        code: await codeAt(staff.secret, clock.now()),
      });
      expect(res.status).toBe(401);
    }
    const staff = accounts[3]!;
    const refused = await signInCall(ctx.server, {
      email: staff.email,
      password: staff.password,
      code: await codeAt(staff.secret, clock.now()),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('when 30 sign-ins from one client arrive at once, then at most its limit are checked and the rest are refused (429)', async () => {
    const staff = await seedStaff(ctx.server, 'customer_care');
    const code = await codeAt(staff.secret, clock.now());
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        request(ctx.server.url)
          .post('/api/v1/staff/session')
          // A client of its own (the first test used up the loopback's allowance).
          .set('X-Forwarded-For', '192.0.2.77')
          .send({ email: staff.email, password: 'wrong password', code }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(27);
  });
});
