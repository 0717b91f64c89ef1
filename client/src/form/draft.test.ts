import { describe, expect, it } from 'vitest';
import { hasUnsavedAnswers, restoreDraft, toDraftValues } from './draft';

describe('form drafts', () => {
  it('keeps values and one level of named values, and leaves out what the contract cannot carry', () => {
    const values = {
      firstName: 'Siân',
      isOwner: true,
      prizeAmountPence: 125000,
      addressLookup: {
        addressLine1: '10 Downing Street',
        postCode: 'SW1A 2AA',
        nested: { deep: 1 },
      },
      ticketFrontFileUuid: { uuid: '0e6b1c2d-7f8a-4b9c-8d1e-2f3a4b5c6d70', fileName: 'front.jpg' },
      cleared: null,
      missing: undefined,
      notANumber: Number.NaN,
      list: ['a'],
    };
    expect(toDraftValues(values)).toEqual({
      firstName: 'Siân',
      isOwner: true,
      prizeAmountPence: 125000,
      addressLookup: { addressLine1: '10 Downing Street', postCode: 'SW1A 2AA' },
      ticketFrontFileUuid: { uuid: '0e6b1c2d-7f8a-4b9c-8d1e-2f3a4b5c6d70', fileName: 'front.jpg' },
      cleared: null,
    });
  });

  it('restores the sections the form has, in its order, with the identity check of personal details', () => {
    const identityCheck = { uuid: '3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42', idDocsRequired: true };
    const restored = restoreDraft(
      {
        sections: [
          { section: 'claimDetails', values: { isTicketDamaged: false } },
          { section: 'personalDetails', values: { firstName: 'Siân' }, identityCheck },
        ],
        expiresAt: '2026-11-25T18:20:00Z',
      },
      ['personalDetails', 'idDocuments', 'ticketImages'],
    );
    expect(restored).toEqual({
      completed: ['personalDetails'],
      values: { personalDetails: { firstName: 'Siân' } },
      identity: identityCheck,
    });
  });

  it('restores nothing from no draft', () => {
    expect(restoreDraft(undefined, ['personalDetails'])).toEqual({
      completed: [],
      values: {},
      identity: null,
    });
  });

  it('sees unsaved answers only when they differ from the saved ones', () => {
    expect(hasUnsavedAnswers({}, undefined)).toBe(false);
    expect(hasUnsavedAnswers({ firstName: 'S' }, undefined)).toBe(true);
    expect(hasUnsavedAnswers({ firstName: 'Siân', gone: undefined }, { firstName: 'Siân' })).toBe(
      false,
    );
    expect(hasUnsavedAnswers({ firstName: 'Sian' }, { firstName: 'Siân' })).toBe(true);
  });
});
