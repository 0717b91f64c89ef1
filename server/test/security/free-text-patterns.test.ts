import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { staffMember } from '../claim-process/staff-member.ts';
import { useClaimServer } from '../support/claim-server.ts';
import {
  checkIdentity,
  personalDetails,
  pinkClaim,
  PNG,
  startAndVerify,
  upload,
} from '../support/journey.ts';
import { submittedClaim } from '../support/operator.ts';

/**
 * Issue 21, point 11, as issue 33 corrected it: free text the operator later reads carries no
 * control or bidirectional-override characters; `<` and `>` are text the spec allows (it gives
 * these fields lengths only), escaped wherever they are shown. A valid image is never refused
 * for its file name: staff see its display name.
 */
const ctx = useClaimServer();

const MESSAGES = {
  addressLine2: 'Please enter a valid second line of your address',
  town: 'Please enter a valid town',
  county: 'Please enter a valid county',
};

describe('free-text address fields', () => {
  it.each([
    ['addressLine2', 'Flat 2\r\nX-Injected: 1'],
    ['town', 'Leeds\u0000'],
    ['county', 'Kent\u202e'],
    ['county', 'Kent\u2066'],
  ] as const)('when %s is %j, then it is refused with the spec message', async (field, value) => {
    const res = await request(ctx.server.url)
      .post(`/api/v1/claim/${'A'.repeat(43)}/identity`)
      .send(personalDetails({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual([
      { property: field, name: field, constraints: { pattern: MESSAGES[field] }, children: [] },
    ]);
  });

  it('when the fields hold any printable text, < and > included, then they pass the contract', async () => {
    const res = await request(ctx.server.url)
      .post(`/api/v1/claim/${'A'.repeat(43)}/identity`)
      .send(
        personalDetails({
          addressLine2: "Flat <2>, St. Mary's (rear) & more",
          town: 'Ynys Môn <Anglesey>',
          county: 'Co. Durham >',
        }),
      );
    // Past validation: the made-up link is not found.
    expect(res.status).toBe(404);
  });

  it("when a claim is submitted with address line 2 'Flat <2>', then the staff claim API returns it as typed (the staff page renders it as text)", async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink, { addressLine2: 'Flat <2>' });
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const res = await advisor.get(`/api/v1/staff/claims/${claim.hashid}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('"addressLine2":"Flat <2>"');
  });
});

describe('upload file names', () => {
  it.each([
    ['ticket <front>.png', 'ticket _front_.png'],
    ['<img src=x onerror=alert(1)>.png', '_img src=x onerror=alert(1)_.png'],
    ['ticket\u0007.png', 'ticket.png'],
    ['C:\\fakepath\\ticket.png', 'ticket.png'],
    ['   ', 'image'],
  ])(
    'when a valid PNG is named %j, then it uploads and staff see it as %j',
    async (fileName, shown) => {
      const { token } = await startAndVerify(ctx.server.url, ctx.sink);
      const res = await request(ctx.server.url)
        .post(`/api/v1/claim/${token}/file`)
        .field('type', 'ticketFront')
        .field('fileName', fileName)
        .attach('file', PNG, 'upload.png');
      expect(res.status).toBe(201);
      const rows = await ctx.server.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ original_name: string }>>(
          'select original_name from uploaded_file where id = ?',
          [res.body.uuid],
        );
      expect(rows[0]!.original_name).toBe(shown);
    },
  );

  it("when a claim's front image is named 'ticket <front>.png', then it is submitted and the staff claim API names it 'ticket _front_.png'", async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const check = await checkIdentity(ctx.server.url, token);
    const front = await upload(ctx.server.url, token, 'ticketFront', PNG, 'ticket <front>.png');
    const back = await upload(ctx.server.url, token, 'ticketBack', PNG, 'back.png');
    const submitted = await request(ctx.server.url)
      .post(`/api/v1/claim/${token}`)
      .send(pinkClaim(check.uuid, front, back));
    expect(submitted.status).toBe(201);
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const res = await advisor.get(`/api/v1/staff/claims/${submitted.body.claimHashid}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('"originalName":"ticket _front_.png"');
  });
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
