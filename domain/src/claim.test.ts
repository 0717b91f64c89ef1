import { ClaimSubmissionRules, PersonalDetailsRules } from '@prize/generated/rules';
import { describe, expect, it } from 'vitest';
import { submissionProblems } from './claim.ts';
import { claimFileKinds, infoRequestFileKinds } from './files.ts';
import { personalDetailsProblems } from './personalDetails.ts';
import { isDbgTicketNumberFormat } from './ticketNumber.ts';

const today = new Date(Date.UTC(2026, 10, 25));
const adult = {
  isOwner: true,
  title: 'Ms' as const,
  phoneNumber: '07700900123',
  firstName: 'Sarah',
  lastName: "O'Neill",
  dateOfBirth: '1980-05-01',
  addressLine1: '10 Downing Street',
  town: 'London',
  postCode: 'SW1A 2AA',
};

describe('personal details', () => {
  it('when every rule is broken at once, then each field is named with the contract message, in the form order', () => {
    const problems = personalDetailsProblems(
      { dateOfBirth: '2016-01-01', firstName: ' ', postCode: 'nope' },
      today,
    );
    expect(problems.map((problem) => [problem.property, problem.message])).toEqual([
      ['isOwner', PersonalDetailsRules.isOwner.message],
      ['title', PersonalDetailsRules.title.message],
      ['firstName', PersonalDetailsRules.firstName.message],
      ['lastName', PersonalDetailsRules.lastName.message],
      ['dateOfBirth', PersonalDetailsRules.dateOfBirth.message],
      ['phoneNumber', PersonalDetailsRules.phoneNumber.message],
      ['addressLine1', PersonalDetailsRules.addressLine1.message],
      ['town', PersonalDetailsRules.town.message],
      ['postCode', PersonalDetailsRules.postCode.message],
    ]);
  });

  it('when the claimant lives overseas, then no address is required and any sent is refused', () => {
    expect(
      personalDetailsProblems(
        {
          ...adult,
          addressLine1: undefined,
          town: undefined,
          postCode: undefined,
          isOverseas: true,
        },
        today,
      ),
    ).toEqual([]);
    expect(
      personalDetailsProblems({ ...adult, isOverseas: true }, today).map(
        (problem) => problem.property,
      ),
    ).toEqual(['addressLine1', 'town', 'postCode']);
  });
});

describe('a whole claim', () => {
  it('when a pink draw ticket lacks its term number and back image, then both are named with the draw game text', () => {
    const problems = submissionProblems(
      {
        productType: 'DBG',
        dbgGame: 'Lotto',
        dbgTicketType: 'PINK',
        dbgTicketNumber: '1234-123456789-123456',
        ticketFrontFileUuid: 'f',
      },
      { idDocsRequired: false, dbgTicketNumberValid: true },
    );
    expect(problems).toEqual([
      {
        property: 'dbgTermNumber',
        rule: 'required',
        message: ClaimSubmissionRules.dbgTermNumber.message,
      },
      {
        property: 'ticketBackFileUuid',
        rule: 'required',
        message: ClaimSubmissionRules.ticketBackFileUuid.message,
      },
    ]);
  });

  it('when a Scratchcard has no images and ID documents are required, then the Scratchcard texts and both documents are named', () => {
    const problems = submissionProblems(
      {
        productType: 'SC',
        scBarcodeNumber: '1234-1234567-123',
        scSerialNumber: '123456789',
        scVirn: '1234',
      },
      { idDocsRequired: true, dbgTicketNumberValid: undefined },
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      ClaimSubmissionRules.ticketFrontFileUuid.messageSc,
      ClaimSubmissionRules.ticketBackFileUuid.messageSc,
      ClaimSubmissionRules.idDocument1FileUuid.message,
      ClaimSubmissionRules.idDocument2FileUuid.message,
    ]);
  });

  it('the files each product needs: the back for Scratchcards and pink tickets only', () => {
    expect(claimFileKinds({ productType: 'DBG', dbgTicketType: 'WHITE' }, false)).toEqual([
      ['ticketFrontFileUuid', 'ticketFront'],
    ]);
    expect(claimFileKinds({ productType: 'SC' }, true).map(([, type]) => type)).toEqual([
      'ticketFront',
      'ticketBack',
      'idDocument1',
      'idDocument2',
    ]);
  });
});

describe('an info request', () => {
  it('the files its answer needs: ID documents when asked for or the new check wants them, the back for pink and Scratchcard images', () => {
    expect(infoRequestFileKinds(['DBG_WHITE_IMAGES'], false).map(([, type]) => type)).toEqual([
      'ticketFront',
    ]);
    expect(infoRequestFileKinds(['SC_IMAGES'], undefined).map(([, type]) => type)).toEqual([
      'ticketFront',
      'ticketBack',
    ]);
    expect(infoRequestFileKinds(['PERSONAL_DETAILS'], true).map(([, type]) => type)).toEqual([
      'idDocument1',
      'idDocument2',
    ]);
  });
});

describe('the draw-game serial', () => {
  it.each([
    ['1234-123456789-123456', true],
    ['53-1234-5678-9012-34-5-6789-0123-456', true],
    ['5312-123456789-123456', false],
    ['1234-12345678-1234567', false],
  ])('%s → %s', (serial, valid) => {
    expect(isDbgTicketNumberFormat(serial)).toBe(valid);
  });
});
