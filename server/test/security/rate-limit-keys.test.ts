import { createHash, createHmac } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailRateLimitKey } from '../../src/http/rate-limit.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** Issue 21, point 6: e-mail limits count the normalised address; keys are HMACs with a server secret. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    DATABASE_URL: await freshDatabase('rl_keys'),
    LOG_LEVEL: 'warn',
  });
});
afterAll(() => server.close());

const keys = async (): Promise<string[]> =>
  (
    await server.orm.em
      .getConnection()
      .execute<Array<{ key: string }>>('select key from rate_limit')
  ).map((row) => row.key);

describe('the per-e-mail limit', () => {
  it('counts an address once whatever its case and +tag', () => {
    expect(emailRateLimitKey(' Ann.Lee+claims@Example.COM ')).toBe('ann.lee@example.com');
    expect(emailRateLimitKey('ann.lee+1+2@example.com')).toBe('ann.lee@example.com');
    expect(emailRateLimitKey('ann.lee@example.com')).toBe('ann.lee@example.com');
  });

  it('when one mailbox starts claims under +tag and case variants, then the fourth is refused', async () => {
    const id = Date.now().toString(36);
    const variants = [
      `ann.${id}+1@example.com`,
      `ANN.${id}+two@Example.com`,
      `Ann.${id}@example.COM`,
      `ann.${id}+4@example.com`,
    ];
    const statuses: number[] = [];
    for (const email of variants)
      statuses.push((await request(server.url).post('/api/v1/claim').send({ email })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('keys its rows with an HMAC of the server secret, not a plain hash anyone can recompute', async () => {
    const email = `key.${Date.now().toString(36)}@example.com`;
    expect((await request(server.url).post('/api/v1/claim').send({ email })).status).toBe(201);
    const stored = await keys();
    const plain = createHash('sha256').update(email).digest('base64url');
    const keyed = createHmac('sha256', server.config.rateLimitSecret)
      .update(email)
      .digest('base64url');
    expect(stored).toContain(`start-email:${keyed}`);
    expect(stored.some((key) => key.includes(plain))).toBe(false);
    expect(stored.join()).not.toContain(email);
  });
});
