import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/fresh-database.ts';
import { uniqueEmail } from '../support/journey.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const LIMIT = 20;
const randomIp = () =>
  `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** 1,000 claim starts from this host, 20 at a time, each with the headers `headers()` gives; the statuses. */
async function startMany(
  server: TestServer,
  headers: () => Record<string, string>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let batch = 0; batch < 50; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${server.url}/api/v1/claim`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers() },
          body: JSON.stringify({ email: uniqueEmail('xff') }),
        }).then((res) => res.status),
      ),
    );
    statuses.push(...answers);
  }
  return statuses;
}

// A database of its own per server: the per-client counts must not be shared with other files.
describe('rate limits behind no proxy (TRUST_PROXY unset)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      DATABASE_URL: await freshDatabase('xff'),
      RATE_LIMIT_START_PER_CLIENT: String(LIMIT),
      LOG_LEVEL: 'warn',
    });
  });
  afterAll(() => server.close());

  it('when 1,000 claims start with random X-Forwarded-For headers, then the client is still limited', async () => {
    const statuses = await startMany(server, () => ({
      'x-forwarded-for': randomIp(),
      'x-real-ip': randomIp(),
      forwarded: `for=${randomIp()}`,
    }));
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1000 - LIMIT);
  }, 120_000);
});

describe.each([['loopback'], ['1']])(
  'rate limits behind a trusted proxy (TRUST_PROXY=%s)',
  (trustProxy) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        DATABASE_URL: await freshDatabase('xff_proxy'),
        RATE_LIMIT_START_PER_CLIENT: String(LIMIT),
        TRUST_PROXY: trustProxy,
        LOG_LEVEL: 'warn',
      });
    });
    afterAll(() => server.close());

    it("when clients put made-up addresses before the one the proxy added, then only the proxy's counts", async () => {
      // The proxy on this host appends the address it saw (203.0.113.7); what the client sent comes first.
      const statuses = await startMany(server, () => ({
        'x-forwarded-for': `${randomIp()}, ${randomIp()}, 203.0.113.7`,
      }));
      expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1000 - LIMIT);
    }, 120_000);

    it('when the proxy forwards different clients, then each has its own count', async () => {
      const statuses = await startMany(server, () => ({ 'x-forwarded-for': randomIp() }));
      expect(statuses.filter((status) => status === 201)).toHaveLength(1000);
    }, 120_000);
  },
);
