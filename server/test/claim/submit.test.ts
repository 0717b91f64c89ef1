import { createHash } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { claimReference } from '../../src/modules/claim/reference.ts';
import { claimantNextSteps } from '@prize/domain';
import { statusLink } from '../../src/modules/claim/status-link.ts';
import { confirmationEmail } from '../../src/modules/mail/templates.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { checkIdentity, pinkClaim, serial, startAndVerify, upload } from '../support/journey.ts';

const ctx = useClaimServer();

async function readyClaim(identity: Record<string, unknown> = {}) {
  const { token, email } = await startAndVerify(ctx.server.url, ctx.sink);
  const check = await checkIdentity(ctx.server.url, token, identity);
  const front = await upload(ctx.server.url, token, 'ticketFront');
  const back = await upload(ctx.server.url, token, 'ticketBack');
  return { token, email, check, front, back };
}

const submit = (token: string, body: Record<string, unknown>) =>
  request(ctx.server.url).post(`/api/v1/claim/${token}`).send(body);

const problems = (body: {
  message: Array<{ property: string; constraints: Record<string, string> }>;
}) =>
  Object.fromEntries(
    body.message.map((item) => [item.property, Object.values(item.constraints)[0]]),
  );

describe('submitting a claim', () => {
  it('when a pink draw ticket claim is complete, then it gets a reference and a confirmation e-mail with the next steps', async () => {
    const { token, email, check, front, back } = await readyClaim();
    const res = await submit(token, pinkClaim(check.uuid, front, back));
    expect(res.status).toBe(201);
    expect(res.body.claimHashid).toMatch(/^[2-9A-Z]{8,}$/);
    const mail = await ctx.sink.waitFor(email, /has been submitted/);
    expect(mail.text).toContain(res.body.claimHashid);
    expect(mail.text).toContain('What happens next?');
    // The five steps come from @prize/domain, worded for a bank transfer (the claim's choice).
    const payment = claimantNextSteps('bank_transfer')[4]!;
    expect(mail.text).toContain(`5. ${payment.title}: ${payment.text}`);
    const audit = await ctx.server.orm.em
      .getConnection()
      .execute<Array<{ event: string }>>(
        `select event from audit_event a join claim c on c.id = a.claim_id where c.hashid = ? order by a.id`,
        [res.body.claimHashid],
      );
    expect(audit.map((row) => row.event)).toEqual([
      'claim.started',
      'claim.verified',
      'identity.checked',
      'file.uploaded.ticketFront',
      'file.uploaded.ticketBack',
      'claim.submitted',
    ]);
  });

  it('when a submission is valid, then the claim, its audit event and its confirmation e-mail of its hashid are stored together', async () => {
    const { token, email, check, front, back } = await readyClaim();
    const res = await submit(token, pinkClaim(check.uuid, front, back));
    expect(res.status).toBe(201);
    const [row] = await ctx.server.orm.em
      .getConnection()
      .execute<Array<{ id: string; reference: string }>>(
        'select id, reference from claim where hashid = ?',
        [res.body.claimHashid],
      );
    expect(res.body.claimHashid).toBe(claimReference(Number(row!.reference)));
    const mail = await ctx.sink.waitFor(email, /has been submitted/);
    const { config } = ctx.server;
    const expected = confirmationEmail({
      productName: config.productName,
      reference: res.body.claimHashid,
      statusLink: statusLink(config, row!.id).href,
      steps: claimantNextSteps('bank_transfer'),
      customerCarePhone: config.customerCarePhone,
    });
    expect(mail.subject).toBe(expected.subject);
    expect(mail.html).toBe(expected.html);
    expect(mail.text.trim()).toBe(expected.text.trim());
  });

  it('when a claim has no hashid stored yet (started before references were given at start), then it is submitted with the hashid of its reference', async () => {
    const { token, email, check, front, back } = await readyClaim();
    await ctx.server.orm.em
      .getConnection()
      .execute('update claim set hashid = null where token_hash = sha256(?::bytea)', [token]);
    const res = await submit(token, pinkClaim(check.uuid, front, back));
    expect(res.status).toBe(201);
    const [row] = await ctx.server.orm.em
      .getConnection()
      .execute<Array<{ reference: string; hashid: string; status: string }>>(
        'select reference, hashid, status from claim where token_hash = sha256(?::bytea)',
        [token],
      );
    expect(row).toEqual({
      reference: row!.reference,
      hashid: res.body.claimHashid,
      status: 'submitted',
    });
    expect(res.body.claimHashid).toBe(claimReference(Number(row!.reference)));
    expect((await ctx.sink.waitFor(email, /has been submitted/)).text).toContain(
      res.body.claimHashid,
    );
  });

  it('when claims start at once, then each has its own reference and the hashid of it from the start', async () => {
    const starts = await Promise.all(
      Array.from({ length: 30 }, () => startAndVerify(ctx.server.url, ctx.sink)),
    );
    const rows = await ctx.server.orm.em
      .getConnection()
      .execute<Array<{ reference: string; hashid: string }>>(
        'select reference, hashid from claim where token_hash in (?)',
        [starts.map((start) => createHash('sha256').update(start.token).digest())],
      );
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(30);
    for (const row of rows) expect(row.hashid).toBe(claimReference(Number(row.reference)));
  });

  it('when the same claim is submitted twice at once, then one is accepted and the other answers 409, with one submission recorded', async () => {
    const { token, check, front, back } = await readyClaim();
    const body = pinkClaim(check.uuid, front, back);
    const answers = await Promise.all([submit(token, body), submit(token, body)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const [row] = await ctx.server.orm.em.getConnection().execute<Array<{ submitted: number }>>(
      `select count(*)::int as submitted from audit_event a join claim c on c.id = a.claim_id
          where c.token_hash = sha256(?::bytea) and a.event = 'claim.submitted'`,
      [token],
    );
    expect(row!.submitted).toBe(1);
  });

  it('when it is submitted a second time, then 409 with the spec message, and verify says so too', async () => {
    const { token, check, front, back } = await readyClaim();
    expect((await submit(token, pinkClaim(check.uuid, front, back))).status).toBe(201);
    const again = await submit(token, pinkClaim(check.uuid, front, back));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      message: 'This claim has already been submitted.',
      error: 'Conflict',
    });
    const verify = await request(ctx.server.url).patch(`/api/v1/claim/${token}/verify`);
    expect(verify.status).toBe(409);
    expect(verify.body.message).toBe('This claim has already been submitted.');
  });

  it('when a white draw ticket has no retailer number, then the rule names it; with one and no back image it is accepted', async () => {
    const { token, check, front } = await readyClaim();
    const white = pinkClaim(check.uuid, front, '', {
      dbgTicketType: 'WHITE',
      dbgTermNumber: undefined,
      ticketBackFileUuid: undefined,
    });
    const refused = await submit(token, white);
    expect(refused.status).toBe(400);
    expect(problems(refused.body)).toEqual({
      dbgRetailerNumber: 'Please enter a valid retailer number',
    });
    const accepted = await submit(token, { ...white, dbgRetailerNumber: '123456' });
    expect(accepted.status).toBe(201);
  });

  it('when a pink ticket lacks its term number and back image, then both are named', async () => {
    const { token, check, front } = await readyClaim();
    const res = await submit(
      token,
      pinkClaim(check.uuid, front, '', { dbgTermNumber: undefined, ticketBackFileUuid: undefined }),
    );
    expect(res.status).toBe(400);
    expect(problems(res.body)).toEqual({
      dbgTermNumber: 'Please enter a valid term number',
      ticketBackFileUuid:
        'You must upload an image of the back of your draw game ticket before you can proceed.',
    });
  });

  it('when the prize is over the limit and a pink ticket lacks its term number, then one 400 names both', async () => {
    const { token, check, front, back } = await readyClaim();
    const res = await submit(
      token,
      pinkClaim(check.uuid, front, back, { prizeAmountPence: 7_500_000, dbgTermNumber: undefined }),
    );
    expect(res.status).toBe(400);
    expect(problems(res.body)).toEqual({
      prizeAmountPence: expect.stringMatching(/prize amount/),
      dbgTermNumber: 'Please enter a valid term number',
    });
  });

  it('when a scratchcard claim is complete, then it is accepted; without its numbers each is named', async () => {
    const { token, check, front, back } = await readyClaim();
    const base = {
      identityCheckUuid: check.uuid,
      idDocsRequired: false,
      productType: 'SC',
      prizeAmountPence: 50001,
      ticketFrontFileUuid: front,
      isTicketInPossession: true,
      isTicketDamaged: true,
      isLotteryRetailer: false,
      isChequePreferred: true,
    };
    const refused = await submit(token, base);
    expect(problems(refused.body)).toEqual({
      scBarcodeNumber: 'Please enter a valid barcode number',
      scSerialNumber: 'Please enter a valid serial number',
      scVirn: 'Please enter a valid VIRN number',
      ticketBackFileUuid:
        'You must upload an image of the back of your Scratchcard before you can proceed.',
    });
    const accepted = await submit(token, {
      ...base,
      scBarcodeNumber: '1234-1234567-123',
      scSerialNumber: '123456789',
      scVirn: '1234',
      ticketBackFileUuid: back,
    });
    expect(accepted.status).toBe(201);
  });

  it.each([
    [
      'prizeAmountPence',
      { prizeAmountPence: 50000 },
      'Please enter a prize amount between £500.01 and £50,000',
    ],
    [
      'prizeAmountPence',
      { prizeAmountPence: 5000001 },
      'Please enter a prize amount between £500.01 and £50,000',
    ],
    [
      'dbgTicketNumber',
      { dbgTicketNumber: '1234-123456789-12345' },
      'Please enter a valid serial number',
    ],
    [
      'scBarcodeNumber',
      { productType: 'SC', scBarcodeNumber: '1234-123456-123' },
      'Please enter a valid barcode number',
    ],
    ['scVirn', { productType: 'SC', scVirn: '12345' }, 'Please enter a valid VIRN number'],
    ['dbgTermNumber', { dbgTermNumber: '1234567' }, 'Please enter a valid term number'],
    ['dbgRetailerNumber', { dbgRetailerNumber: '12345' }, 'Please enter a valid retailer number'],
    ['productType', { productType: 'EURO' }, 'Please select a product'],
    ['dbgGame', { dbgGame: 'Bingo' }, 'Please select a draw based game'],
    [
      'isTicketInPossession',
      { isTicketInPossession: false },
      'As you do not have the ticket in your possession, we will not be able to proceed with your claim. Lost your ticket?',
    ],
  ])(
    'when %s breaks its rule, then the spec message is given',
    async (property, overrides, message) => {
      const { token, check, front, back } = await readyClaim();
      const res = await submit(token, { ...pinkClaim(check.uuid, front, back), ...overrides });
      expect(res.status).toBe(400);
      expect(problems(res.body)[property]).toBe(message);
    },
  );

  it('when the identity check required ID documents and none are given, then both are named', async () => {
    const { token, check, front, back } = await readyClaim({ isOwner: false });
    expect(check.idDocsRequired).toBe(true);
    const res = await submit(token, pinkClaim(check.uuid, front, back, { idDocsRequired: true }));
    expect(problems(res.body)).toEqual({
      idDocument1FileUuid:
        'You must upload an image of your first ID document before you can proceed.',
      idDocument2FileUuid:
        'You must upload an image of your second ID document before you can proceed.',
    });
    const id1 = await upload(ctx.server.url, token, 'idDocument1');
    const id2 = await upload(ctx.server.url, token, 'idDocument2');
    const accepted = await submit(
      token,
      pinkClaim(check.uuid, front, back, {
        idDocsRequired: true,
        idDocument1FileUuid: id1,
        idDocument2FileUuid: id2,
      }),
    );
    expect(accepted.status).toBe(201);
  });

  it('when the client claims no documents are needed, then our own record of the check decides', async () => {
    const { token, check, front, back } = await readyClaim({ isOwner: false });
    const res = await submit(token, pinkClaim(check.uuid, front, back, { idDocsRequired: false }));
    expect(res.status).toBe(400);
    expect(Object.keys(problems(res.body))).toEqual(['idDocument1FileUuid', 'idDocument2FileUuid']);
  });

  it('when files or the identity check belong to another claim, then they are refused', async () => {
    const mine = await readyClaim();
    const theirs = await readyClaim();
    const res = await submit(mine.token, pinkClaim(theirs.check.uuid, theirs.front, mine.back));
    expect(res.status).toBe(400);
    expect(problems(res.body)).toEqual({
      identityCheckUuid: 'The identity check does not belong to this claim',
    });
    const files = await submit(mine.token, pinkClaim(mine.check.uuid, theirs.front, mine.back));
    expect(problems(files.body)).toEqual({
      ticketFrontFileUuid:
        'ticketFrontFileUuid must be a ticketFront image uploaded for this claim',
    });
  });

  it('when a file uuid names an upload of another type, then it is refused', async () => {
    const { token, check, front, back } = await readyClaim();
    const res = await submit(token, pinkClaim(check.uuid, back, front));
    expect(Object.keys(problems(res.body))).toEqual(['ticketFrontFileUuid', 'ticketBackFileUuid']);
  });

  it('when the serial was used by a submitted claim, then the ticket check says invalid and a second claim is refused', async () => {
    const number = serial();
    const first = await readyClaim();
    expect(
      (
        await request(ctx.server.url)
          .post('/api/v1/claim/check/dbg-ticket-number')
          .send({ dbgTicketNumber: number })
      ).body,
    ).toEqual({ valid: true });
    expect(
      (
        await submit(
          first.token,
          pinkClaim(first.check.uuid, first.front, first.back, { dbgTicketNumber: number }),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await request(ctx.server.url)
          .post('/api/v1/claim/check/dbg-ticket-number')
          .send({ dbgTicketNumber: number })
      ).body,
    ).toEqual({ valid: false });
    const second = await readyClaim();
    const res = await submit(
      second.token,
      pinkClaim(second.check.uuid, second.front, second.back, { dbgTicketNumber: number }),
    );
    expect(problems(res.body)).toEqual({ dbgTicketNumber: 'Please enter a valid serial number' });
  });
});

describe('checking a draw-game serial', () => {
  it.each([
    ['1234-123456789-123456', true],
    ['53-1234-1234-1234-12-1-1234-1234-123', true],
    ['5312-123456789-123456', false],
    ['1234-12345678-1234567', false],
    ['53-1234-1234-1234-12-1-1234-1234-12', false],
    ['', false],
  ])('%s is valid: %s', async (dbgTicketNumber, valid) => {
    const res = await request(ctx.server.url)
      .post('/api/v1/claim/check/dbg-ticket-number')
      .send({ dbgTicketNumber });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid });
  });
});
