import { describe, expect, it } from 'vitest';
import { startEmailRule } from '../domain/startEmail';
import {
  validateAboutTicket,
  validateClaimDetails,
  validateIdDocuments,
  validatePersonalDetails,
  validateTicketImages,
  type PersonalDetailsValues,
} from './claimForm';

const today = new Date(2026, 10, 22);
const file = { uuid: '7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30', fileName: 'front.jpg' };

const person: PersonalDetailsValues = {
  isOwner: true,
  title: 'Ms',
  firstName: 'Sarah',
  lastName: "O'Neill",
  dateOfBirth: '1980-03-05',
  phoneNumber: '07700 900123',
  isManualAddress: false,
  addressLookup: {
    addressLine1: '14 Elm Grove',
    addressLine2: '',
    town: 'Leeds',
    county: '',
    postCode: 'LS6 2AB',
    dpsCode: '1A',
  },
};

describe('start e-mail', () => {
  it.each([
    ['jane@example.com', undefined],
    ['  jane@example.com ', undefined],
    ['', 'Please enter a valid email address'],
    ['jane@', 'Please enter a valid email address'],
    [`${'a'.repeat(89)}@example.com`, 'Please enter a valid email address'],
    [`${'a'.repeat(88)}@example.com`, undefined],
  ])('%j gives %j', (value, message) => {
    expect(startEmailRule(value)).toBe(message);
  });
});

describe('personal details', () => {
  it('When everything is filled in with a looked-up address, then there is no error', () => {
    expect(validatePersonalDetails(person, today)).toEqual({});
  });

  it('When nothing is filled in, then every field has its message and the lookup asks for an address', () => {
    expect(validatePersonalDetails({}, today)).toEqual({
      isOwner: 'Please select one',
      title: 'Please select a title',
      firstName: 'Please enter a valid first name',
      lastName: 'Please enter a valid last name',
      dateOfBirth: 'Please enter a valid date of birth',
      phoneNumber: 'Please enter a valid phone number',
      addressLookup: 'Please enter a valid address',
    });
  });

  it.each([
    ['J', false],
    ['Jo', true],
    ['Zoë', true],
    ['Anne-Marie', true],
    ['D’Arcy', true],
    ['J0hn', false],
    ['a'.repeat(31), false],
    ['  Jo  ', true],
  ])('first name %j is valid: %s', (firstName, valid) => {
    expect('firstName' in validatePersonalDetails({ ...person, firstName }, today)).toBe(!valid);
  });

  it.each([
    ['0770090012', true],
    ['077009001234567', true],
    ['077009001', false],
    ['0770090012345678', false],
    ['+447700900123', false],
  ])('phone %j is valid: %s', (phoneNumber, valid) => {
    expect('phoneNumber' in validatePersonalDetails({ ...person, phoneNumber }, today)).toBe(
      !valid,
    );
  });

  it('When the birthday is less than 18 years ago, then the date of birth is invalid', () => {
    expect(
      validatePersonalDetails({ ...person, dateOfBirth: '2008-11-23' }, today).dateOfBirth,
    ).toBe('Please enter a valid date of birth');
  });

  it('When the address is typed in, then the manual address rules apply', () => {
    const manual = { ...person, isManualAddress: true, addressLookup: null };
    expect(validatePersonalDetails(manual, today)).toEqual({
      addressLine1: 'Please enter a valid first line of your address',
      town: 'Please enter a valid town',
      postCode: 'Please enter a valid postcode',
    });
    expect(
      validatePersonalDetails(
        {
          ...manual,
          addressLine1: 'c/o 14 Elm Grove!',
          addressLine2: 'x'.repeat(101),
          town: 't'.repeat(51),
          county: 'c'.repeat(31),
          postCode: 'LS6',
        },
        today,
      ),
    ).toEqual({
      addressLine1: 'Please enter a valid first line of your address',
      addressLine2: 'Please enter a valid second line of your address',
      town: 'Please enter a valid town',
      county: 'Please enter a valid county',
      postCode: 'Please enter a valid postcode',
    });
    expect(
      validatePersonalDetails(
        { ...manual, addressLine1: '14 Elm Grove (rear)', town: 'Leeds', postCode: 'LS6 2AB' },
        today,
      ),
    ).toEqual({});
  });

  it('When the claimant lives overseas, then no address is needed', () => {
    expect(
      validatePersonalDetails({ ...person, isOverseas: true, addressLookup: null }, today),
    ).toEqual({});
  });
});

describe('ID documents and claim details', () => {
  it('needs both ID documents', () => {
    expect(validateIdDocuments({})).toEqual({
      idDocument1FileUuid:
        'You must upload an image of your first ID document before you can proceed.',
      idDocument2FileUuid:
        'You must upload an image of your second ID document before you can proceed.',
    });
    expect(validateIdDocuments({ idDocument1FileUuid: file, idDocument2FileUuid: file })).toEqual(
      {},
    );
  });

  it('needs the ticket in the claimant’s possession', () => {
    const message =
      'As you do not have the ticket in your possession, we will not be able to proceed with your claim. Lost your ticket?';
    expect(
      validateClaimDetails({
        isTicketInPossession: false,
        isTicketDamaged: false,
        isLotteryRetailer: false,
      }),
    ).toEqual({
      isTicketInPossession: message,
    });
    expect(validateClaimDetails({})).toEqual({
      isTicketInPossession: message,
      isTicketDamaged: 'Please select one',
      isLotteryRetailer: 'Please select one',
    });
    expect(
      validateClaimDetails({
        isTicketInPossession: true,
        isTicketDamaged: true,
        isLotteryRetailer: false,
      }),
    ).toEqual({});
  });
});

describe('about your ticket', () => {
  it('asks for a product first', () => {
    expect(validateAboutTicket({})).toEqual({ productType: 'Please select a product' });
  });

  it('checks a pink draw ticket', () => {
    expect(validateAboutTicket({ productType: 'DBG', dbgTicketType: 'PINK' })).toEqual({
      dbgGame: 'Please select a draw based game',
      dbgTicketNumber: 'Please enter a valid serial number',
      dbgTermNumber: 'Please enter a valid term number',
      prizeAmountPence: 'Please enter a prize amount between £500.01 and £50,000',
    });
    expect(
      validateAboutTicket({
        productType: 'DBG',
        dbgGame: 'Lotto',
        dbgTicketType: 'PINK',
        dbgTicketNumber: '1234-567890123-456789',
        dbgTermNumber: '40123456',
        prizeAmountPence: 175000,
      }),
    ).toEqual({});
  });

  it('checks a white draw ticket with a 28-digit serial', () => {
    expect(
      validateAboutTicket({
        productType: 'DBG',
        dbgGame: 'EuroMillions',
        dbgTicketType: 'WHITE',
        dbgTicketNumber: '53-1234-5678-9012-34-5-6789-0123-456',
        dbgRetailerNumber: '20481',
        prizeAmountPence: 2500000,
      }),
    ).toEqual({ dbgRetailerNumber: 'Please enter a valid retailer number' });
  });

  it('When the ticket type is not sure, then nothing more is asked', () => {
    expect(
      validateAboutTicket({ productType: 'DBG', dbgGame: 'Lotto', dbgTicketType: 'UNSURE' }),
    ).toEqual({});
    expect(validateAboutTicket({ productType: 'DBG' })).toEqual({
      dbgGame: 'Please select a draw based game',
      dbgTicketType: 'Please select a ticket type',
    });
  });

  it('checks a Scratchcard', () => {
    expect(
      validateAboutTicket({
        productType: 'SC',
        scBarcodeNumber: '0123-4567890-12',
        scSerialNumber: '12345678',
        scVirn: '04210',
        prizeAmountPence: 100000,
      }),
    ).toEqual({
      scBarcodeNumber: 'Please enter a valid barcode number',
      scSerialNumber: 'Please enter a valid serial number',
      scVirn: 'Please enter a valid VIRN number',
    });
  });

  it.each([
    [50000, false],
    [50001, true],
    [5000000, true],
    [5000001, false],
    [null, false],
  ])('prize %j pence is valid: %s', (prizeAmountPence, valid) => {
    expect('prizeAmountPence' in validateAboutTicket({ productType: 'SC', prizeAmountPence })).toBe(
      !valid,
    );
  });
});

describe('ticket images', () => {
  it.each([
    [{ productType: 'DBG', dbgTicketType: 'PINK' }, 'draw game ticket', true],
    [{ productType: 'DBG', dbgTicketType: 'WHITE' }, 'draw game ticket', false],
    [{ productType: 'SC' }, 'Scratchcard', true],
  ] as const)('for %j the texts name the %s and the back is needed: %s', (ticket, kind, back) => {
    const errors = validateTicketImages({}, ticket);
    expect(errors.ticketFrontFileUuid).toBe(
      `You must upload an image of the front of your ${kind} before you can proceed.`,
    );
    expect(errors.ticketBackFileUuid).toBe(
      back
        ? `You must upload an image of the back of your ${kind} before you can proceed.`
        : undefined,
    );
  });
});
