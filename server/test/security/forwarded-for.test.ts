import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/fresh-database.ts';
import { uniqueEmail } from '../support/journey.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const LIMIT = 20;
// A database of its own: the per-client count of 127.0.0.1 must not be shared with other files.
const ctx = {} as { server: TestServer };
beforeAll(async () => {
  ctx.server = await startTestServer({ DATABASE_URL: await freshDatabase('xff'), RATE_LIMIT_START_PER_CLIENT: String(LIMIT), LOG_LEVEL: 'warn' });
});
afterAll(() => ctx.server.close());

describe('rate limits behind no proxy (TRUST_PROXY unset)', () => {
  it('when 1,000 claims start with random X-Forwarded-For headers, then the client is still limited', async () => {
    const statuses: number[] = [];
    const randomIp = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    for (let batch = 0; batch < 50; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${ctx.server.url}/api/v1/claim`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), 'x-real-ip': randomIp(), forwarded: `for=${randomIp()}` },
            body: JSON.stringify({ email: uniqueEmail('xff') }),
          }).then((res) => res.status),
        ),
      );
      statuses.push(...answers);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1000 - LIMIT);
  }, 120_000);
});
