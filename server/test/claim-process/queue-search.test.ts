import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../src/modules/claim-process/queue-search.ts';

const kinds = (input: string) => searchTerms(input).map((term) => `${term.kind}:${term.value}`);

describe('what a search could be', () => {
  it('reads each kind a caller gives in its normalised form', () => {
    expect(kinds('Sarah.ONeill@Example.co.uk ')).toEqual(['email:sarah.oneill@example.co.uk']);
    expect(kinds('5hdfmhpx')).toEqual(['reference:5HDFMHPX']);
    expect(kinds('ls6 2ab')).toEqual(['postcode:LS62AB']);
    expect(kinds('+44 7700 900123')).toEqual(['phone:07700900123']);
    expect(kinds('07700 900123')).toEqual(['phone:07700900123', 'ticketNumber:07700900123']);
    expect(kinds('1234-567890123-456789')).toEqual(['ticketNumber:1234567890123456789']);
    expect(kinds("O'Neill")).toEqual(["name:o'neill"]);
    expect(kinds('Sarah   O Neill')).toEqual(['name:sarah o neill']);
  });

  it('keeps every reading of an input that could be more than one kind', () => {
    // Eight letters of the references' alphabet are also a name.
    expect(kinds('KATHERYN')).toEqual(['reference:KATHERYN', 'name:katheryn']);
  });

  it('finds no reading in punctuation alone', () => {
    expect(kinds('%%')).toEqual([]);
  });
});
