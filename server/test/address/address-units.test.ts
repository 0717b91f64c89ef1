import { dpsCodeFromBarcode } from '@prize/domain';
import { describe, expect, it } from 'vitest';
import {
  addressBarcode,
  deliveryPointSuffix,
  rm4sccCheckCharacter,
} from '../../src/modules/address/barcode.ts';
import {
  parseAddressId,
  parseContainerId,
  postcodeContainerId,
} from '../../src/modules/address/container-id.ts';
import { highlightMatches } from '../../src/modules/address/highlight.ts';
import { postcodePrefix } from '../../src/modules/address/postcode.ts';
import {
  buildMatchers,
  canMatchPremise,
  queryTokens,
  strictTsquery,
  tsquery,
  type VocabularyAnswer,
} from '../../src/modules/address/query-terms.ts';

describe('postcode searches', () => {
  it.each([
    ['SW1A 2', { column: 'postcode', prefix: 'SW1A 2' }],
    ['sw1a  2aa ', { column: 'postcode', prefix: 'SW1A 2AA' }],
    ['IM2', { column: 'postcode_key', prefix: 'IM2', outward: 'IM2' }],
    ['sw1a2a', { column: 'postcode_key', prefix: 'SW1A2A', outward: undefined }],
    ['CF10', { column: 'postcode_key', prefix: 'CF10', outward: 'CF10' }],
  ])("when the text is '%s', then it is searched as the start of a postcode", (text, expected) => {
    expect(postcodePrefix(text)).toEqual(expected);
  });

  it.each(['10 downing', 'downing', 'SW', '1', 'SW1A 2AAA', 'B1 2 3'])(
    "when the text is '%s', then it is not a postcode search",
    (text) => {
      expect(postcodePrefix(text)).toBeUndefined();
    },
  );
});

describe('barcodes and the dpsCode rule (spec section 3)', () => {
  it('when a barcode is built, then it is ( postcode without space, DPS, RM4SCC check character )', () => {
    expect(addressBarcode('SW1A 2AA', '1A')).toBe(
      `(SW1A2AA1A${rm4sccCheckCharacter('SW1A2AA1A')})`,
    );
    expect(addressBarcode('IM1 1JE', '2B')).toMatch(/^\(IM11JE2B[0-9A-Z]\)$/);
  });

  it("when the spec's rule reads a barcode, then the dpsCode is the 2 characters after the postcode", () => {
    expect(dpsCodeFromBarcode(addressBarcode('LS6 2AB', '1A'), 'ls6 2ab')).toBe('1A');
    expect(dpsCodeFromBarcode('(LS62AB1AW)', 'LS6 2AB')).toBe('1A');
    expect(dpsCodeFromBarcode('(LS62AB1AW)', 'M1 1AE')).toBe('');
    expect(dpsCodeFromBarcode('', 'LS6 2AB')).toBe('');
  });

  it('when delivery points are numbered, then they run 1A..1Z then 2A', () => {
    expect([0, 1, 25, 26].map(deliveryPointSuffix)).toEqual(['1A', '1B', '1Z', '2A']);
  });

  it('when the check character is computed, then it follows the RM4SCC row and column sums', () => {
    // '0' is row 1, column 1: one '0' sums to (1, 1), the table's first character.
    expect(rm4sccCheckCharacter('0')).toBe('0');
    // 'Z' is row 6, column 6: sums of 6 are kept as 6, not 0.
    expect(rm4sccCheckCharacter('Z')).toBe('Z');
    expect(rm4sccCheckCharacter('ZZ')).toBe('Z');
  });
});

describe('Ids', () => {
  it('when a container Id is read, then postcode, street and building containers are told apart', () => {
    expect(parseContainerId(postcodeContainerId('GB', 'SW1A 2AA'))).toEqual({
      kind: 'postcode',
      country: 'GB',
      postcode: 'SW1A 2AA',
    });
    expect(parseContainerId('GB|RM|ENG|DOWNING_STREET-SW1A')).toEqual({
      kind: 'street',
      country: 'GB',
      key: 'DOWNING_STREET-SW1A',
    });
    expect(parseContainerId('IM|RM|ENG|16-ATHOL_STREET-IM1')).toEqual({
      kind: 'building',
      country: 'IM',
      key: '16-ATHOL_STREET-IM1',
    });
    for (const bad of [
      '',
      'GB|RM|A|10000002',
      'GB|RM|ENG|NO-SUCH-CONTAINER',
      'FR|RM|ENG|2AA-SW1A',
      "GB|RM|ENG|2AA-SW1A' or 1=1",
    ]) {
      expect(parseContainerId(bad)).toBeUndefined();
    }
  });

  it('when an address Id is read, then only the Loqate address shape is accepted', () => {
    expect(parseAddressId('GB|RM|A|10000002')).toEqual({ country: 'GB', udprn: 10000002 });
    expect(parseAddressId('GB|RM|ENG|2AA-SW1A')).toBeUndefined();
    expect(parseAddressId('GB|RM|A|1234567890')).toBeUndefined();
  });
});

describe('query terms and highlights', () => {
  const word = (premise = false) => ({ known: true, premise, similar: [] });
  const answers = (entries: Record<string, VocabularyAnswer>) => new Map(Object.entries(entries));

  it('when a word is misspelt, then its nearest words stand in for it', () => {
    const matchers = buildMatchers(
      queryTokens('10 downing stret'),
      answers({
        downing: word(),
        'stret*': {
          known: false,
          premise: false,
          similar: [
            { term: 'street', premise: false },
            { term: 'stretton', premise: false },
          ],
        },
      }),
    )!;
    expect(tsquery(matchers)).toBe("('10') & ('downing') & ('street' | 'stretton')");
  });

  it('when the last word is a known abbreviation, then its expansion is an alternative and the typed form ranks first', () => {
    const matchers = buildMatchers(
      queryTokens('10 downing st'),
      answers({ downing: word(), 'st*': word(), street: word() }),
    )!;
    expect(tsquery(matchers)).toBe("('10') & ('downing') & ('st':* | 'street')");
    expect(strictTsquery(matchers, true)).toBe("('10') & ('downing') & ('st' | 'street')");
  });

  it('when a postcode is typed with its space among other words, then it is one compact word', () => {
    expect(queryTokens('downing sw1a 2a').map((token) => [token.text, token.prefix])).toEqual([
      ['downing', false],
      ['sw1a2a', true],
    ]);
    expect(queryTokens('flat 2 11 athol').map((token) => token.text)).toEqual([
      'flat',
      '2',
      '11',
      'athol',
    ]);
  });

  it('when a word matches nothing at all, then it is dropped rather than failing the search', () => {
    const matchers = buildMatchers(
      queryTokens('downing qqqq'),
      answers({ downing: word(), 'qqqq*': { known: false, premise: false, similar: [] } }),
    )!;
    expect(matchers).toHaveLength(1);
  });

  it('when every word can only name streets and places, then no address search is needed', () => {
    expect(
      canMatchPremise(
        buildMatchers(queryTokens('church road'), answers({ church: word(), 'road*': word() }))!,
      ),
    ).toBe(false);
    expect(
      canMatchPremise(
        buildMatchers(
          queryTokens('victoria house'),
          answers({ victoria: word(true), 'house*': word(true) }),
        )!,
      ),
    ).toBe(true);
    expect(
      canMatchPremise(
        buildMatchers(queryTokens('church road 1'), answers({ church: word(), road: word() }))!,
      ),
    ).toBe(true);
  });

  it('when ranges are marked, then whole words for exact or corrected matches and the typed part for a prefix', () => {
    const matchers = buildMatchers(
      queryTokens('10 downing str'),
      answers({ downing: word(), 'str*': word() }),
    )!;
    expect(highlightMatches('10 Downing Street', 'London, SW1A 2AA', matchers)).toBe(
      '0-2,3-10,11-14;',
    );
    const postcode = buildMatchers(queryTokens('downing sw1a 2aa '), answers({ downing: word() }))!;
    expect(highlightMatches('10 Downing Street', 'London, SW1A 2AA', postcode)).toBe(
      '3-10;8-12,13-16',
    );
    expect(
      highlightMatches('Flat 2', 'Douglas', [
        [{ term: 'zzz', prefix: false, corrected: false, premise: false }],
      ]),
    ).toBe('');
  });
});
