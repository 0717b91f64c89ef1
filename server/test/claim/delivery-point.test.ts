import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AddressProvider } from '../../src/modules/address/address-provider.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { DOWNING_STREET_10, personalDetails, startAndVerify } from '../support/journey.ts';
import { requestInformation, submittedClaim } from '../support/operator.ts';

/** The identity call with the details' address as sent, then the details the server stored. */
async function checkAndRead(
  ctx: ReturnType<typeof useClaimServer>,
  overrides: Record<string, unknown>,
) {
  const { token } = await startAndVerify(ctx.server.url, ctx.sink);
  const res = await request(ctx.server.url)
    .post(`/api/v1/claim/${token}/identity`)
    .send(personalDetails(overrides));
  expect(res.status).toBe(201);
  const [row] = await ctx.server.orm.em
    .getConnection()
    .execute('select personal_details from identity_check where id = ?', [res.body.uuid]);
  return {
    idDocsRequired: res.body.idDocsRequired as boolean,
    stored: row!.personal_details as Record<string, unknown>,
  };
}

describe('the delivery point the identity check uses is the server’s own', () => {
  const ctx = useClaimServer();

  it('when the address was chosen with the lookup, then the server reads its delivery point back and no ID documents are needed', async () => {
    const { idDocsRequired, stored } = await checkAndRead(ctx, { dpsCode: undefined });
    expect(idDocsRequired).toBe(false);
    expect(stored).toMatchObject({ addressId: DOWNING_STREET_10, dpsCode: '1A' });
  });

  it.each([
    ['a hand-typed address sends dpsCode ZZ', { addressId: undefined, dpsCode: 'ZZ' }],
    [
      'the address id names another address than the one sent',
      { addressLine1: '11 Downing Street', dpsCode: '1A' },
    ],
    [
      'the address id names the address at another postcode',
      { postCode: 'SW1A 2AB', dpsCode: '1A' },
    ],
    ['the address id is unknown', { addressId: 'GB|RM|A|99999999', dpsCode: '1A' }],
  ])(
    'when %s, then there is no delivery point: ID documents are required and the sent dpsCode is not stored',
    async (_label, overrides) => {
      const { idDocsRequired, stored } = await checkAndRead(ctx, overrides);
      expect(idDocsRequired).toBe(true);
      expect(stored).not.toHaveProperty('dpsCode');
    },
  );

  it('when an info request’s identity call sends a hand-typed address with dpsCode ZZ, then ID documents are required too', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['PERSONAL_DETAILS'],
    );
    const res = await request(ctx.server.url)
      .post(`/api/v1/claim/info-request/${token}/identity`)
      .send(personalDetails({ addressId: undefined, dpsCode: 'ZZ' }));
    expect(res.status).toBe(201);
    expect(res.body.idDocsRequired).toBe(true);
  });
});

describe('when the address provider fails', () => {
  const calls = { retrieve: 0 };
  const failing: AddressProvider = {
    callsOut: true,
    async find() {
      throw new Error('unreachable');
    },
    async retrieve() {
      calls.retrieve++;
      throw new Error('unreachable');
    },
  };
  const ctx = useClaimServer({}, { addressProvider: failing });

  it('then the identity call still answers 201, as an address with no delivery point', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const res = await request(ctx.server.url)
      .post(`/api/v1/claim/${token}/identity`)
      .send(personalDetails());
    expect(res.status).toBe(201);
    expect(res.body.idDocsRequired).toBe(true);
    expect(calls.retrieve).toBe(1);
  });

  it('then a provider billed per call is never asked about an unknown link', async () => {
    const before = calls.retrieve;
    const res = await request(ctx.server.url)
      .post(`/api/v1/claim/${'Q'.repeat(43)}/identity`)
      .send(personalDetails());
    expect(res.status).toBe(404);
    expect(calls.retrieve).toBe(before);
  });
});
