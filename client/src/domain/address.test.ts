import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_MESSAGES } from '@prize/generated/transport/errors';
import {
  addressLines,
  highlightSegments,
  interpretFind,
  interpretRetrieve,
  lookupFailureMessage,
  parseHighlight,
} from './address';

describe('highlight ranges', () => {
  it('splits the text and description groups', () => {
    expect(parseHighlight('0-2,3-12;0-5')).toEqual({
      text: [
        [0, 2],
        [3, 12],
      ],
      description: [[0, 5]],
    });
    expect(parseHighlight(';10-17')).toEqual({ text: [], description: [[10, 17]] });
    expect(parseHighlight('')).toEqual({ text: [], description: [] });
  });

  it('marks the highlighted parts of a text', () => {
    expect(
      highlightSegments('14 Elm Grove', [
        [0, 2],
        [3, 6],
      ]),
    ).toEqual([
      { text: '14', highlighted: true },
      { text: ' ', highlighted: false },
      { text: 'Elm', highlighted: true },
      { text: ' Grove', highlighted: false },
    ]);
    expect(highlightSegments('Leeds', [[0, 99]])).toEqual([{ text: 'Leeds', highlighted: true }]);
    expect(highlightSegments('Leeds', [])).toEqual([{ text: 'Leeds', highlighted: false }]);
  });
});

describe('Find answers', () => {
  const item = {
    Id: 'GB|RM|A|1',
    Type: 'Address',
    Text: '14 Elm Grove',
    Highlight: '',
    Description: 'Leeds, LS6 2AB',
  };

  it('lists the items, or none', () => {
    expect(interpretFind({ Items: [item] })).toEqual({ ok: true, value: [item] });
    expect(interpretFind({ Items: [] })).toEqual({ ok: true, value: [] });
  });

  it.each([
    ['1001', 'Address lookup cannot be empty'],
    [
      '1004',
      'Address lookup took too long to respond, Please check your search query and try again',
    ],
    ['1005', 'Invalid address lookup'],
    ['9999', ERROR_MESSAGES.unexpected],
    ['', ERROR_MESSAGES.unexpected],
  ])('error %j reads %j', (code, message) => {
    expect(interpretFind({ Items: [{ Error: code }] })).toEqual({ ok: false, message });
  });
});

describe('Retrieve answers', () => {
  const leeds = {
    Id: 'GB|RM|A|54236781',
    Line1: '14 Elm Grove',
    Line2: 'Headingley',
    City: 'Leeds',
    Province: 'West Yorkshire',
    PostalCode: 'LS6 2AB',
    Barcode: '(LS62AB1AW)',
  };

  it('maps the matching entry to the address fields with its dpsCode', () => {
    expect(interpretRetrieve({ Items: [{ ...leeds, Id: 'other' }, leeds] }, leeds.Id)).toEqual({
      ok: true,
      value: {
        addressLine1: '14 Elm Grove',
        addressLine2: 'Headingley',
        town: 'Leeds',
        county: 'West Yorkshire',
        postCode: 'LS6 2AB',
        dpsCode: '1A',
        addressId: leeds.Id,
      },
    });
  });

  it('reads error 1001 as an invalid address and anything else as unknown', () => {
    expect(interpretRetrieve({ Items: [{ Error: '1001' }] }, 'x')).toEqual({
      ok: false,
      message: 'Invalid address',
    });
    expect(interpretRetrieve({ Items: [{ Error: '1002' }] }, 'x')).toEqual({
      ok: false,
      message: ERROR_MESSAGES.unexpected,
    });
    expect(interpretRetrieve({ Items: [leeds] }, 'not-there')).toEqual({
      ok: false,
      message: ERROR_MESSAGES.unexpected,
    });
  });

  it('maps failed calls', () => {
    expect(lookupFailureMessage(new ApiError({ kind: 'timeout', message: 'x' }))).toBe(
      ERROR_MESSAGES.unreachable,
    );
    expect(lookupFailureMessage(new ApiError({ kind: 'network', message: 'x' }))).toBe(
      ERROR_MESSAGES.unreachable,
    );
    expect(
      lookupFailureMessage(new ApiError({ kind: 'general', status: 502, message: 'Bad gateway' })),
    ).toBe(ERROR_MESSAGES.unexpected);
  });

  it('lists only the address lines that have text', () => {
    expect(
      addressLines({
        addressLine1: 'Flat 2',
        addressLine2: '',
        town: 'Douglas',
        county: ' ',
        postCode: 'IM1 1JE',
        dpsCode: '2B',
      }),
    ).toEqual(['Flat 2', 'Douglas', 'IM1 1JE']);
  });
});
