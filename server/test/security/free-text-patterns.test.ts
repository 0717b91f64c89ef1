import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { personalDetails, PNG, startAndVerify } from '../support/journey.ts';

/** Issue 21, point 11: free text the operator later reads carries no markup and no control characters. */
const ctx = useClaimServer();

const MESSAGES = {
  addressLine2: 'Please enter a valid second line of your address',
  town: 'Please enter a valid town',
  county: 'Please enter a valid county',
};

describe('free-text address fields', () => {
  it.each([
    ['addressLine2', '<img src=x onerror=alert(1)>'],
    ['addressLine2', 'Flat 2\r\nX-Injected: 1'],
    ['town', 'London<script>'],
    ['town', 'Leeds\u0000'],
    ['county', 'Kent\u202e'],
    ['county', '>'],
  ] as const)('when %s is %j, then it is refused with the spec message', async (field, value) => {
    const res = await request(ctx.server.url)
      .post(`/api/v1/claim/${'A'.repeat(43)}/identity`)
      .send(personalDetails({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual([
      { property: field, constraints: { pattern: MESSAGES[field] }, children: [] },
    ]);
  });

  it('when the fields hold ordinary text with accents, digits and punctuation, then they pass the contract', async () => {
    const res = await request(ctx.server.url)
      .post(`/api/v1/claim/${'A'.repeat(43)}/identity`)
      .send(
        personalDetails({
          addressLine2: "Flat 3 & 4, St. Mary's (rear)",
          town: 'Ynys Môn',
          county: 'Co. Durham',
        }),
      );
    // Past validation: the made-up link is not found.
    expect(res.status).toBe(404);
  });
});

describe('upload file names', () => {
  it.each([['<img src=x onerror=alert(1)>.png'], ['ticket\u0007.png'], ['   ']])(
    'when the file name is %j, then it is refused with the contract message',
    async (fileName) => {
      const { token } = await startAndVerify(ctx.server.url, ctx.sink);
      const res = await request(ctx.server.url)
        .post(`/api/v1/claim/${token}/file`)
        .field('type', 'ticketFront')
        .field('fileName', fileName)
        .attach('file', PNG, 'upload.png');
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual([
        {
          property: 'fileName',
          constraints: {
            pattern:
              'The file name must be a plain name, without folders, control characters or < >',
          },
          children: [],
        },
      ]);
    },
  );
});

describe('address search text', () => {
  it.each([['Text=a%00b'], ['Container=GB%7CRM%00'], ['Text=LS6%0A2AB']])(
    'when the query is %s, then 400 names the parameter (a NUL once reached PostgreSQL: 500)',
    async (query) => {
      const res = await request(ctx.server.url).get(`/api/address/find?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message[0].constraints).toHaveProperty('pattern');
    },
  );

  it('when the Id to retrieve holds a control character, then 400', async () => {
    expect(
      (await request(ctx.server.url).get('/api/address/retrieve?Id=GB%7CRM%7CA%00')).status,
    ).toBe(400);
  });
});
