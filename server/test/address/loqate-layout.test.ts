import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const LAYOUT = '/api/address/Capture/Interactive';
const CLIENT_KEY = 'AA11-BB22-CC33-DD44';

type Item = Record<string, string>;

async function loqate(
  url: string,
  path: string,
): Promise<{ status: number; items: Item[]; headers: Record<string, string> }> {
  const res = await request(url).get(`${LAYOUT}${path}`);
  return {
    status: res.status,
    items: res.body.Items as Item[],
    headers: res.headers as Record<string, string>,
  };
}

describe("the address proxy at Loqate's layout, on the real server (local provider)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ADDRESS_CORS_ORIGINS: 'https://partner.example, http://localhost:5173',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('when a Loqate client sends its own request shape (Key, lowercase language and limit, empty Origin), then it is answered as Loqate would', async () => {
    const found = await loqate(
      server.url,
      `/Find/v1.10/json3.ws?Text=downing+street&Countries=GB&language=en&Key=${CLIENT_KEY}&Origin=&Bias=false&limit=10`,
    );
    expect(found.status).toBe(200);
    const street = found.items.find(
      (item) => item.Type === 'Street' && item.Text === 'Downing Street',
    );
    expect(street, JSON.stringify(found.items)).toBeDefined();

    const inside = await loqate(
      server.url,
      `/Find/v1.10/json3.ws?Text=downing+street&Countries=GB&language=en&Key=${CLIENT_KEY}&Container=${encodeURIComponent(street!.Id!)}`,
    );
    const ten = inside.items.find((item) => item.Text === '10 Downing Street');
    expect(ten).toMatchObject({ Type: 'Address', Description: 'London, SW1A 2AA' });

    const retrieved = await loqate(
      server.url,
      `/Retrieve/v1.2/json3.ws?Id=${encodeURIComponent(ten!.Id!)}&Key=${CLIENT_KEY}`,
    );
    expect(retrieved.status).toBe(200);
    expect(retrieved.items).toEqual([
      expect.objectContaining({
        Line1: '10 Downing Street',
        PostalCode: 'SW1A 2AA',
        Barcode: expect.stringMatching(/^\(SW1A2AA1A.\)$/),
      }),
    ]);
  });

  it('when parameter names come in any letter case, or the path is written in lower case, then they are read as Loqate reads them', async () => {
    const upper = await loqate(
      server.url,
      '/Find/v1.1/json3.ws?TEXT=10+downing+street&countries=GB,IM&LIMIT=1&LANGUAGE=en',
    );
    expect(upper.items).toEqual([expect.objectContaining({ Text: '10 Downing Street' })]);
    const lowerPath = await request(server.url).get(
      '/api/address/capture/interactive/find/v1.10/json3.ws?text=10+downing+street&limit=1',
    );
    expect(lowerPath.status).toBe(200);
    expect(lowerPath.body.Items).toEqual([expect.objectContaining({ Text: '10 Downing Street' })]);
  });

  it('when a parameter is not one Loqate documents, then it is ignored', async () => {
    const found = await loqate(
      server.url,
      '/Find/v1.10/json3.ws?Text=10+downing+street&Limit=1&callback=x&SessionId=abc&Field99Format=y',
    );
    expect(found.status).toBe(200);
    expect(found.items).toEqual([expect.objectContaining({ Text: '10 Downing Street' })]);
  });

  it('when Limit is given, then at most that many suggestions come back', async () => {
    const all = await loqate(server.url, '/Find/v1.10/json3.ws?Text=sw1a+2');
    expect(all.items.length).toBeGreaterThan(2);
    expect((await loqate(server.url, '/Find/v1.10/json3.ws?Text=sw1a+2&Limit=2')).items).toEqual(
      all.items.slice(0, 2),
    );
  });

  it('when the container id is unknown, then 200 with a Loqate 1005 error entry', async () => {
    const found = await loqate(
      server.url,
      `/Find/v1.10/json3.ws?Text=x&Container=GB%7CRM%7CENG%7CNO-SUCH-STREET&Key=${CLIENT_KEY}`,
    );
    expect(found.status).toBe(200);
    expect(found.items).toEqual([
      {
        Error: '1005',
        Description: 'Container Invalid',
        Cause: expect.any(String),
        Resolution: expect.any(String),
      },
    ]);
  });

  it('when a value is invalid (Limit=abc, a Text over 200 characters, Bias=maybe), then 200 with a Loqate error entry naming the parameter', async () => {
    for (const [query, name] of [
      ['Text=downing&limit=abc', 'Limit'],
      [`text=${'x'.repeat(201)}`, 'Text'],
      ['Text=downing&bias=maybe', 'Bias'],
    ] as const) {
      const found = await loqate(server.url, `/Find/v1.10/json3.ws?${query}`);
      expect(found.status, query).toBe(200);
      expect(found.items, query).toEqual([
        {
          Error: '1002',
          Description: `${name} Invalid`,
          Cause: `The ${name} parameter supplied was invalid.`,
          Resolution: expect.any(String),
        },
      ]);
    }
    const retrieved = await loqate(server.url, `/Retrieve/v1.2/json3.ws?id=${'x'.repeat(201)}`);
    expect(retrieved.items).toEqual([
      expect.objectContaining({ Error: '1002', Description: 'Id Invalid' }),
    ]);
  });

  it('when the search is empty or the Id missing, then the same 1001 entries as the API paths give', async () => {
    expect(
      (await loqate(server.url, `/Find/v1.10/json3.ws?Text=&Key=${CLIENT_KEY}`)).items,
    ).toEqual([expect.objectContaining({ Error: '1001' })]);
    expect((await loqate(server.url, `/Retrieve/v1.2/json3.ws?Key=${CLIENT_KEY}`)).items).toEqual([
      expect.objectContaining({ Error: '1001' }),
    ]);
  });

  it("when the product's own client calls /api/address/find, then the contract stays strict there (an unknown parameter is a 400)", async () => {
    const strict = await request(server.url)
      .get('/api/address/find')
      .query({ Text: 'downing', language: 'en' });
    expect(strict.status).toBe(400);
    expect(strict.body.message[0].property).toBe('language');
    const own = await request(server.url)
      .get('/api/address/find')
      .query({ Text: '10 downing street', Countries: 'GB,IM' });
    expect(own.body.Items[0]).toMatchObject({ Text: '10 Downing Street' });
  });

  it('when a client sends its Key, then it appears in no log line', async () => {
    await loqate(server.url, `/Find/v1.10/json3.ws?Text=downing&Key=${CLIENT_KEY}`);
    const logs = server.logs.join('');
    expect(logs).toContain('/api/address/Capture/Interactive/Find/v1.10/json3.ws');
    expect(logs).not.toContain(CLIENT_KEY);
    expect(logs).not.toContain('downing');
  });

  it('when a named origin calls from a browser, then CORS allows it on the address paths only', async () => {
    const preflight = await request(server.url)
      .options(`${LAYOUT}/Find/v1.10/json3.ws`)
      .set('Origin', 'https://partner.example')
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
    const simple = await request(server.url)
      .get(`${LAYOUT}/Find/v1.10/json3.ws?Text=downing`)
      .set('Origin', 'http://localhost:5173');
    expect(simple.headers['access-control-allow-origin']).toBe('http://localhost:5173');

    const stranger = await request(server.url)
      .get('/api/address/find?Text=downing')
      .set('Origin', 'https://elsewhere.example');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const otherPath = await request(server.url)
      .get('/api/v1/health')
      .set('Origin', 'https://partner.example');
    expect(otherPath.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the address proxy with no ADDRESS_CORS_ORIGINS (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('when any site calls from a browser, then no CORS header allows it', async () => {
    const res = await request(server.url)
      .get(`${LAYOUT}/Find/v1.10/json3.ws?Text=downing`)
      .set('Origin', 'https://partner.example');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
