import { describe, expect, it } from 'vitest';
import { aboutTicketSummary, personalDetailsSummary, ticketImagesSummary } from './summary';

describe('summaries', () => {
  it('lists a looked-up address on separate lines', () => {
    const rows = personalDetailsSummary({
      isOwner: true,
      title: 'Ms',
      firstName: 'Sarah',
      lastName: "O'Neill",
      dateOfBirth: '1980-03-05',
      phoneNumber: '07700900123',
      addressLookup: {
        addressLine1: '14 Elm Grove',
        addressLine2: 'Headingley',
        town: 'Leeds',
        county: '',
        postCode: 'LS6 2AB',
        dpsCode: '1A',
      },
    });
    expect(rows).toContainEqual({ name: 'Name', value: "Ms Sarah O'Neill" });
    expect(rows).toContainEqual({ name: 'Date of birth', value: '5 March 1980' });
    expect(rows).toContainEqual({
      name: 'Address',
      value: '14 Elm Grove\nHeadingley\nLeeds\nLS6 2AB',
    });
  });

  it('shows the ticket and its images', () => {
    expect(
      aboutTicketSummary({
        productType: 'SC',
        scBarcodeNumber: '0123-4567890-123',
        scSerialNumber: '123456789',
        scVirn: '0421',
        prizeAmountPence: 100000,
      }),
    ).toContainEqual({
      name: 'Prize amount',
      value: '£1,000.00',
    });
    expect(
      ticketImagesSummary(
        {
          ticketFrontFileUuid: { uuid: 'a', fileName: 'front.jpg' },
          ticketBackFileUuid: { uuid: 'b', fileName: 'back.jpg' },
        },
        { productType: 'DBG', dbgTicketType: 'WHITE' },
      ),
    ).toEqual([{ name: 'Front of your ticket', value: 'front.jpg', file: 'ticketFrontFileUuid' }]);
  });
});
