import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { emailRateLimitKey, rateLimitKey } from '../../src/http/rate-limit.ts';
import { startAndVerify, TOKEN_IN_LINK, uniqueEmail } from '../support/journey.ts';

const ctx = useClaimServer({ PUBLIC_URL: 'https://claims.example.test' });

describe('starting a claim', () => {
  it('when an e-mail is given, then a verification e-mail with text and HTML parts links to the claim', async () => {
    const email = uniqueEmail();
    const res = await request(ctx.server.url).post('/api/v1/claim').send({ email });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email });
    const mail = await ctx.sink.waitFor(email, /Verify your email/);
    expect(mail.text).toMatch(/https:\/\/claims\.example\.test\/claim\/[A-Za-z0-9_-]{43}/);
    expect(mail.html).toContain('https://claims.example.test/claim/');
  });

  it('when the same address starts again, then the answer is identical', async () => {
    const email = uniqueEmail();
    const first = await request(ctx.server.url).post('/api/v1/claim').send({ email });
    const second = await request(ctx.server.url).post('/api/v1/claim').send({ email });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
  });

  it('when the e-mail is invalid or over 100 characters, then the validation shape names email', async () => {
    for (const email of ['not-an-email', `${'a'.repeat(95)}@example.com`]) {
      const res = await request(ctx.server.url).post('/api/v1/claim').send({ email });
      expect(res.status).toBe(400);
      expect(res.body.message[0]).toMatchObject({ property: 'email' });
      expect(Object.values(res.body.message[0].constraints)).toContain(
        'Please enter a valid email address',
      );
    }
  });

  it('when one address starts a fourth claim within the hour, then 429 in the general shape', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i++)
      expect((await request(ctx.server.url).post('/api/v1/claim').send({ email })).status).toBe(
        201,
      );
    const res = await request(ctx.server.url).post('/api/v1/claim').send({ email });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      statusCode: 429,
      message: 'Too many requests, please try again later.',
      error: 'Too Many Requests',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('when a start is refused by a limit, then it stores no claim and sends no e-mail', async () => {
    const email = uniqueEmail('refused');
    const claims = async () =>
      (
        await ctx.server.orm.em
          .getConnection()
          .execute<Array<{ n: number }>>('select count(*)::int as n from claim where email = ?', [
            email,
          ])
      )[0]!.n;
    for (let i = 0; i < 3; i++)
      expect((await request(ctx.server.url).post('/api/v1/claim').send({ email })).status).toBe(
        201,
      );
    await expect
      .poll(() => ctx.sink.messages.filter((message) => message.to === email).length, {
        timeout: 10_000,
      })
      .toBe(3);
    expect((await request(ctx.server.url).post('/api/v1/claim').send({ email })).status).toBe(429);
    expect(await claims()).toBe(3);
    // The server sends what it queues within milliseconds: a queued e-mail would be here by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ctx.sink.messages.filter((message) => message.to === email)).toHaveLength(3);
  });

  it("when a limit's window has ended, then the address may start claims again", async () => {
    const email = uniqueEmail('window');
    for (let i = 0; i < 3; i++)
      expect((await request(ctx.server.url).post('/api/v1/claim').send({ email })).status).toBe(
        201,
      );
    expect((await request(ctx.server.url).post('/api/v1/claim').send({ email })).status).toBe(429);
    // The hour is over: the window's end moves into the past.
    const key = `start-email:${rateLimitKey(emailRateLimitKey(email), ctx.server.config.rateLimitSecret)}`;
    await ctx.server.orm.em
      .getConnection()
      .execute(`update rate_limit set expire = expire - 3600 * 1000 where key = ?`, [key]);
    expect((await request(ctx.server.url).post('/api/v1/claim').send({ email })).status).toBe(201);
    expect((await request(ctx.server.url).post('/api/v1/claim').send({ email })).status).toBe(201);
  });

  it('when the token is stored, then only its hash is: the link token is not in the claim table', async () => {
    const email = uniqueEmail();
    await request(ctx.server.url).post('/api/v1/claim').send({ email });
    const token = TOKEN_IN_LINK.exec((await ctx.sink.waitFor(email)).text)![1]!;
    const rows = await ctx.server.orm.em
      .getConnection()
      .execute(`select encode(token_hash, 'base64') as h from claim where email = ?`, [email]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('verifying the e-mail', () => {
  it('when the link is followed, then the form gets the e-mail and the inactivity minutes', async () => {
    const { token, email } = await startAndVerify(ctx.server.url, ctx.sink);
    const res = await request(ctx.server.url).patch(`/api/v1/claim/${token}/verify`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, inactivityMinutes: 20 });
  });

  it('when the token is unknown, then 404 in the general shape', async () => {
    const res = await request(ctx.server.url).patch(`/api/v1/claim/${'x'.repeat(43)}/verify`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      message: 'This claim could not be found. Please start a new claim.',
      error: 'Not Found',
    });
  });

  it('when the token is malformed, then 400 names the path parameter', async () => {
    const res = await request(ctx.server.url).patch('/api/v1/claim/short/verify');
    expect(res.status).toBe(400);
    expect(res.body.message[0].property).toBe('id');
  });
});
