import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalAddressIndex } from '../../src/modules/address/local-address-index.ts';
import { LocalAddressProvider } from '../../src/modules/address/local-address-provider.ts';
import {
  FIND_PATH,
  LoqateAddressProvider,
  RETRIEVE_PATH,
} from '../../src/modules/address/loqate-address-provider.ts';
import { startAddressApp, type AddressApp } from './support/address-app.ts';
import { openSeededIndex, type SeededIndex } from './support/address-index.ts';
import { startFakeLoqate, type FakeLoqate } from './support/fake-loqate.ts';
import { describeAddressProvider } from './support/provider-suite.ts';

const API_KEY = 'AA11-BB22-CC33-DD44';
// Well above a search of the backing index even while another test file briefly locks it.
const TEST_TIMEOUT_MS = 2_000;

async function loqateBehindFake(
  apiKey = API_KEY,
): Promise<{ index: SeededIndex; fake: FakeLoqate; app: AddressApp; close(): Promise<void> }> {
  const index = await openSeededIndex();
  const fake = await startFakeLoqate(
    new LocalAddressProvider(new LocalAddressIndex(async () => index.pool, 5_000)),
    API_KEY,
  );
  const app = await startAddressApp(
    new LoqateAddressProvider({ baseUrl: `${fake.url}/`, apiKey, timeoutMs: TEST_TIMEOUT_MS }),
  );
  return {
    index,
    fake,
    app,
    close: async () => {
      await app.close();
      await fake.close();
      await index.close();
    },
  };
}

describeAddressProvider('loqate (against a fake Loqate)', async () => {
  const { fake, app, close } = await loqateBehindFake();
  return {
    url: app.url,
    slowDown: async () => {
      fake.mode = 'slow';
      fake.slowMs = TEST_TIMEOUT_MS * 2;
      return async () => {
        fake.mode = 'normal';
      };
    },
    close,
  };
});

describe('the loqate provider', () => {
  let setup: Awaited<ReturnType<typeof loqateBehindFake>>;
  beforeAll(async () => {
    setup = await loqateBehindFake();
  });
  afterAll(async () => {
    await setup.close();
  });

  const find = (query: Record<string, string>) =>
    request(setup.app.url).get('/api/address/find').query(query);

  it('when it searches, then it calls Find v1.10 with the key, the text, the countries and the container, and the key never reaches the browser', async () => {
    setup.fake.requests.length = 0;
    const res = await find({
      Text: 'SW1A 2AA',
      Countries: 'GB,IM',
      Container: 'GB|RM|ENG|2AA-SW1A',
    });
    expect(res.status).toBe(200);
    expect(setup.fake.requests).toHaveLength(1);
    const sent = setup.fake.requests[0]!;
    expect(sent.pathname).toBe(FIND_PATH);
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      Key: API_KEY,
      Text: 'SW1A 2AA',
      Countries: 'GB,IM',
      Container: 'GB|RM|ENG|2AA-SW1A',
      IsMiddleware: 'true',
    });
    expect(JSON.stringify(res.body) + JSON.stringify(res.headers)).not.toContain(API_KEY);
  });

  it('when it retrieves, then it calls Retrieve v1.2 and passes on only the contract fields, nulls as empty strings', async () => {
    const [found] = (await find({ Text: '10 downing street' })).body.Items;
    setup.fake.requests.length = 0;
    const res = await request(setup.app.url).get('/api/address/retrieve').query({ Id: found.Id });
    expect(setup.fake.requests[0]!.pathname).toBe(RETRIEVE_PATH);
    expect(setup.fake.requests[0]!.searchParams.get('Id')).toBe(found.Id);
    const item = res.body.Items[0];
    expect(item).not.toHaveProperty('AdminAreaName');
    expect(item).not.toHaveProperty('DataLevel');
    expect(item).toMatchObject({ Line3: '', Line5: '', Line1: '10 Downing Street' });
  });

  it('when the search is empty, then 1001 is answered without spending a Loqate call', async () => {
    setup.fake.requests.length = 0;
    expect((await find({ Text: ' ' })).body.Items[0].Error).toBe('1001');
    expect(setup.fake.requests).toHaveLength(0);
  });

  it.each([
    ['status500', 'answers 500'],
    ['garbage', 'answers something that is not JSON'],
    ['hang-up', 'drops the connection'],
    ['general-error', "answers Loqate's non-numeric 'unknown error'"],
  ] as const)(
    'when Loqate %s (%s), then one 1004 item tells the user to try again',
    async (mode, _what) => {
      setup.fake.mode = mode;
      try {
        const res = await find({ Text: '10 downing' });
        expect(res.status).toBe(200);
        expect(res.body.Items).toEqual([
          expect.objectContaining({ Error: '1004', Description: 'Service Unavailable' }),
        ]);
        const retrieved = await request(setup.app.url)
          .get('/api/address/retrieve')
          .query({ Id: 'GB|RM|A|10000002' });
        expect(retrieved.body.Items).toEqual([expect.objectContaining({ Error: '1004' })]);
      } finally {
        setup.fake.mode = 'normal';
      }
    },
  );

  it('when Loqate is not listening at all, then one 1004 item', async () => {
    const provider = new LoqateAddressProvider({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: API_KEY,
      timeoutMs: TEST_TIMEOUT_MS,
    });
    expect((await provider.find({ text: 'x', countries: 'GB,IM' })).Items).toEqual([
      expect.objectContaining({ Error: '1004' }),
    ]);
  });

  it('when Loqate answers with an error item of its own (an unknown key), then it is passed on unchanged', async () => {
    const wrongKey = await startAddressApp(
      new LoqateAddressProvider({
        baseUrl: setup.fake.url,
        apiKey: 'WRONG-KEY',
        timeoutMs: TEST_TIMEOUT_MS,
      }),
    );
    try {
      const res = await request(wrongKey.url)
        .get('/api/address/find')
        .query({ Text: '10 downing' });
      expect(res.body.Items).toEqual([
        expect.objectContaining({ Error: '2', Description: 'Unknown key' }),
      ]);
    } finally {
      await wrongKey.close();
    }
  });
});
