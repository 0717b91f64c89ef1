import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { StaffAccountSchema } from '../../src/modules/staff/accounts/staff-account.entity.ts';
import { StaffAuditSchema } from '../../src/modules/staff/audit/staff-audit.entity.ts';
import { StaffSessionSchema } from '../../src/modules/staff/auth/staff-session.entity.ts';
import { useClaimServer } from '../support/claim-server.ts';
import {
  codeAt,
  completeSetupOn,
  seedStaff,
  signIn,
  signInCall,
  testClock,
  wrongCodeAt,
  type SeededStaff,
  type SignedIn,
} from './staff-fixtures.ts';

const clock = testClock();
const ctx = useClaimServer({}, { staffClock: clock.now });
// Each test hashes and verifies argon2 passwords several times: seconds each on a busy 2-core machine.
const SETUP_LINK = /\/staff\/setup\/([A-Za-z0-9_-]{43})\b/;
const STRONG = 'violet lantern orbit meadow';

/** Each sign-in of the same account needs the next code: move the clock a step on first. */
async function signedIn(staff: SeededStaff): Promise<SignedIn> {
  clock.advance(30_000);
  return signIn(ctx.server, staff, clock);
}

const as = (session: SignedIn) => ({
  get: (path: string) => request(ctx.server.url).get(path).set('Cookie', session.cookie),
  post: (path: string, body: object = {}) =>
    request(ctx.server.url)
      .post(path)
      .set('Cookie', session.cookie)
      .set('X-CSRF-Token', session.csrfToken)
      .send(body),
  delete: (path: string) =>
    request(ctx.server.url)
      .delete(path)
      .set('Cookie', session.cookie)
      .set('X-CSRF-Token', session.csrfToken),
});

async function auditOf(actor: string, action: string) {
  return ctx.server.orm.em.fork().find(StaffAuditSchema, { staff: actor, action });
}

describe('staff account lifecycle (admins)', { timeout: 120_000 }, () => {
  it('when an admin disables an account, then its open session answers 401 on its next call, it cannot sign in, and enabling lets it sign in again', async () => {
    const admin = as(await signedIn(await seedStaff(ctx.server, 'admin')));
    const adminId = (await admin.get('/api/v1/staff/session')).body.staff.id as string;
    const advisor = await seedStaff(ctx.server, 'claims_advisor');
    const open = as(await signedIn(advisor));
    expect((await open.get('/api/v1/staff/claims')).status).toBe(200);

    const disabled = await admin.post(`/api/v1/staff/accounts/${advisor.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ id: advisor.id, disabled: true });
    const next = await open.get('/api/v1/staff/claims');
    expect(next.status).toBe(401);
    expect(next.body.message).toBe('Your session has ended. Please sign in again.');
    expect(await ctx.server.orm.em.fork().count(StaffSessionSchema, { staff: advisor.id })).toBe(0);
    clock.advance(30_000);
    const refused = await signInCall(ctx.server, {
      email: advisor.email,
      password: advisor.password,
      code: await codeAt(advisor.secret, clock.now()),
    });
    expect(refused.status).toBe(401);
    const listed = await admin.get('/api/v1/staff/accounts');
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ id: advisor.id, disabled: true }),
    );

    const enabled = await admin.post(`/api/v1/staff/accounts/${advisor.id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ id: advisor.id, disabled: false });
    const again = as(await signedIn(advisor));
    expect((await again.get('/api/v1/staff/claims')).status).toBe(200);

    expect((await auditOf(adminId, 'staff.account_disabled')).map((row) => row.detail)).toEqual([
      { accountId: advisor.id, sessionsEnded: 1 },
    ]);
    const enabledRows = await auditOf(adminId, 'staff.account_enabled');
    expect(enabledRows.map((row) => row.detail)).toEqual([{ accountId: advisor.id }]);
    expect(enabledRows[0]!.at).toBeInstanceOf(Date);
  });

  it('when a session row of a disabled account is left over, then the gate still refuses it', async () => {
    const advisor = await seedStaff(ctx.server, 'customer_care');
    const open = as(await signedIn(advisor));
    const em = ctx.server.orm.em.fork();
    const account = await em.findOneOrFail(StaffAccountSchema, advisor.id);
    account.disabledAt = new Date();
    await em.flush();
    expect((await open.get('/api/v1/staff/claims')).status).toBe(401);
  });

  it('when an admin resets an account, then its sessions, old secret, old password and old link die, and a new link sets it up with a new secret', async () => {
    const admin = as(await signedIn(await seedStaff(ctx.server, 'admin')));
    const adminId = (await admin.get('/api/v1/staff/session')).body.staff.id as string;
    // An account created through the API, so it has a set-up link of its own.
    const email = `reset-${Math.random().toString(36).slice(2)}@winnerservices.example`;
    const created = await admin.post('/api/v1/staff/accounts', {
      email,
      name: 'Owen Reset',
      roles: ['claims_advisor'],
    });
    expect(created.status).toBe(201);
    const firstToken = SETUP_LINK.exec((await ctx.sink.waitFor(email, /Set up your/)).text)![1]!;
    const first = await completeSetupOn(ctx.server.url, firstToken, STRONG, clock.now());
    expect(first.status).toBe(204);
    const owner: SeededStaff = {
      id: created.body.id,
      email,
      name: 'Owen Reset',
      roles: ['claims_advisor'],
      password: STRONG,
      secret: first.secret,
    };
    const open = as(await signedIn(owner));

    const reset = await admin.post(`/api/v1/staff/accounts/${owner.id}/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ id: owner.id, setupCompleted: false, disabled: false });
    expect((await open.get('/api/v1/staff/claims')).status).toBe(401);
    const stored = await ctx.server.orm.em.fork().findOneOrFail(StaffAccountSchema, owner.id);
    expect(stored.totpSecretSealed).toBeNull();
    expect(stored.passwordHash).toBeNull();
    clock.advance(30_000);
    const oldCredentials = await signInCall(ctx.server, {
      email,
      password: STRONG,
      code: await codeAt(owner.secret, clock.now()),
    });
    expect(oldCredentials.status).toBe(401);

    // The reset's e-mail: the second set-up e-mail to the address.
    const deadline = Date.now() + 15_000;
    const setupMails = () =>
      ctx.sink.messages.filter((m) => m.to === email && /Set up your/.test(m.subject));
    while (setupMails().length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const newToken = SETUP_LINK.exec(setupMails()[1]!.text)![1]!;
    expect(newToken).not.toBe(firstToken);
    // The older link is gone (one live link per account).
    expect((await request(ctx.server.url).get(`/api/v1/staff/setup/${firstToken}`)).status).toBe(
      404,
    );
    const second = await completeSetupOn(ctx.server.url, newToken, STRONG, clock.now());
    expect(second.status).toBe(204);
    expect(second.secret).not.toBe(owner.secret);
    clock.advance(30_000);
    const oldSecret = await signInCall(ctx.server, {
      email,
      password: STRONG,
      code: await codeAt(owner.secret, clock.now()),
    });
    expect(oldSecret.status).toBe(401);
    await signedIn({ ...owner, secret: second.secret });
    expect((await auditOf(adminId, 'staff.account_reset')).map((row) => row.detail)).toEqual([
      { accountId: owner.id, sessionsEnded: 1 },
    ]);
  });

  it('when an admin would disable or reset their own account, or an unknown one, then 409 or 404', async () => {
    const staff = await seedStaff(ctx.server, 'admin');
    const admin = as(await signedIn(staff));
    for (const action of ['disable', 'reset']) {
      const own = await admin.post(`/api/v1/staff/accounts/${staff.id}/${action}`);
      expect(own.status).toBe(409);
      expect(own.body.message).toBe(`You cannot ${action} your own account.`);
    }
    const unknown = await admin.post(
      '/api/v1/staff/accounts/00000000-0000-4000-8000-000000000000/disable',
    );
    expect(unknown.status).toBe(404);
  });

  it('when an account holds admin and claims advisor, then it may manage accounts and change claim steps; admin alone may not change steps', async () => {
    const both = as(await signedIn(await seedStaff(ctx.server, ['admin', 'claims_advisor'])));
    const session = await both.get('/api/v1/staff/session');
    expect(session.body.staff.roles).toEqual(['claims_advisor', 'admin']);
    expect((await both.get('/api/v1/staff/accounts')).status).toBe(200);
    const step = { from: 'submitted', to: 'reviewed' };
    // An unknown claim: past the role check (404), where admin alone is refused first (403).
    expect((await both.post('/api/v1/staff/claims/K7Q2M9XA/step', step)).status).toBe(404);
    const adminOnly = as(await signedIn(await seedStaff(ctx.server, 'admin')));
    expect((await adminOnly.post('/api/v1/staff/claims/K7Q2M9XA/step', step)).status).toBe(403);

    const created = await both.post('/api/v1/staff/accounts', {
      email: `both-${Math.random().toString(36).slice(2)}@winnerservices.example`,
      name: 'Two Roles',
      roles: ['admin', 'claims_advisor'],
    });
    expect(created.status).toBe(201);
    expect(created.body.roles).toEqual(['claims_advisor', 'admin']);
    const none = await both.post('/api/v1/staff/accounts', {
      email: 'no-roles@winnerservices.example',
      name: 'No Roles',
      roles: [],
    });
    expect(none.status).toBe(400);
  });
});

describe('own password and sessions (everyone signed in)', { timeout: 120_000 }, () => {
  it('when changing the password, then it needs the current password and a code, refuses a weak one with feedback, and ends the other sessions', async () => {
    const staff = await seedStaff(ctx.server, 'customer_care');
    const other = as(await signedIn(staff));
    const me = as(await signedIn(staff));
    clock.advance(30_000);
    const code = await codeAt(staff.secret, clock.now());

    const wrongCurrent = await me.post('/api/v1/staff/password', {
      currentPassword: 'not my password at all',
      newPassword: STRONG,
      code,
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.message).toEqual([
      {
        property: 'currentPassword',
        name: 'currentPassword',
        constraints: { password: 'Your current password is incorrect.' },
        children: [],
      },
    ]);
    const wrongCode = await me.post('/api/v1/staff/password', {
      currentPassword: staff.password,
      newPassword: STRONG,
      code: await wrongCodeAt(staff.secret, clock.now()),
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.message[0].property).toBe('code');
    const weak = await me.post('/api/v1/staff/password', {
      currentPassword: staff.password,
      newPassword: 'password1234',
      code,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message[0].property).toBe('newPassword');
    expect(weak.body.message[0].constraints.strength).toMatch(
      /^This password is too easy to guess\. .*commonly used password/,
    );

    const changed = await me.post('/api/v1/staff/password', {
      currentPassword: staff.password,
      newPassword: STRONG,
      code,
    });
    expect(changed.status).toBe(204);
    expect((await me.get('/api/v1/staff/claims')).status).toBe(200);
    expect((await other.get('/api/v1/staff/claims')).status).toBe(401);
    clock.advance(30_000);
    const oldPassword = await signInCall(ctx.server, {
      email: staff.email,
      password: staff.password,
      code: await codeAt(staff.secret, clock.now()),
    });
    expect(oldPassword.status).toBe(401);
    await signedIn({ ...staff, password: STRONG });
    expect((await auditOf(staff.id, 'staff.password_changed')).map((row) => row.detail)).toEqual([
      expect.objectContaining({ sessionsEnded: 1 }),
    ]);
  });

  it('when listing and ending sessions, then only your own are shown and ended, one or all others', async () => {
    const staff = await seedStaff(ctx.server, 'claims_advisor');
    const first = as(await signedIn(staff));
    const second = as(await signedIn(staff));
    const third = as(await signedIn(staff));
    const stranger = as(await signedIn(await seedStaff(ctx.server, 'claims_advisor')));

    const listed = await third.get('/api/v1/staff/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(3);
    expect(listed.body.items.filter((item: { current: boolean }) => item.current)).toHaveLength(1);
    expect(listed.body.items[0].current).toBe(true);
    const firstId = listed.body.items[2].id as string;

    // Another person's session is not found, and stays.
    const strangers = (await stranger.get('/api/v1/staff/sessions')).body.items[0].id as string;
    expect((await third.delete(`/api/v1/staff/sessions/${strangers}`)).status).toBe(404);
    expect((await stranger.get('/api/v1/staff/claims')).status).toBe(200);

    expect((await third.delete(`/api/v1/staff/sessions/${firstId}`)).status).toBe(204);
    expect((await first.get('/api/v1/staff/claims')).status).toBe(401);
    expect((await second.get('/api/v1/staff/claims')).status).toBe(200);

    expect((await third.delete('/api/v1/staff/sessions')).status).toBe(204);
    expect((await second.get('/api/v1/staff/claims')).status).toBe(401);
    expect((await third.get('/api/v1/staff/sessions')).body.items).toHaveLength(1);
    expect((await auditOf(staff.id, 'staff.session_ended')).map((row) => row.detail)).toEqual([
      expect.objectContaining({ sessionId: firstId }),
    ]);
    expect(
      (await auditOf(staff.id, 'staff.other_sessions_ended')).map((row) => row.detail),
    ).toEqual([expect.objectContaining({ sessionsEnded: 1 })]);
  });

  it('when signed out, then the session probe answers 204 with no body', async () => {
    const res = await request(ctx.server.url).get('/api/v1/staff/session');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });
});
