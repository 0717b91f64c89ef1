import { createHash } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { StaffAccountSchema } from '../../src/modules/staff/accounts/staff-account.entity.ts';
import { StaffAuditSchema } from '../../src/modules/staff/audit/staff-audit.entity.ts';
import { staffCookieOptions } from '../../src/modules/staff/auth/staff-auth.routes.ts';
import { StaffSessionSchema } from '../../src/modules/staff/auth/staff-session.entity.ts';
import { useClaimServer } from '../support/claim-server.ts';
import {
  codeAt,
  MINUTE,
  seedStaff,
  setCookieOf,
  signIn,
  signInCall,
  testClock,
  type SeededStaff,
  wrongCodeAt,
} from './staff-fixtures.ts';

const clock = testClock();
const ctx = useClaimServer({}, { staffClock: clock.now });

const WRONG = 'The e-mail address, password or security code is incorrect.';

async function auditActions(staffId: string): Promise<string[]> {
  const rows = await ctx.server.orm.em
    .fork()
    .find(StaffAuditSchema, { staff: staffId }, { orderBy: { id: 'asc' } });
  return rows.map((row) => row.action);
}

async function wrongPassword(staff: SeededStaff) {
  return signInCall(ctx.server, {
    email: staff.email,
    password: `${staff.password}x`,
    code: await codeAt(staff.secret, clock.now()),
  });
}

describe('staff sign-in', () => {
  it('when e-mail, password and code are right, then a session starts with a strict httpOnly cookie and its CSRF token', async () => {
    const staff = await seedStaff(ctx.server, 'claims_advisor');
    const res = await signInCall(ctx.server, {
      email: staff.email.toUpperCase(),
      password: staff.password,
      code: await codeAt(staff.secret, clock.now()),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      staff: {
        id: staff.id,
        email: staff.email,
        roles: ['claims_advisor'],
        setupCompleted: true,
      },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const idle = Date.parse(res.body.idleExpiresAt) - clock.now().getTime();
    expect(idle).toBeGreaterThan(29 * MINUTE);
    expect(idle).toBeLessThanOrEqual(30 * MINUTE);
    const cookie = setCookieOf(res);
    expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/api/v1/staff');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    // PUBLIC_URL is http here.
    expect(cookie).not.toContain('Secure');

    const session = await request(ctx.server.url)
      .get('/api/v1/staff/session')
      .set('Cookie', cookie.split(';')[0]!);
    expect(session.status).toBe(200);
    expect(session.body.csrfToken).toBe(res.body.csrfToken);
    expect(await auditActions(staff.id)).toEqual(['staff.signed_in']);
    // At rest: the cookie's token only as its SHA-256, the CSRF token not at all.
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await ctx.server.orm.em
      .getConnection()
      .execute<Array<{ row: string }>>(
        `select t::text as row from staff_session t where staff_id = ?`,
        [staff.id],
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row).not.toContain(token);
    expect(rows[0]!.row).not.toContain(Buffer.from(token).toString('hex'));
    expect(rows[0]!.row).not.toContain(res.body.csrfToken);
    expect(rows[0]!.row).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('when the service is on https, then the cookie is Secure', () => {
    expect(staffCookieOptions('https://claims.example.com').secure).toBe(true);
    expect(staffCookieOptions('http://localhost:3000').secure).toBe(false);
  });

  it('when the e-mail, the password or the code is wrong, then the same 401 answers each and the failures are audited', async () => {
    const staff = await seedStaff(ctx.server, 'customer_care');
    const code = await codeAt(staff.secret, clock.now());
    const wrongCode = await wrongCodeAt(staff.secret, clock.now());
    const answers = [
      await signInCall(ctx.server, {
        email: `nobody-${staff.id}@winnerservices.example`,
        password: staff.password,
        code,
      }),
      await wrongPassword(staff),
      await signInCall(ctx.server, {
        email: staff.email,
        password: staff.password,
        code: wrongCode,
      }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, message: WRONG, error: 'Unauthorized' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await auditActions(staff.id)).toEqual(['staff.sign_in_failed', 'staff.sign_in_failed']);
    const unknown = await ctx.server.orm.em
      .fork()
      .find(StaffAuditSchema, { staff: null, action: 'staff.sign_in_failed' });
    expect(unknown.length).toBeGreaterThan(0);
    // No personal data in the trail: the unknown address is not recorded.
    expect(JSON.stringify(unknown)).not.toContain(`nobody-${staff.id}`);
  });

  it('when a code has signed in once, then it cannot sign in again; the next step’s code can', async () => {
    const staff = await seedStaff(ctx.server, 'claims_advisor');
    const code = await codeAt(staff.secret, clock.now());
    const body = { email: staff.email, password: staff.password, code };
    expect((await signInCall(ctx.server, body)).status).toBe(200);
    const replay = await signInCall(ctx.server, body);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(WRONG);
    clock.advance(30_000);
    expect((await signIn(ctx.server, staff, clock)).csrfToken).toBeTruthy();
  });

  it('when two sign-ins race with the same code, then exactly one of them gets a session', async () => {
    const staff = await seedStaff(ctx.server, 'claims_advisor');
    const body = {
      email: staff.email,
      password: staff.password,
      code: await codeAt(staff.secret, clock.now()),
    };
    const answers = await Promise.all([signInCall(ctx.server, body), signInCall(ctx.server, body)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
  });

  it('when five sign-ins fail in a row, then the account is locked (423, even with the right code) until 15 minutes have passed', async () => {
    const staff = await seedStaff(ctx.server, 'claims_advisor');
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await wrongPassword(staff)).status).toBe(401);
    }
    const locked = await signInCall(ctx.server, {
      email: staff.email,
      password: staff.password,
      code: await codeAt(staff.secret, clock.now()),
    });
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({
      statusCode: 423,
      message: 'This account is locked. Try again later.',
      error: 'Locked',
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await auditActions(staff.id)).toContain('staff.locked_out');

    clock.advance(14 * MINUTE);
    expect((await wrongPassword(staff)).status).toBe(423);
    clock.advance(MINUTE + 1000);
    await signIn(ctx.server, staff, clock);
    const account = await ctx.server.orm.em.fork().findOneOrFail(StaffAccountSchema, staff.id);
    expect(account.failedSignIns).toBe(0);
    expect(account.lockedUntil).toBeNull();
  });

  it('when a failure is followed by a success, then the count starts again', async () => {
    const staff = await seedStaff(ctx.server, 'admin');
    for (let attempt = 1; attempt <= 4; attempt++) await wrongPassword(staff);
    await signIn(ctx.server, staff, clock);
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await wrongPassword(staff)).status).toBe(401);
  });
});

describe('staff sessions', () => {
  it('when the session is used within the idle timeout, then it stays alive; after 30 idle minutes it has ended (401; the probe says 204)', async () => {
    const staff = await seedStaff(ctx.server, 'customer_care');
    const { cookie } = await signIn(ctx.server, staff, clock);
    const get = () => request(ctx.server.url).get('/api/v1/staff/session').set('Cookie', cookie);
    clock.advance(29 * MINUTE);
    expect((await get()).status).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await get()).status).toBe(200);
    clock.advance(30 * MINUTE + 1000);
    // The session probe answers an ended session with 204 (signed out); any other call with 401.
    const ended = await request(ctx.server.url).get('/api/v1/staff/sessions').set('Cookie', cookie);
    expect(ended.status).toBe(401);
    expect((await get()).status).toBe(204);
    expect(ended.body).toEqual({
      statusCode: 401,
      message: 'Your session has ended. Please sign in again.',
      error: 'Unauthorized',
    });
    // Deleted as it was presented.
    expect(await ctx.server.orm.em.fork().count(StaffSessionSchema, { staff: staff.id })).toBe(0);
  });

  it('when the session is kept busy, then it still ends 12 hours after sign-in (401)', async () => {
    const staff = await seedStaff(ctx.server, 'claims_advisor');
    const { cookie } = await signIn(ctx.server, staff, clock);
    const get = () => request(ctx.server.url).get('/api/v1/staff/session').set('Cookie', cookie);
    let elapsed = 0;
    while (elapsed + 25 * MINUTE < 12 * 60 * MINUTE) {
      clock.advance(25 * MINUTE);
      elapsed += 25 * MINUTE;
      expect((await get()).status).toBe(200);
    }
    const last = await get();
    expect(Date.parse(last.body.idleExpiresAt)).toBeLessThanOrEqual(
      Date.parse(last.body.expiresAt),
    );
    clock.advance(12 * 60 * MINUTE - elapsed);
    expect((await get()).status).toBe(204);
  });

  it('when staff sign out, then the cookie is cleared, the session is gone and the sign-out is audited', async () => {
    const staff = await seedStaff(ctx.server, 'claims_advisor');
    const { cookie, csrfToken } = await signIn(ctx.server, staff, clock);
    const withoutCsrf = await request(ctx.server.url)
      .delete('/api/v1/staff/session')
      .set('Cookie', cookie);
    expect(withoutCsrf.status).toBe(403);
    expect(withoutCsrf.body.message).toBe('A valid CSRF token is required.');
    const wrongCsrf = await request(ctx.server.url)
      .delete('/api/v1/staff/session')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', `${csrfToken.slice(0, -1)}${csrfToken.endsWith('A') ? 'B' : 'A'}`);
    expect(wrongCsrf.status).toBe(403);

    const out = await request(ctx.server.url)
      .delete('/api/v1/staff/session')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', csrfToken);
    expect(out.status).toBe(204);
    expect(setCookieOf(out)).toMatch(/^staff_session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await request(ctx.server.url).get('/api/v1/staff/sessions').set('Cookie', cookie);
    expect(after.status).toBe(401);
    expect(await auditActions(staff.id)).toEqual(['staff.signed_in', 'staff.signed_out']);
  });

  it('when a cookie is made up or malformed, then it is no session', async () => {
    for (const cookie of [
      'staff_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'staff_session=not a token',
      'staff_session=',
    ]) {
      const res = await request(ctx.server.url).get('/api/v1/staff/session').set('Cookie', cookie);
      expect(res.status).toBe(204);
    }
  });
});
