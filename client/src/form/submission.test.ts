import { describe, expect, it } from 'vitest';
import {
  toClaimSubmission,
  toInfoRequestPersonalDetails,
  toPersonalDetails,
  type ClaimValues,
} from './submission';

const base = {
  isOwner: true,
  title: 'Ms' as const,
  firstName: ' Sarah ',
  lastName: "O'Neill",
  dateOfBirth: '1980-03-05',
  phoneNumber: '07700 900123',
};

describe('identity body', () => {
  it('sends a looked-up address with its lookup id and dpsCode and leaves out empty parts', () => {
    expect(
      toPersonalDetails({
        ...base,
        isManualAddress: false,
        addressLookup: {
          addressLine1: '14 Elm Grove',
          addressLine2: '',
          town: 'Leeds',
          county: '',
          postCode: 'LS6 2AB',
          dpsCode: '1A',
          addressId: 'GB|RM|A|54236781',
        },
        addressLine1: 'stale',
      }),
    ).toEqual({
      ...base,
      firstName: 'Sarah',
      phoneNumber: '07700900123',
      isOverseas: false,
      addressLine1: '14 Elm Grove',
      town: 'Leeds',
      postCode: 'LS6 2AB',
      dpsCode: '1A',
      addressId: 'GB|RM|A|54236781',
    });
  });

  it('sends a typed address without a dpsCode or lookup id', () => {
    expect(
      toPersonalDetails({
        ...base,
        isManualAddress: true,
        addressLine1: ' Flat 2 ',
        addressLine2: '11 Athol Street',
        town: 'Douglas',
        county: '',
        postCode: 'IM1 1JE',
      }),
    ).toMatchObject({
      addressLine1: 'Flat 2',
      addressLine2: '11 Athol Street',
      town: 'Douglas',
      postCode: 'IM1 1JE',
    });
    const typed = toPersonalDetails({
      ...base,
      isManualAddress: true,
      addressLine1: 'a',
      town: 'b',
      postCode: 'IM1 1JE',
    });
    expect(typed).not.toHaveProperty('dpsCode');
    expect(typed).not.toHaveProperty('addressId');
  });

  it('sends no address at all for an overseas claimant', () => {
    const body = toPersonalDetails({
      ...base,
      isOverseas: true,
      addressLine1: 'x',
      addressLookup: null,
    });
    expect(body).toEqual({
      ...base,
      firstName: 'Sarah',
      phoneNumber: '07700900123',
      isOverseas: true,
    });
  });

  it("the amend form's body is the spec's list: overseas leaves out the address and dpsCode, and no body says isOverseas", () => {
    const overseas = toInfoRequestPersonalDetails({
      ...base,
      isOverseas: true,
      addressLine1: 'x',
      addressLookup: null,
    });
    expect(overseas).toEqual({ ...base, firstName: 'Sarah', phoneNumber: '07700900123' });
    const typed = toInfoRequestPersonalDetails({
      ...base,
      isOverseas: false,
      isManualAddress: true,
      addressLine1: 'Flat 2',
      town: 'Douglas',
      postCode: 'IM1 1JE',
    });
    expect(typed).not.toHaveProperty('isOverseas');
    expect(typed).toMatchObject({ addressLine1: 'Flat 2', town: 'Douglas', postCode: 'IM1 1JE' });
  });
});

describe('claim body', () => {
  const file = (uuid: string) => ({ uuid, fileName: `${uuid}.jpg` });
  const values: ClaimValues = {
    identity: { uuid: 'id-1', idDocsRequired: true },
    idDocuments: { idDocument1FileUuid: file('d1'), idDocument2FileUuid: file('d2') },
    claimDetails: { isTicketInPossession: true, isTicketDamaged: false, isLotteryRetailer: false },
    aboutTicket: {
      productType: 'DBG',
      dbgGame: 'Lotto',
      dbgTicketType: 'PINK',
      dbgTicketNumber: '1234-567890123-456789',
      dbgTermNumber: '40123456',
      dbgRetailerNumber: '204817',
      scVirn: '0421',
      prizeAmountPence: 175000,
    },
    ticketImages: { ticketFrontFileUuid: file('f'), ticketBackFileUuid: file('b') },
    payment: {},
  };

  it('builds a pink draw ticket claim without the other types’ fields', () => {
    expect(toClaimSubmission(values)).toEqual({
      identityCheckUuid: 'id-1',
      idDocsRequired: true,
      idDocument1FileUuid: 'd1',
      idDocument2FileUuid: 'd2',
      productType: 'DBG',
      dbgGame: 'Lotto',
      dbgTicketType: 'PINK',
      dbgTicketNumber: '1234-567890123-456789',
      dbgTermNumber: '40123456',
      prizeAmountPence: 175000,
      ticketFrontFileUuid: 'f',
      ticketBackFileUuid: 'b',
      isTicketInPossession: true,
      isTicketDamaged: false,
      isLotteryRetailer: false,
      isChequePreferred: false,
    });
  });

  it('builds a white ticket claim without a back image, and leaves out ID documents when not required', () => {
    const body = toClaimSubmission({
      ...values,
      identity: { uuid: 'id-2', idDocsRequired: false },
      aboutTicket: { ...values.aboutTicket, dbgTicketType: 'WHITE' },
      payment: { isChequePreferred: true },
    });
    expect(body).toMatchObject({
      dbgTicketType: 'WHITE',
      dbgRetailerNumber: '204817',
      isChequePreferred: true,
      idDocsRequired: false,
    });
    expect(body).not.toHaveProperty('ticketBackFileUuid');
    expect(body).not.toHaveProperty('dbgTermNumber');
    expect(body).not.toHaveProperty('idDocument1FileUuid');
  });

  it('builds a Scratchcard claim', () => {
    const body = toClaimSubmission({
      ...values,
      aboutTicket: {
        productType: 'SC',
        scBarcodeNumber: '0123-4567890-123',
        scSerialNumber: '123456789',
        scVirn: '0421',
        dbgGame: 'Lotto',
        prizeAmountPence: 100000,
      },
    });
    expect(body).toMatchObject({
      productType: 'SC',
      scBarcodeNumber: '0123-4567890-123',
      scSerialNumber: '123456789',
      scVirn: '0421',
      ticketBackFileUuid: 'b',
    });
    expect(body).not.toHaveProperty('dbgGame');
  });

  it('never sends the not-sure ticket type', () => {
    expect(
      toClaimSubmission({
        ...values,
        aboutTicket: { ...values.aboutTicket, dbgTicketType: 'UNSURE' },
      }),
    ).not.toHaveProperty('dbgTicketType');
  });
});
