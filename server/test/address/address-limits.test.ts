import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressProvider, FindResponse } from '../../src/modules/address/address-provider.ts';
import {
  addressLimits,
  QUEUED_PER_SLOT,
  type AddressLimitSettings,
} from '../../src/modules/address/address-limits.ts';
import { LocalAddressIndex } from '../../src/modules/address/local-address-index.ts';
import { LocalAddressProvider } from '../../src/modules/address/local-address-provider.ts';
import { migratedDatabase } from '../support/fresh-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startAddressApp, type AddressApp } from './support/address-app.ts';
import { openSeededIndex, type SeededIndex } from './support/address-index.ts';
import { startFakeLoqate, type FakeLoqate } from './support/fake-loqate.ts';

const SECRET = 'address-limits-test-secret-0123456789abcdef';

const LOQATE_FIND = '/api/address/Capture/Interactive/Find/v1.10/json3.ws';

/** A provider that answers at once, or holds every find until released, counting how many run together. */
function gatedProvider() {
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const state = { running: 0, mostAtOnce: 0 };
  const provider: AddressProvider = {
    async find(): Promise<FindResponse> {
      state.running++;
      state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
      await gate;
      state.running--;
      return { Items: [] };
    },
    retrieve: async () => ({ Items: [] }),
  };
  return {
    provider,
    state,
    hold() {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

// A database of its own: the counts of 127.0.0.1 must not be shared with other test files.
let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await migratedDatabase('address_limits'), max: 4 });
});
afterAll(() => pool?.end());

async function appWith(
  provider: AddressProvider,
  settings: AddressLimitSettings,
): Promise<AddressApp> {
  return startAddressApp(provider, addressLimits(pool, settings));
}

describe('address lookup rate limits', () => {
  let app: AddressApp | undefined;
  afterAll(() => app?.close());

  it('when a client makes more lookups than its limit in a minute, then 429 in the general shape on the API paths and a Loqate error entry on its layout', async () => {
    app = await appWith(gatedProvider().provider, {
      perClient: 3,
      perClaim: 1000,
      concurrency: 4,
      secret: SECRET,
    });
    for (let i = 0; i < 3; i++)
      expect(
        (await request(app.url).get('/api/address/find').query({ Text: 'downing' })).status,
      ).toBe(200);

    const refused = await request(app.url).get('/api/address/find').query({ Text: 'downing' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      message: 'Too many requests, please try again later.',
      error: 'Too Many Requests',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(
      (await request(app.url).get('/api/address/retrieve').query({ Id: 'GB|RM|A|1' })).status,
    ).toBe(429);

    const loqate = await request(app.url).get(`${LOQATE_FIND}?Text=downing&Key=abc`);
    expect(loqate.status).toBe(200);
    expect(loqate.body.Items).toEqual([
      expect.objectContaining({ Error: '18', Description: 'Individual IP Limit Exceeded' }),
    ]);
    expect(Number(loqate.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await app.close();
    app = undefined;
  });

  it('when a claim token is sent, then that claim is limited on its own and another claim is not', async () => {
    app = await appWith(gatedProvider().provider, {
      perClient: 1000,
      perClaim: 2,
      concurrency: 4,
      secret: SECRET,
    });
    const find = (token: string) =>
      request(app!.url)
        .get('/api/address/find')
        .query({ Text: 'downing' })
        .set('X-Claim-Token', token);
    expect((await find('claim-token-a')).status).toBe(200);
    expect((await find('claim-token-a')).status).toBe(200);
    expect((await find('claim-token-a')).status).toBe(429);
    expect((await find('claim-token-b')).status).toBe(200);
    await app.close();
    app = undefined;
  });
});

describe('address lookup concurrency', () => {
  it('when many lookups arrive at once, then only the configured number run against the provider together', async () => {
    const gated = gatedProvider();
    const app = await appWith(gated.provider, {
      perClient: 1000,
      perClaim: 1000,
      concurrency: 2,
      secret: SECRET,
    });
    try {
      gated.hold();
      const answers = Array.from({ length: 6 }, () =>
        request(app.url)
          .get('/api/address/find')
          .query({ Text: 'downing' })
          .then((res) => res.status),
      );
      await expect.poll(() => gated.state.running).toBe(2);
      gated.release();
      expect(await Promise.all(answers)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(gated.state.mostAtOnce).toBe(2);
    } finally {
      gated.release();
      await app.close();
    }
  });

  it("when more lookups wait than the queue holds, then the rest are refused at once: 503 on the API paths, a 1004 entry on Loqate's layout", async () => {
    const gated = gatedProvider();
    const app = await appWith(gated.provider, {
      perClient: 1000,
      perClaim: 1000,
      concurrency: 1,
      secret: SECRET,
    });
    try {
      gated.hold();
      // One running and QUEUED_PER_SLOT waiting fill a single slot's queue.
      const held = Array.from({ length: 1 + QUEUED_PER_SLOT }, () =>
        request(app.url)
          .get('/api/address/find')
          .query({ Text: 'downing' })
          .then((res) => res.status),
      );
      await expect.poll(() => gated.state.running).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const busy = await request(app.url).get('/api/address/find').query({ Text: 'downing' });
      expect(busy.status).toBe(503);
      expect(busy.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      const loqateBusy = await request(app.url).get(`${LOQATE_FIND}?Text=downing`);
      expect(loqateBusy.status).toBe(200);
      expect(loqateBusy.body.Items).toEqual([expect.objectContaining({ Error: '1004' })]);
      gated.release();
      expect(await Promise.all(held)).toEqual(
        Array.from({ length: 1 + QUEUED_PER_SLOT }, () => 200),
      );
    } finally {
      gated.release();
      await app.close();
    }
  });
});

describe('address lookup limits on the real server, ADDRESS_PROVIDER=loqate', () => {
  const apiKey = 'LL11-MM22-NN33-OO44';
  let index: SeededIndex;
  let fake: FakeLoqate;
  let server: TestServer;
  beforeAll(async () => {
    index = await openSeededIndex();
    fake = await startFakeLoqate(
      new LocalAddressProvider(new LocalAddressIndex(async () => index.pool, 5_000)),
      apiKey,
    );
    server = await startTestServer({
      DATABASE_URL: await migratedDatabase('address_limits_server'),
      ADDRESS_PROVIDER: 'loqate',
      LOQATE_API_KEY: apiKey,
      LOQATE_BASE_URL: fake.url,
      RATE_LIMIT_ADDRESS_PER_CLIENT: '5',
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await index?.close();
  });

  it('when one client floods the proxy, then Loqate (a paid call each) is asked no more than the limit allows', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(server.url)
          .get('/api/address/find')
          .query({ Text: `downing ${i}` })
          .then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(fake.requests).toHaveLength(5);
  });
});
