import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dpsCodeFromBarcode } from '@prize/domain';

/** What each provider's test file hands the shared suite. */
export interface ProviderUnderTest {
  /** The address routes, serving this provider behind the contract validator. */
  url: string;
  /** Makes the provider's answers take longer than its timeout, until the returned function runs. */
  slowDown(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Item = Record<string, string>;

async function find(url: string, query: Record<string, string>): Promise<Item[]> {
  const res = await request(url).get('/api/address/find').query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Items as Item[];
}

async function retrieve(url: string, id: string | undefined): Promise<Item[]> {
  const res = await request(url)
    .get('/api/address/retrieve')
    .query(id === undefined ? {} : { Id: id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Items as Item[];
}

function expectError(items: Item[], code: string): void {
  expect(items).toHaveLength(1);
  expect(items[0]).toEqual({
    Error: code,
    Description: expect.any(String),
    Cause: expect.any(String),
    Resolution: expect.any(String),
  });
  expect(items[0]!.Description).not.toBe('');
}

/** The substrings a Highlight group marks, e.g. ('10 Downing Street', '0-2,3-10') -> ['10', 'Downing']. */
export function marked(text: string, group: string | undefined): string[] {
  if (!group) return [];
  return group.split(',').map((range) => {
    const [start, end] = range.split('-').map(Number);
    expect(start).toBeLessThan(end!);
    expect(end).toBeLessThanOrEqual(text.length);
    return text.slice(start, end);
  });
}

function expectSuggestionsWellFormed(items: Item[]): void {
  for (const item of items) {
    expect(Object.keys(item).sort()).toEqual(['Description', 'Highlight', 'Id', 'Text', 'Type']);
    const [textGroup, descriptionGroup] = item.Highlight!.split(';');
    marked(item.Text!, textGroup);
    marked(item.Description!, descriptionGroup);
  }
}

const ADDRESSES = /^(?:1 Address|(\d+) Addresses)$/;

function addressCount(description: string): number {
  const count = / - (1 Address|\d+ Addresses)$/.exec(description)?.[1];
  expect(count, `'${description}' ends with its number of addresses`).toMatch(ADDRESSES);
  return count === '1 Address' ? 1 : Number.parseInt(count!, 10);
}

/**
 * One suite, run against every provider (local index and Loqate through a fake): the browser
 * must not be able to tell them apart. Every answer also passes the contract's response check.
 */
export function describeAddressProvider(
  name: string,
  setup: () => Promise<ProviderUnderTest>,
): void {
  describe(`address provider: ${name}`, () => {
    let provider: ProviderUnderTest;
    let url: string;
    beforeAll(async () => {
      provider = await setup();
      url = provider.url;
    });
    afterAll(async () => {
      await provider?.close();
    });

    describe('find', () => {
      it('when the search text is empty or missing, then one 1001 error item', async () => {
        expectError(await find(url, { Text: '' }), '1001');
        expectError(await find(url, { Text: '   ' }), '1001');
        expectError(await find(url, {}), '1001');
      });

      it("when the user types '10 downing stret', then 10 Downing Street comes first with the matched words highlighted", async () => {
        const items = await find(url, { Text: '10 downing stret', Countries: 'GB,IM' });
        expectSuggestionsWellFormed(items);
        expect(items[0]).toMatchObject({
          Type: 'Address',
          Text: '10 Downing Street',
          Description: 'London, SW1A 2AA',
        });
        expect(marked(items[0]!.Text!, items[0]!.Highlight!.split(';')[0])).toEqual([
          '10',
          'Downing',
          'Street',
        ]);
      });

      it('when the last word is still being typed, then it matches as a prefix and only the typed part is highlighted', async () => {
        const items = await find(url, { Text: '10 downing str' });
        expect(items[0]).toMatchObject({ Type: 'Address', Text: '10 Downing Street' });
        expect(marked(items[0]!.Text!, items[0]!.Highlight!.split(';')[0])).toEqual([
          '10',
          'Downing',
          'Str',
        ]);
      });

      it("when the text is the start of a postcode ('SW1A 2'), then those postcodes are listed as containers", async () => {
        const items = await find(url, { Text: 'SW1A 2' });
        expectSuggestionsWellFormed(items);
        expect(items.length).toBeGreaterThan(1);
        for (const item of items) {
          expect(item.Type).toBe('Postcode');
          expect(item.Text).toMatch(/^SW1A 2[A-Z]{2}$/);
          expect(item.Highlight).toBe('0-6;');
          expect(addressCount(item.Description!)).toBeGreaterThan(0);
        }
        expect(items.map((item) => item.Text)).toContain('SW1A 2AA');
      });

      it("when the text is an Isle of Man district ('IM2'), then its postcodes are listed as containers", async () => {
        const items = await find(url, { Text: 'IM2' });
        expect(items.length).toBeGreaterThan(1);
        for (const item of items) {
          expect(item).toMatchObject({ Type: 'Postcode', Highlight: '0-3;' });
          expect(item.Text).toMatch(/^IM2 \d[A-Z]{2}$/);
          expect(item.Id).toMatch(/^IM\|/);
        }
      });

      it('when the text is a full postcode, then that postcode is the one container and drilling into it lists its addresses', async () => {
        const items = await find(url, { Text: 'sw1a 2aa' });
        expect(items).toEqual([
          expect.objectContaining({ Type: 'Postcode', Text: 'SW1A 2AA', Highlight: '0-8;' }),
        ]);
        const inside = await find(url, { Text: 'sw1a 2aa', Container: items[0]!.Id! });
        expectSuggestionsWellFormed(inside);
        expect(inside).toEqual([
          expect.objectContaining({
            Type: 'Address',
            Text: '10 Downing Street',
            Description: 'London, SW1A 2AA',
          }),
        ]);
        expect(addressCount(items[0]!.Description!)).toBe(inside.length);
      });

      it('when the text names a street, then a Street container says how many addresses it holds, and drilling in lists them all', async () => {
        const items = await find(url, { Text: 'downing street' });
        const street = items.find(
          (item) => item.Type === 'Street' && item.Text === 'Downing Street',
        );
        expect(street, JSON.stringify(items)).toBeDefined();
        expect(street!.Description).toMatch(/^London, SW1A - \d+ Addresses$/);
        const inside = await find(url, { Container: street!.Id! });
        expect(inside).toHaveLength(addressCount(street!.Description!));
        for (const item of inside)
          expect(item).toMatchObject({
            Type: 'Address',
            Text: expect.stringMatching(/Downing Street$/),
            Highlight: '',
          });
        expect(inside.map((item) => item.Text)).toContain('10 Downing Street');
      });

      it('when the text names a building of several flats, then it is one container holding the flats', async () => {
        const named = (await find(url, { Text: 'kensington court elm grove' })).find(
          (item) => item.Type === 'BuildingName',
        );
        expect(named).toMatchObject({
          Text: 'Kensington Court, Elm Grove',
          Description: 'Headingley, Leeds, LS6 2AB - 8 Addresses',
        });
        const flats = await find(url, { Container: named!.Id! });
        expect(flats.map((flat) => flat.Text)).toEqual(
          Array.from({ length: 8 }, (_, i) => `Flat ${i + 1}, Kensington Court, Elm Grove`),
        );

        const numbered = (await find(url, { Text: '11 athol street douglas' }))[0];
        expect(numbered).toMatchObject({
          Type: 'BuildingNumber',
          Text: '11 Athol Street',
          Description: 'Douglas, Isle of Man, IM1 1JE - 4 Addresses',
        });
        expect((await find(url, { Container: numbered!.Id! })).map((flat) => flat.Text)).toEqual(
          ['Flat 1', 'Flat 2', 'Flat 3', 'Flat 4'].map((flat) => `${flat}, 11 Athol Street`),
        );
      });

      it('when the container Id is not one Find gave, then one 1005 error item', async () => {
        expectError(
          await find(url, { Text: 'LS6 2AB', Container: 'GB|RM|ENG|NO-SUCH-CONTAINER' }),
          '1005',
        );
        expectError(await find(url, { Container: 'GB|RM|ENG|9ZZ-SW1A' }), '1005');
        expectError(await find(url, { Container: 'not an id' }), '1005');
      });

      it('when Countries names only the Isle of Man, then only Isle of Man addresses are found', async () => {
        const both = await find(url, { Text: 'athol street', Countries: 'GB,IM' });
        expect(both.every((item) => item.Id!.startsWith('IM|'))).toBe(true);
        const gbOnly = await find(url, { Text: 'athol street', Countries: 'GB' });
        expect(gbOnly.filter((item) => item.Id!.startsWith('IM|'))).toEqual([]);
        const imOnly = await find(url, { Text: 'douglas', Countries: 'IM' });
        expect(imOnly.length).toBeGreaterThan(0);
        for (const item of imOnly) expect(item.Id).toMatch(/^IM\|/);
      });

      it('when nothing matches, then Items is empty', async () => {
        expect(await find(url, { Text: 'zzqx vvkw' })).toEqual([]);
      });

      it('when the provider takes too long, then one 1004 error item', async () => {
        const release = await provider.slowDown();
        try {
          expectError(await find(url, { Text: '10 downing' }), '1004');
        } finally {
          await release();
        }
        expect((await find(url, { Text: '10 downing' }))[0]).toMatchObject({
          Text: '10 Downing Street',
        });
      });
    });

    describe('retrieve', () => {
      it('when the Id is an Address from Find, then the full address with a barcode holding its dpsCode', async () => {
        const [found] = await find(url, { Text: '10 downing street' });
        const items = await retrieve(url, found!.Id);
        expect(items).toHaveLength(1);
        expect(items[0]).toMatchObject({
          Id: found!.Id,
          Line1: '10 Downing Street',
          Line2: '',
          City: 'London',
          Province: 'Greater London',
          PostalCode: 'SW1A 2AA',
          CountryIso2: 'GB',
        });
        expect(items[0]!.Barcode).toMatch(/^\(SW1A2AA\d[A-Z][0-9A-Z]\)$/);
        expect(dpsCodeFromBarcode(items[0]!.Barcode!, items[0]!.PostalCode!)).toBe('1A');
      });

      it('when the address is a flat on the Isle of Man, then its lines, town and postcode are in the Loqate places', async () => {
        const [flat] = await find(url, { Text: 'flat 2 11 athol street' });
        expect(flat).toMatchObject({
          Type: 'Address',
          Text: 'Flat 2, 11 Athol Street',
          Description: 'Douglas, Isle of Man, IM1 1JE',
        });
        expect(flat!.Id).toMatch(/^IM\|/);
        const [item] = await retrieve(url, flat!.Id);
        expect(item).toMatchObject({
          Line1: 'Flat 2',
          Line2: '11 Athol Street',
          City: 'Douglas',
          Province: '',
          PostalCode: 'IM1 1JE',
          CountryIso2: 'IM',
          CountryName: 'Isle of Man',
        });
        expect(dpsCodeFromBarcode(item!.Barcode!, item!.PostalCode!)).toMatch(/^\d[A-Z]$/);
      });

      it('when the Id is missing, malformed or unknown, then one 1001 error item', async () => {
        expectError(await retrieve(url, undefined), '1001');
        expectError(await retrieve(url, ''), '1001');
        expectError(await retrieve(url, 'not-an-id'), '1001');
        expectError(await retrieve(url, 'GB|RM|A|99999999'), '1001');
      });

      it('when the provider takes too long, then one 1004 error item', async () => {
        const [found] = await find(url, { Text: '10 downing street' });
        const release = await provider.slowDown();
        try {
          expectError(await retrieve(url, found!.Id), '1004');
        } finally {
          await release();
        }
      });
    });
  });
}
