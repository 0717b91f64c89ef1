import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalAddressIndex } from '../../src/modules/address/local-address-index.ts';
import { LocalAddressProvider } from '../../src/modules/address/local-address-provider.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { openSeededIndex, type SeededIndex } from './support/address-index.ts';
import { startFakeLoqate, type FakeLoqate } from './support/fake-loqate.ts';

// Personal data of the search: must never appear in a log line.
const SEARCH = '10 downing stret';

describe('address routes on the real server, local provider (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('when the claimant searches and picks an address, then find and retrieve answer in the Loqate shapes', async () => {
    const found = await request(server.url)
      .get('/api/address/find')
      .query({ Text: SEARCH, Countries: 'GB,IM' });
    expect(found.status).toBe(200);
    expect(found.body.Items[0]).toMatchObject({ Type: 'Address', Text: '10 Downing Street' });
    const retrieved = await request(server.url)
      .get('/api/address/retrieve')
      .query({ Id: found.body.Items[0].Id });
    expect(retrieved.status).toBe(200);
    expect(retrieved.body.Items[0]).toMatchObject({
      Line1: '10 Downing Street',
      City: 'London',
      PostalCode: 'SW1A 2AA',
    });
  });

  it("when the browser form-encodes the search ('+' for a space, a raw comma), then it is understood", async () => {
    const res = await request(server.url).get(
      '/api/address/find?Text=10+downing+stret&Countries=GB,IM',
    );
    expect(res.status).toBe(200);
    expect(res.body.Items[0]).toMatchObject({ Text: '10 Downing Street' });
  });

  it('when a search is logged, then neither its text nor the chosen address appears in the logs', async () => {
    await request(server.url).get('/api/address/find').query({ Text: SEARCH });
    await request(server.url).get('/api/address/find').query({ Text: 'SW1A 2AA' });
    const logs = server.logs.join('');
    expect(logs).toContain('/api/address/find');
    for (const secret of ['downing', 'Downing', 'SW1A', 'stret'])
      expect(logs).not.toContain(secret);
  });

  it('when the text is longer than the contract allows, then 400 in the validation shape naming Text', async () => {
    const res = await request(server.url)
      .get('/api/address/find')
      .query({ Text: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.message[0].property).toBe('Text');
  });
});

describe('address routes on the real server, ADDRESS_PROVIDER=loqate', () => {
  const apiKey = 'ZZ99-YY88-XX77-WW66';
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
      ADDRESS_PROVIDER: 'loqate',
      LOQATE_API_KEY: apiKey,
      LOQATE_BASE_URL: fake.url,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await index?.close();
  });

  it('when the claimant searches, then the server asks Loqate with its key and answers without it', async () => {
    const res = await request(server.url).get('/api/address/find').query({ Text: SEARCH });
    expect(res.status).toBe(200);
    expect(res.body.Items[0]).toMatchObject({ Text: '10 Downing Street' });
    expect(fake.requests.at(-1)!.searchParams.get('Key')).toBe(apiKey);
    expect(JSON.stringify(res.body)).not.toContain(apiKey);
  });

  it('when Loqate is down, then the answer is a 1004 item and the log names the failure, not the key or the search', async () => {
    fake.mode = 'status500';
    try {
      const res = await request(server.url).get('/api/address/find').query({ Text: SEARCH });
      expect(res.body.Items).toEqual([expect.objectContaining({ Error: '1004' })]);
    } finally {
      fake.mode = 'normal';
    }
    const logs = server.logs.join('');
    expect(logs).toContain('address lookup upstream failed');
    expect(logs).not.toContain(apiKey);
    expect(logs).not.toContain('downing');
  });
});
