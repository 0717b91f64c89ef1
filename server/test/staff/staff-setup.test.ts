import { createHash } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { StaffAccountSchema } from '../../src/modules/staff/accounts/staff-account.entity.ts';
import { StaffAuditSchema } from '../../src/modules/staff/audit/staff-audit.entity.ts';
import { useClaimServer } from '../support/claim-server.ts';
import {
  codeAt,
  completeSetupOn,
  enrolOn,
  MINUTE,
  seedStaff,
  signIn,
  signInCall,
  testClock,
  wrongCodeAt,
} from './staff-fixtures.ts';

const clock = testClock();
const ctx = useClaimServer({}, { staffClock: clock.now });

const SETUP_LINK = /\/staff\/setup\/([A-Za-z0-9_-]{43})\b/;
const PASSWORD = 'violet lantern orbit meadow';

/** An admin creates an account through the API; answers its id, e-mail and set-up token. */
async function createdByAdmin(role: 'claims_advisor' | 'customer_care' | 'admin') {
  const admin = await seedStaff(ctx.server, 'admin');
  const session = await signIn(ctx.server, admin, clock);
  const email = `new-${Math.random().toString(36).slice(2)}@winnerservices.example`;
  const res = await request(ctx.server.url)
    .post('/api/v1/staff/accounts')
    .set('Cookie', session.cookie)
    .set('X-CSRF-Token', session.csrfToken)
    .send({ email, name: 'Priya Shah', roles: [role] });
  expect(res.status).toBe(201);
  const mail = await ctx.sink.waitFor(email, /Set up your/);
  const token = SETUP_LINK.exec(mail.text)![1]!;
  expect(mail.text).toContain(`${ctx.server.config.publicUrl}/staff/setup/${token}`);
  return { admin, session, id: res.body.id as string, email, token, created: res.body };
}

describe('staff accounts and set-up links', { timeout: 120_000 }, () => {
  it('when an admin creates an account, then it is listed as not set up and its owner is e-mailed a set-up link', async () => {
    const { session, id, email, created, admin } = await createdByAdmin('claims_advisor');
    expect(created).toMatchObject({
      email,
      name: 'Priya Shah',
      roles: ['claims_advisor'],
      setupCompleted: false,
      disabled: false,
    });
    const list = await request(ctx.server.url)
      .get('/api/v1/staff/accounts')
      .set('Cookie', session.cookie);
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(expect.objectContaining({ id, setupCompleted: false }));
    const audit = await ctx.server.orm.em
      .fork()
      .find(StaffAuditSchema, { staff: admin.id, action: 'staff.account_created' });
    expect(audit.map((row) => row.detail)).toEqual([{ accountId: id, roles: ['claims_advisor'] }]);
  });

  it('when the e-mail address is in use (in any case), then 409', async () => {
    const { session, email } = await createdByAdmin('customer_care');
    const again = await request(ctx.server.url)
      .post('/api/v1/staff/accounts')
      .set('Cookie', session.cookie)
      .set('X-CSRF-Token', session.csrfToken)
      .send({ email: email.toUpperCase(), name: 'Someone Else', roles: ['admin'] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A staff account with this e-mail address already exists.');
  });

  it('when the owner opens the link, enrols and sends a password and a current code, then the account signs in; the link then answers 409', async () => {
    const { token, email, id } = await createdByAdmin('claims_advisor');
    const setup = await request(ctx.server.url).get(`/api/v1/staff/setup/${token}`);
    expect(setup.status).toBe(200);
    // Opening the link shows the account, never a secret.
    expect(setup.body).toEqual({ email, name: 'Priya Shah', roles: ['claims_advisor'] });
    const account = await ctx.server.orm.em.fork().findOneOrFail(StaffAccountSchema, id);
    expect(account.totpSecretSealed).toBeNull();

    // Before any enrolment, no code can complete the set-up.
    const early = await request(ctx.server.url)
      .post(`/api/v1/staff/setup/${token}`)
      .send({ password: PASSWORD, code: '123456' });
    expect(early.status).toBe(400);
    expect(early.body.message[0].property).toBe('code');

    // A second viewer's enrolment is another secret, and it replaces the first one.
    const viewer = await enrolOn(ctx.server.url, token);
    const enrolment = await request(ctx.server.url).post(
      `/api/v1/staff/setup/${token}/authenticator`,
    );
    expect(enrolment.status).toBe(200);
    expect(enrolment.headers['cache-control']).toBe('no-store');
    const secret: string = enrolment.body.totpSecret;
    expect(secret).not.toBe(viewer);
    expect(enrolment.body.totpUri).toContain(`secret=${secret}`);
    expect(enrolment.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const viewersCode = await request(ctx.server.url)
      .post(`/api/v1/staff/setup/${token}`)
      .send({ password: PASSWORD, code: await codeAt(viewer, clock.now()) });
    expect(viewersCode.status).toBe(400);
    expect(viewersCode.body.message[0].property).toBe('code');

    const wrongCode = await request(ctx.server.url)
      .post(`/api/v1/staff/setup/${token}`)
      .send({
        password: PASSWORD,
        code: await wrongCodeAt(secret, clock.now()),
      });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.message).toEqual([
      {
        property: 'code',
        name: 'code',
        constraints: { totp: 'Enter the 6-digit code from your authenticator app.' },
        children: [],
      },
    ]);
    const shortPassword = await request(ctx.server.url)
      .post(`/api/v1/staff/setup/${token}`)
      .send({ password: 'too short', code: await codeAt(secret, clock.now()) });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message[0].property).toBe('password');

    const done = await request(ctx.server.url)
      .post(`/api/v1/staff/setup/${token}`)
      .send({ password: PASSWORD, code: await codeAt(secret, clock.now()) });
    expect(done.status).toBe(204);

    for (const call of [
      request(ctx.server.url).get(`/api/v1/staff/setup/${token}`),
      request(ctx.server.url)
        .post(`/api/v1/staff/setup/${token}`)
        .send({ password: PASSWORD, code: await codeAt(secret, clock.now()) }),
    ]) {
      const used = await call;
      expect(used.status).toBe(409);
      expect(used.body.message).toBe('This set-up link has already been used.');
    }

    // The code that confirmed the enrolment is spent: sign-in takes the next one.
    clock.advance(30_000);
    const signedIn = await signInCall(ctx.server, {
      email,
      password: PASSWORD,
      code: await codeAt(secret, clock.now()),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.staff).toMatchObject({ id, setupCompleted: true });

    // Stored: an argon2id hash, the secret sealed (neither its text nor its bytes), the token hashed.
    const setUp = await ctx.server.orm.em.fork().findOneOrFail(StaffAccountSchema, id);
    expect(setUp.passwordHash).toMatch(/^\$argon2id\$/);
    expect(setUp.passwordHash).not.toContain(PASSWORD);
    const sealed = Buffer.from(setUp.totpSecretSealed!);
    expect(sealed.toString('latin1')).not.toContain(secret);
    expect(sealed.includes(Buffer.from(secret))).toBe(false);
    const tokens = await ctx.server.orm.em
      .getConnection()
      .execute<Array<{ row: string }>>(
        `select t::text as row from staff_setup_token t where staff_id = ?`,
        [id],
      );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.row).not.toContain(token);
    expect(tokens[0]!.row).toContain(createHash('sha256').update(token).digest('hex'));
    const audit = await ctx.server.orm.em.fork().find(StaffAuditSchema, { staff: id });
    expect(audit.map((row) => row.action)).toEqual(['staff.setup_completed', 'staff.signed_in']);
  });

  it("when the password is easy to guess, then set-up refuses it with zxcvbn's warning and suggestions", async () => {
    const { token } = await createdByAdmin('claims_advisor');
    const secret = await enrolOn(ctx.server.url, token);
    for (const password of ['aaaaaaaaaaaa', 'password1234', 'qwertyuiop12']) {
      const res = await request(ctx.server.url)
        .post(`/api/v1/staff/setup/${token}`)
        .send({ password, code: await codeAt(secret, clock.now()) });
      expect(res.status).toBe(400);
      expect(res.body.message).toHaveLength(1);
      expect(res.body.message[0].property).toBe('password');
      const text: string = res.body.message[0].constraints.strength;
      expect(text).toMatch(/^This password is too easy to guess\. \S/);
      expect(text.length).toBeGreaterThan('This password is too easy to guess. '.length + 10);
    }
    // The link still works with a strong one.
    const done = await request(ctx.server.url)
      .post(`/api/v1/staff/setup/${token}`)
      .send({ password: PASSWORD, code: await codeAt(secret, clock.now()) });
    expect(done.status).toBe(204);
  });

  it('when the link is older than 72 hours, then it has expired (410)', async () => {
    const { token } = await createdByAdmin('customer_care');
    clock.advance(72 * 60 * MINUTE + 1000);
    const expired = await request(ctx.server.url).get(`/api/v1/staff/setup/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This set-up link has expired. Ask an admin for a new one.');
    const post = await request(ctx.server.url)
      .post(`/api/v1/staff/setup/${token}`)
      .send({ password: PASSWORD, code: '123456' });
    expect(post.status).toBe(410);
  });

  it('when the link is unknown, then 404', async () => {
    const res = await request(ctx.server.url).get(`/api/v1/staff/setup/${'A'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This set-up link could not be found.');
  });

  it('when an account is not set up yet, then it cannot sign in', async () => {
    const { email } = await createdByAdmin('claims_advisor');
    const res = await signInCall(ctx.server, { email, password: PASSWORD, code: '123456' });
    expect(res.status).toBe(401);
  });

  it('when the whole set-up and sign-in has run, then the logs hold no token, code, password or staff e-mail', async () => {
    const { token, email, session } = await createdByAdmin('claims_advisor');
    const enrolled = await completeSetupOn(ctx.server.url, token, PASSWORD, clock.now());
    const logs = ctx.server.logs.join('\n');
    expect(logs).toContain('/api/v1/staff/setup/:token');
    for (const secret of [
      token,
      email,
      PASSWORD,
      enrolled.secret,
      session.csrfToken,
      session.cookie.split('=')[1]!,
    ])
      expect(logs).not.toContain(secret);
  });
});
