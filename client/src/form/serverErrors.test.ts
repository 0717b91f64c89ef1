import { FORM_ERROR } from 'final-form';
import { describe, expect, it } from 'vitest';
import { FORM_ERROR_KEY, mapServerErrors } from './serverErrors';

describe('server field errors', () => {
  it('go to the section that shows each field', () => {
    expect(
      mapServerErrors(
        {
          firstName: 'Please enter a valid first name',
          idDocument1FileUuid:
            'You must upload an image of your first ID document before you can proceed.',
          isTicketDamaged: 'Please select one',
          dbgTermNumber: 'Please enter a valid term number',
          ticketBackFileUuid: 'Field must be a file uploaded for this claim',
          isChequePreferred: 'Invalid value',
        },
        { usedAddressLookup: false },
      ),
    ).toEqual({
      bySection: {
        personalDetails: { firstName: 'Please enter a valid first name' },
        idDocuments: {
          idDocument1FileUuid:
            'You must upload an image of your first ID document before you can proceed.',
        },
        claimDetails: { isTicketDamaged: 'Please select one' },
        aboutTicket: { dbgTermNumber: 'Please enter a valid term number' },
        ticketImages: { ticketBackFileUuid: 'Field must be a file uploaded for this claim' },
        payment: { isChequePreferred: 'Invalid value' },
      },
      unmapped: {},
    });
  });

  it('When the address lookup was used, then an address error shows on the lookup as "Please enter a valid address"', () => {
    expect(
      mapServerErrors(
        {
          addressLine1: 'Please enter a valid first line of your address',
          postCode: 'x',
          addressId: 'y',
        },
        { usedAddressLookup: true },
      ),
    ).toEqual({
      bySection: { personalDetails: { addressLookup: 'Please enter a valid address' } },
      unmapped: {},
    });
    expect(
      mapServerErrors(
        { addressLine1: 'Please enter a valid first line of your address' },
        { usedAddressLookup: false },
      ).bySection,
    ).toEqual({
      personalDetails: { addressLine1: 'Please enter a valid first line of your address' },
    });
  });

  it('reports an identity-check problem on the personal details section as a whole', () => {
    expect(
      mapServerErrors(
        { identityCheckUuid: 'Field must be an identity check of this claim' },
        { usedAddressLookup: false },
      ).bySection,
    ).toEqual({
      personalDetails: {
        [FORM_ERROR_KEY]: 'There were validation errors, please correct them and resubmit',
      },
    });
    expect(FORM_ERROR_KEY).toBe(FORM_ERROR);
  });

  it('keeps fields no section shows apart, with nested paths', () => {
    expect(
      mapServerErrors(
        { 'sectionTypeList[1]': 'Invalid value', 'title.x': 'Please select a title' },
        { usedAddressLookup: false },
      ),
    ).toEqual({
      bySection: { personalDetails: { title: 'Please select a title' } },
      unmapped: { 'sectionTypeList[1]': 'Invalid value' },
    });
  });
});
