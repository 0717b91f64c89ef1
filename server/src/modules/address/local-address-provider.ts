import { ServiceUnavailableError } from '../../http/errors.ts';
import {
  addressId,
  addressLabel,
  addressLines,
  barcodeOf,
  buildingWords,
  countryName,
  placeParts,
  premiseLines,
} from './address-format.ts';
import type {
  AddressProvider,
  FindItem,
  FindRequest,
  FindResponse,
  RetrieveItem,
  RetrieveResponse,
} from './address-provider.ts';
import {
  keyContainerId,
  parseAddressId,
  parseContainerId,
  postcodeContainerId,
  type Country,
} from './container-id.ts';
import { highlight, highlightMatches } from './highlight.ts';
import { words } from './search-text.ts';
import type {
  AddressRow,
  IndexReader,
  LocalAddressIndex,
  PostcodeRow,
  StreetRow,
} from './local-address-index.ts';
import {
  containerInvalid,
  errorAnswer,
  findTextRequired,
  requestTimedOut,
  retrieveIdInvalid,
} from './loqate-errors.ts';
import { postcodePrefix, type PostcodePrefix } from './postcode.ts';
import {
  buildMatchers,
  canMatchPremise,
  matchesAll,
  queryTokens,
  strictTsquery,
  tsquery,
  vocabularyLookups,
  type Matchers,
} from './query-terms.ts';

/** Suggestions per search, as Loqate's default. */
export const FIND_LIMIT = 10;
/** Addresses listed when drilling into a container (the longest generated street holds about 300). */
const CONTAINER_LIMIT = 1000;
const SUPPORTED: Country[] = ['GB', 'IM'];

function addresses(count: number): string {
  return count === 1 ? '1 Address' : `${count} Addresses`;
}

function countriesOf(text: string): Country[] {
  const asked = text
    .toUpperCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  return SUPPORTED.filter((country) => asked.includes(country));
}

function addressItem(row: AddressRow, matchers: Matchers | undefined): FindItem {
  return {
    Id: addressId(row),
    Type: 'Address',
    Text: row.findText,
    Highlight: matchers ? highlightMatches(row.findText, row.findDescription, matchers) : '',
    Description: row.findDescription,
  };
}

function streetItem(row: StreetRow, matchers: Matchers): FindItem {
  const place = [...placeParts(row), row.outward].join(', ');
  return {
    Id: keyContainerId(row.country, row.streetKey),
    Type: 'Street',
    Text: row.street,
    Highlight: highlightMatches(row.street, place, matchers),
    Description: `${place} - ${addresses(row.addressCount)}`,
  };
}

function buildingItem(row: AddressRow, matchers: Matchers): FindItem {
  const text = premiseLines({ ...row, subBuilding: '' }).join(', ');
  const place = [...placeParts(row), row.postcode].join(', ');
  return {
    Id: keyContainerId(row.country, row.buildingKey!),
    Type: row.buildingName ? 'BuildingName' : 'BuildingNumber',
    Text: text,
    Highlight: highlightMatches(text, place, matchers),
    Description: `${place} - ${addresses(row.buildingCount)}`,
  };
}

/** How much of a postcode the typed prefix covers, in the postcode's own (spaced) characters. */
function postcodeHighlight(postcode: string, prefix: PostcodePrefix): string {
  if (prefix.column === 'postcode') return highlight([[0, prefix.prefix.length]], []);
  let covered = 0;
  let end = 0;
  while (end < postcode.length && covered < prefix.prefix.length) {
    if (postcode[end] !== ' ') covered++;
    end++;
  }
  return highlight([[0, end]], []);
}

function postcodeItem(row: PostcodeRow, prefix: PostcodePrefix): FindItem {
  return {
    Id: postcodeContainerId(row.country, row.postcode),
    Type: 'Postcode',
    Text: row.postcode,
    Highlight: postcodeHighlight(row.postcode, prefix),
    Description: `${row.street}, ${row.town} - ${addresses(row.addressCount)}`,
  };
}

function retrieveItem(row: AddressRow): RetrieveItem {
  const lines = addressLines(row);
  return {
    Id: addressId(row),
    DomesticId: String(row.udprn),
    Language: 'ENG',
    Company: '',
    SubBuilding: row.subBuilding,
    BuildingNumber: row.buildingNumber,
    BuildingName: row.buildingName,
    Street: row.street,
    District: row.locality,
    City: row.town,
    Line1: lines[0] ?? '',
    Line2: lines[1] ?? '',
    Line3: lines[2] ?? '',
    Line4: lines[3] ?? '',
    Line5: lines[4] ?? '',
    Province: row.county,
    ProvinceName: row.county,
    PostalCode: row.postcode,
    CountryName: countryName(row.country),
    CountryIso2: row.country,
    Barcode: barcodeOf(row),
    Label: addressLabel(row),
    Type: 'Residential',
  };
}

/** The longest run of search words matching consecutive words of the text, in the order typed. */
function typedRun(text: string, matchers: Matchers): number {
  const textWords = words(text);
  const hits = (word: string, index: number): boolean =>
    matchers[index]!.some((alternative) =>
      alternative.prefix ? word.startsWith(alternative.term) : word === alternative.term,
    );
  let best = 0;
  for (let start = 0; start < textWords.length; start++) {
    let run = 0;
    while (
      run < matchers.length &&
      start + run < textWords.length &&
      hits(textWords[start + run]!, run)
    )
      run++;
    best = Math.max(best, run);
  }
  return best;
}

/**
 * Within a tier, addresses whose text reads like what was typed come first: 'victoria house'
 * puts Victoria House before Beech House, Victoria Hill. Stable, so delivery order breaks ties.
 */
function inTypedOrder(rows: AddressRow[], matchers: Matchers): AddressRow[] {
  const runs = new Map(rows.map((row) => [row, typedRun(row.findText, matchers)]));
  return [...rows].sort((a, b) => (b.tier ?? 0) - (a.tier ?? 0) || runs.get(b)! - runs.get(a)!);
}

/** PostgreSQL cancelled the statement: our statement_timeout fired. */
function timedOut(error: unknown): boolean {
  return (error as { code?: unknown })?.code === '57014';
}

/** No SQLSTATE means PostgreSQL never answered (refused, dropped, pool timeout): the index is unavailable. */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return (
    typeof code !== 'string' ||
    !/^[0-9A-Z]{5}$/.test(code) ||
    code.startsWith('08') ||
    code.startsWith('57P')
  );
}

/**
 * The embedded UK and Isle of Man index (ADDRESS_PROVIDER=local). A search is answered, in order:
 * a container Id lists its addresses; a postcode or its start lists postcodes; otherwise the words
 * are matched, typo-tolerantly, first against streets (street containers) and then addresses,
 * where several flats of one matched building become one building container.
 */
export class LocalAddressProvider implements AddressProvider {
  readonly #index: LocalAddressIndex;

  constructor(index: LocalAddressIndex) {
    this.#index = index;
  }

  async find(request: FindRequest): Promise<FindResponse> {
    const text = request.text.trim();
    const container = request.container?.trim();
    if (!text && !container) return errorAnswer(findTextRequired);
    const countries = countriesOf(request.countries);
    if (countries.length === 0) return { Items: [] };
    if (container) {
      const parsed = parseContainerId(container);
      if (!parsed || !countries.includes(parsed.country)) return errorAnswer(containerInvalid);
      const rows = await this.#read((reader) => reader.inContainer(parsed, CONTAINER_LIMIT));
      if (!rows) return errorAnswer(requestTimedOut);
      return rows.length > 0
        ? { Items: rows.map((row) => addressItem(row, undefined)) }
        : errorAnswer(containerInvalid);
    }
    const items = await this.#read((reader) => this.#search(reader, request.text, countries));
    return items ? { Items: items } : errorAnswer(requestTimedOut);
  }

  async retrieve(id: string): Promise<RetrieveResponse> {
    const parsed = parseAddressId(id);
    if (!parsed) return errorAnswer(retrieveIdInvalid);
    const row = await this.#read((reader) => reader.byUdprn(parsed.country, parsed.udprn));
    if (row === undefined) return errorAnswer(retrieveIdInvalid);
    return row ? { Items: [retrieveItem(row)] } : errorAnswer(requestTimedOut);
  }

  /** The work's result, or null when it took too long. */
  async #read<T>(work: (reader: IndexReader) => Promise<T>): Promise<T | null> {
    try {
      return await this.#index.read(work);
    } catch (error) {
      if (timedOut(error)) return null;
      if (unreachable(error))
        throw new ServiceUnavailableError(
          'The address lookup is unavailable. Please try again later.',
        );
      throw error;
    }
  }

  async #search(reader: IndexReader, text: string, countries: Country[]): Promise<FindItem[]> {
    const prefix = postcodePrefix(text);
    if (prefix) {
      const postcodes = await reader.postcodes(prefix, countries, FIND_LIMIT);
      if (postcodes.length > 0) return postcodes.map((row) => postcodeItem(row, prefix));
    }
    const tokens = queryTokens(text);
    const lookups = vocabularyLookups(tokens);
    const answers = lookups.length > 0 ? await reader.vocabulary(lookups) : new Map();
    const matchers = buildMatchers(tokens, answers);
    if (!matchers) return [];
    const search = {
      query: tsquery(matchers),
      exact: strictTsquery(matchers, true),
      strict: strictTsquery(matchers, false),
      countries,
    };

    const streets = await reader.streets(search, FIND_LIMIT);
    const items = streets.map((row) => streetItem(row, matchers));
    if (items.length >= FIND_LIMIT || !canMatchPremise(matchers)) return items;

    // Enough rows to fill the page even when many are flats folded into one building container.
    const rows = inTypedOrder(
      await reader.addresses(
        search,
        streets.map((row) => row.streetKey),
        FIND_LIMIT * 10,
      ),
      matchers,
    );
    const buildings = new Set<string>();
    for (const row of rows) {
      if (items.length >= FIND_LIMIT) break;
      if (row.buildingKey && matchesAll(matchers, buildingWords(row))) {
        if (buildings.has(row.buildingKey)) continue;
        buildings.add(row.buildingKey);
        items.push(buildingItem(row, matchers));
      } else {
        items.push(addressItem(row, matchers));
      }
    }
    return items;
  }
}
