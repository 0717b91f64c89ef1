import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccountSchema } from '../../src/modules/staff/accounts/staff-account.entity.ts';
import { hashPassword } from '../../src/modules/staff/auth/passwords.ts';
import { sealTotpSecret, staffKeys } from '../../src/modules/staff/auth/staff-secrets.ts';
import { newTotpSecret } from '../../src/modules/staff/auth/totp.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { codeAt, seedStaff, testClock } from './staff-fixtures.ts';

/**
 * Issue 30, point 2: the lock-out counts per (e-mail address, client), so nobody can lock a
 * member of staff out from elsewhere, and it answers alike for accounts and non-accounts.
 */
const clock = testClock();
const ctx = {} as { server: TestServer };
beforeAll(async () => {
  ctx.server = await startTestServer(
    {
      DATABASE_URL: await freshDatabase('signin_lockout'),
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    },
    { staffClock: clock.now },
  );
}, 180_000);
afterAll(() => ctx.server?.close());

function signInFrom(client: string, body: { email: string; password: string; code: string }) {
  return request(ctx.server.url)
    .post('/api/v1/staff/session')
    .set('X-Forwarded-For', client)
    .send(body);
}

const WRONG = {
  statusCode: 401,
  message: 'The e-mail address, password or security code is incorrect.',
  error: 'Unauthorized',
};
const LOCKED = {
  statusCode: 423,
  message: 'This account is locked. Try again later.',
  error: 'Locked',
};

describe('lock-out per address and client', () => {
  it('when one client fails 8 times, then the owner still signs in from another client', async () => {
    const staff = await seedStaff(ctx.server, 'claims_advisor');
    const attacker = '203.0.113.50';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++)
      statuses.push(
        (
          await signInFrom(attacker, {
            email: staff.email,
            password: `guess ${attempt}`,
            code: '000000',
          })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 423, 423, 423]);
    // The attacker is refused even with the right password and code: that pair is locked.
    const owner = await signInFrom('198.51.100.20', {
      email: staff.email,
      password: staff.password,
      code: await codeAt(staff.secret, clock.now()),
    });
    expect(owner.status).toBe(200);
  }, 180_000);

  it('when an address is unknown, not set up, or locked from this client, then each gets the answer an account gets', async () => {
    const client = '203.0.113.60';
    const staff = await seedStaff(ctx.server, 'customer_care');
    const notSetUp = `pending-${randomUUID()}@winnerservices.example`;
    const em = ctx.server.orm.em.fork();
    em.create(StaffAccountSchema, {
      id: randomUUID(),
      email: notSetUp,
      name: 'Not set up',
      roles: ['customer_care'],
      passwordHash: await hashPassword('the password it will have'),
      totpSecretSealed: sealTotpSecret(
        newTotpSecret(),
        staffKeys(ctx.server.config.staffSecretKey),
      ),
      setupCompletedAt: null,
    });
    await em.flush();
    const unknown = `nobody-${randomUUID()}@winnerservices.example`;

    const answers = async (email: string, password: string) => {
      const seen: Array<{ status: number; body: unknown; retryAfter?: string }> = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const res = await signInFrom(client, { email, password, code: '000000' });
        seen.push({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] });
      }
      return seen;
    };
    for (const seen of [
      await answers(staff.email, 'wrong'),
      await answers(unknown, 'wrong'),
      await answers(notSetUp, 'the password it will have'),
    ]) {
      expect(seen.slice(0, 5).map((a) => a.body)).toEqual(Array(5).fill(WRONG));
      expect(seen[5]!.body).toEqual(LOCKED);
      expect(Number(seen[5]!.retryAfter)).toBeGreaterThan(14 * 60);
    }
  }, 180_000);

  it('when a known and an unknown address fail, then both took a password check (similar time)', async () => {
    const staff = await seedStaff(ctx.server, 'customer_care');
    const timed = async (email: string, client: string) => {
      const started = performance.now();
      const res = await signInFrom(client, { email, password: 'wrong', code: '000000' });
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round++) {
      known.push(await timed(staff.email, `192.0.2.${70 + round}`));
      unknown.push(
        await timed(`nobody-${randomUUID()}@winnerservices.example`, `192.0.2.${80 + round}`),
      );
    }
    // Wide margins (a shared machine): the unknown address is not answered without the check.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    expect(median(unknown)).toBeLessThan(median(known) * 3);
  }, 180_000);
});
