import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { personalDetails, startAndVerify } from '../support/journey.ts';

const ctx = useClaimServer();

async function identity(overrides: Record<string, unknown>, token?: string) {
  const claim = token ?? (await startAndVerify(ctx.server.url, ctx.sink)).token;
  return request(ctx.server.url)
    .post(`/api/v1/claim/${claim}/identity`)
    .send(personalDetails(overrides));
}

const messageOf = (
  body: { message: Array<{ property: string; constraints: Record<string, string> }> },
  property: string,
) => Object.values(body.message.find((item) => item.property === property)?.constraints ?? {})[0];

function yearsAgo(years: number, days = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('the identity check', () => {
  it('when the details are valid, then a check is stored and its uuid and verdict returned', async () => {
    const res = await identity({});
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      idDocsRequired: false,
    });
  });

  it.each([
    ['not the ticket owner', { isOwner: false }],
    [
      'living overseas',
      {
        isOverseas: true,
        addressLine1: undefined,
        addressLine2: undefined,
        town: undefined,
        county: undefined,
        postCode: undefined,
        addressId: undefined,
        dpsCode: undefined,
      },
    ],
    ['an address with no delivery point (typed in)', { addressId: undefined, dpsCode: '' }],
  ])('when the claimant is %s, then ID documents are required', async (_label, overrides) => {
    const res = await identity(overrides);
    expect(res.status).toBe(201);
    expect(res.body.idDocsRequired).toBe(true);
  });

  it.each([
    ['firstName', { firstName: 'J' }, 'Please enter a valid first name'],
    ['firstName', { firstName: 'J0hn' }, 'Please enter a valid first name'],
    ['lastName', { lastName: 'x'.repeat(31) }, 'Please enter a valid last name'],
    ['phoneNumber', { phoneNumber: '0770090' }, 'Please enter a valid phone number'],
    ['phoneNumber', { phoneNumber: '+447700900123' }, 'Please enter a valid phone number'],
    ['title', { title: 'Sir' }, 'Please select a title'],
    ['dateOfBirth', { dateOfBirth: yearsAgo(18, 1) }, 'Please enter a valid date of birth'],
    ['dateOfBirth', { dateOfBirth: '1988-02-31' }, 'Please enter a valid date of birth'],
    ['postCode', { postCode: 'ABC' }, 'Please enter a valid postcode'],
    ['postCode', { postCode: 'ZZ99 9ZZZ' }, 'Please enter a valid postcode'],
    [
      'addressLine1',
      { addressLine1: 'Flat 2 & 3' },
      'Please enter a valid first line of your address',
    ],
    [
      'addressLine1',
      { addressLine1: undefined },
      'Please enter a valid first line of your address',
    ],
    ['town', { town: 'x'.repeat(51) }, 'Please enter a valid town'],
    ['county', { county: 'x'.repeat(31) }, 'Please enter a valid county'],
  ])(
    'when %s breaks its rule, then the validation shape carries the spec message',
    async (property, overrides, message) => {
      const res = await identity(overrides);
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(messageOf(res.body, property)).toBe(message);
    },
  );

  it('when the first name, the phone number and the age are all wrong, then one 400 names all three', async () => {
    const res = await identity({ firstName: 'A', phoneNumber: '12', dateOfBirth: yearsAgo(10) });
    expect(res.status).toBe(400);
    expect(res.body.message.map((item: { property: string }) => item.property).sort()).toEqual([
      'dateOfBirth',
      'firstName',
      'phoneNumber',
    ]);
    expect(messageOf(res.body, 'firstName')).toBe('Please enter a valid first name');
    expect(messageOf(res.body, 'phoneNumber')).toBe('Please enter a valid phone number');
    expect(
      res.body.message.find((item: { property: string }) => item.property === 'dateOfBirth')
        .constraints,
    ).toEqual({ minimumAge: 'Please enter a valid date of birth' });
  });

  it('when a schema error and the conditional rules meet, then each property is named once, by the schema first', async () => {
    const res = await identity({
      firstName: 'A',
      postCode: undefined,
      dateOfBirth: 'not-a-date',
      isOverseas: 'no',
    });
    expect(res.status).toBe(400);
    const properties = res.body.message.map((item: { property: string }) => item.property);
    expect(properties.sort()).toEqual(['dateOfBirth', 'firstName', 'isOverseas', 'postCode']);
    expect(
      res.body.message.find((item: { property: string }) => item.property === 'dateOfBirth')
        .constraints,
    ).toEqual({ format: 'Please enter a valid date of birth' });
  });

  it('when the form-only fields isManualAddress and addressLookup are sent, then they are accepted and not stored', async () => {
    const res = await identity({
      isManualAddress: false,
      addressLookup: { addressLine1: '10 Downing Street', postCode: 'SW1A 2AA', dpsCode: '1A' },
    });
    expect(res.status).toBe(201);
    const [stored] = await ctx.server.orm.em
      .getConnection()
      .execute('select personal_details from identity_check where id = ?', [res.body.uuid]);
    expect(stored!.personal_details).not.toHaveProperty('addressLookup');
    expect(stored!.personal_details).not.toHaveProperty('isManualAddress');
  });

  it('when the claimant turned 18 today, then the check goes ahead', async () => {
    expect((await identity({ dateOfBirth: yearsAgo(18) })).status).toBe(201);
  });

  it('when the address is in the Isle of Man, then the postcode is accepted', async () => {
    const res = await identity({
      addressLine1: '12 Athol Street',
      town: 'Douglas',
      postCode: 'IM1 1JE',
    });
    expect(res.status).toBe(201);
  });

  it('when an overseas claimant sends an address, then it is refused', async () => {
    const res = await identity({ isOverseas: true });
    expect(res.status).toBe(400);
    expect(res.body.message.map((item: { property: string }) => item.property)).toContain(
      'addressLine1',
    );
  });

  it('when the claim was submitted, then the identity call answers 409', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const connection = ctx.server.orm.em.getConnection();
    await connection.execute(
      `update claim set status = 'submitted' where token_hash = sha256(?::bytea)`,
      [token],
    );
    try {
      const res = await identity({}, token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This claim has already been submitted.');
    } finally {
      // The database is shared by the run's test files: a "submitted" claim without a submission
      // (no submitted_at, no product) would head the operator's list and break its answer there.
      await connection.execute(
        `update claim set status = 'verified' where token_hash = sha256(?::bytea)`,
        [token],
      );
    }
  });

  it.each([
    ['an adult', {}],
    ['under 18', { dateOfBirth: yearsAgo(17) }],
  ])(
    'when the link is unknown and the claimant is %s, then 404 and nothing is stored',
    async (_, overrides) => {
      const before = (
        await ctx.server.orm.em
          .getConnection()
          .execute('select count(*)::int as n from identity_check')
      )[0];
      const res = await identity(overrides, 'Q'.repeat(43));
      expect(res.status).toBe(404);
      expect(
        (
          await ctx.server.orm.em
            .getConnection()
            .execute('select count(*)::int as n from identity_check')
        )[0],
      ).toEqual(before);
    },
  );

  it('when the link expired, then 410 before the details are checked', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await ctx.server.orm.em
      .getConnection()
      .execute(
        `update claim set link_expires_at = now() - interval '1 minute', verified_at = null where token_hash = sha256(?::bytea)`,
        [token],
      );
    expect((await identity({}, token)).status).toBe(410);
    expect((await identity({ dateOfBirth: yearsAgo(17) }, token)).status).toBe(410);
  });
});
