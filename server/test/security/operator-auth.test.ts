import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { startupBanner } from '../../src/launch-banner.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { asOperator, OPERATOR_TOKEN } from '../support/operator.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** Issue 21, point 12: failed operator authentications are throttled and logged without the token. */
const FAILURES = 3;
let server: TestServer;
beforeAll(async () => {
  // A database of its own: the failures of 127.0.0.1 must not be counted in other files' rows.
  server = await startTestServer({
    DATABASE_URL: await freshDatabase('operator_auth'),
    RATE_LIMIT_OPERATOR_FAILURES_PER_CLIENT: String(FAILURES),
    LOG_LEVEL: 'warn',
  });
});
afterAll(() => server.close());

describe('failed operator authentications', () => {
  it('when a client keeps failing, then each failure is logged without the token, and past the limit even the right token is refused', async () => {
    expect((await asOperator(request(server.url).get('/api/v1/operator/claims'))).status).toBe(200);
    server.logs.length = 0;
    const guesses = [
      'guess-number-one-0123456789abcdefghij',
      'guess-number-two-0123456789abcdefghij',
    ];
    for (const guess of guesses)
      expect(
        (
          await request(server.url)
            .get('/api/v1/operator/claims')
            .set('Authorization', `Bearer ${guess}`)
        ).status,
      ).toBe(401);
    expect((await request(server.url).get('/api/v1/operator/claims')).status).toBe(401);

    const refused = await asOperator(request(server.url).get('/api/v1/operator/claims'));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const lines = server.logs.map(
      (line) => JSON.parse(line) as { msg: string; reason?: string; client?: string },
    );
    const failed = lines.filter((line) => line.msg === 'operator authentication failed');
    expect(failed.map((line) => line.reason)).toEqual([
      'wrong token',
      'wrong token',
      'no credentials',
    ]);
    expect(new Set(failed.map((line) => line.client)).size).toBe(1);
    expect(
      lines.some((line) => line.msg === 'operator authentication refused: too many failures'),
    ).toBe(true);
    const logged = server.logs.join('');
    for (const secret of [...guesses, OPERATOR_TOKEN, '127.0.0.1'])
      expect(logged).not.toContain(secret);
  });
});

describe('the launcher banner', () => {
  it('when the operator token was generated, then the banner says where it is kept and never shows it', () => {
    const token = 'generated-operator-token-0123456789abcdefgh';
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      RATE_LIMIT_SECRET: 'r'.repeat(32),
      OPERATOR_API_TOKEN: token,
    });
    const banner = startupBanner({ config, operatorTokenFile: '/repo/.data/operator-token' });
    expect(banner).toContain('Operator token  in /repo/.data/operator-token');
    expect(banner).not.toContain(token);
    expect(banner).not.toContain(token.slice(0, 12));
  });
});
