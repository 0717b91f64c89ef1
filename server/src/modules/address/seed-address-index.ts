import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Logger } from 'pino';
import { findDescription, findText, searchTerms, streetWords } from './address-format.ts';
import {
  DATASET_VERSION,
  generateAddresses,
  type AddressRecord,
} from './dataset/generate-addresses.ts';
import { compactPostcode } from './postcode.ts';
import { words } from './search-text.ts';

// Any constant shared by every process of the service: serialises seeding across processes.
const SEED_LOCK_KEY = 0x4144_4452; // 'ADDR'
const ROWS_PER_CHUNK = 2_000;

export interface SeedOutcome {
  seeded: boolean;
  addressCount: number;
  milliseconds: number;
}

const columns = [
  'udprn',
  'country',
  'postcode',
  'postcode_key',
  'sub_building',
  'building_name',
  'building_number',
  'street',
  'locality',
  'town',
  'county',
  'dps',
  'street_key',
  'street_count',
  'building_key',
  'building_count',
  'find_text',
  'find_description',
  'terms',
];

/** One row per street, holding the words a street container is found by. */
async function insertStreets(client: PoolClient, addresses: AddressRecord[]): Promise<void> {
  const streets = new Map<string, AddressRecord>();
  for (const address of addresses)
    if (!streets.has(address.streetKey)) streets.set(address.streetKey, address);
  const rows = [...streets.values()];
  await client.query(
    `insert into address_street (street_key, country, street, locality, town, outward, address_count, first_udprn, terms)
     select t.key, t.country, t.street, t.locality, t.town, t.outward, t.count, t.udprn, array_to_tsvector(string_to_array(t.terms, ' '))
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[])
       as t(key, country, street, locality, town, outward, count, udprn, terms)`,
    [
      rows.map((row) => row.streetKey),
      rows.map((row) => row.country),
      rows.map((row) => row.street),
      rows.map((row) => row.locality),
      rows.map((row) => row.town),
      rows.map((row) => row.postcode.split(' ')[0]),
      rows.map((row) => row.streetCount),
      rows.map((row) => row.udprn),
      rows.map((row) => [...new Set(streetWords(row))].join(' ')),
    ],
  );
}

/** One row per postcode unit: its first street and town, and how many delivery points it has. */
async function insertPostcodes(client: PoolClient, addresses: AddressRecord[]): Promise<void> {
  const postcodes = new Map<string, { first: AddressRecord; count: number }>();
  for (const address of addresses) {
    const entry = postcodes.get(address.postcode);
    if (entry) entry.count++;
    else postcodes.set(address.postcode, { first: address, count: 1 });
  }
  const rows = [...postcodes.values()];
  await client.query(
    `insert into address_postcode (postcode, postcode_key, country, street, town, address_count)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[])`,
    [
      rows.map(({ first }) => first.postcode),
      rows.map(({ first }) => compactPostcode(first.postcode)),
      rows.map(({ first }) => first.country),
      rows.map(({ first }) => first.street),
      rows.map(({ first }) => first.town),
      rows.map(({ count }) => count),
    ],
  );
}

/** The distinct alphabetic words of the index, each marked when it names part of a premise (a building, a flat). */
function vocabulary(addresses: AddressRecord[]): Array<[string, boolean]> {
  const terms = new Map<string, boolean>();
  for (const address of addresses) {
    const premise = new Set(words(`${address.buildingName} ${address.subBuilding}`));
    for (const term of searchTerms(address)) {
      if (/^[a-z]+$/.test(term)) terms.set(term, (terms.get(term) ?? false) || premise.has(term));
    }
  }
  return [...terms];
}

function row(address: AddressRecord): unknown[] {
  return [
    address.udprn,
    address.country,
    address.postcode,
    compactPostcode(address.postcode),
    address.subBuilding,
    address.buildingName,
    address.buildingNumber,
    address.street,
    address.locality,
    address.town,
    address.county,
    address.dps,
    address.streetKey,
    address.streetCount,
    address.buildingKey,
    address.buildingCount,
    findText(address),
    findDescription(address),
    searchTerms(address).join(' '),
  ];
}

function copyField(value: unknown): string {
  if (value === null) return '\\N';
  return String(value).replace(
    /[\\\t\n\r]/g,
    (character) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[character]!,
  );
}

/** COPY in text format: one streamed statement for the whole set, no per-row parsing or planning. */
async function copyAddresses(client: PoolClient, addresses: AddressRecord[]): Promise<void> {
  async function* lines(): AsyncGenerator<string> {
    for (let start = 0; start < addresses.length; start += ROWS_PER_CHUNK) {
      yield addresses
        .slice(start, start + ROWS_PER_CHUNK)
        .map((address) => `${row(address).map(copyField).join('\t')}\n`)
        .join('');
    }
  }
  // The terms column is written as a tsvector literal: space-separated words of [a-z0-9] only.
  const sql = `copy address (${columns.join(', ')}) from stdin`;
  await pipeline(Readable.from(lines()), client.query(copyFrom(sql)));
}

/**
 * Loads the generated index once: when the table is empty or holds another DATASET_VERSION.
 * Safe to call from several processes at once (advisory lock; the loser finds the work done).
 */
export async function seedAddressIndex(pool: Pool, logger: Logger): Promise<SeedOutcome> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const state = await client.query<{ dataset: string; address_count: number }>(
      'select dataset, address_count from address_index_state where id = 1',
    );
    if (state.rows[0]?.dataset === DATASET_VERSION) {
      await client.query('commit');
      return {
        seeded: false,
        addressCount: state.rows[0].address_count,
        milliseconds: Math.round(performance.now() - started),
      };
    }
    logger.info({ dataset: DATASET_VERSION }, 'address index: seeding the local address set');
    const addresses = generateAddresses();
    await client.query('truncate address, address_street, address_postcode, address_term');
    await copyAddresses(client, addresses);
    await insertStreets(client, addresses);
    await insertPostcodes(client, addresses);
    const terms = vocabulary(addresses);
    await client.query(
      'insert into address_term (term, premise) select * from unnest($1::text[], $2::bool[])',
      [terms.map(([term]) => term), terms.map(([, premise]) => premise)],
    );
    await client.query(
      `insert into address_index_state (id, dataset, address_count, seeded_at) values (1, $1, $2, now())
       on conflict (id) do update set dataset = excluded.dataset, address_count = excluded.address_count, seeded_at = now()`,
      [DATASET_VERSION, addresses.length],
    );
    await client.query('analyze address');
    await client.query('analyze address_street');
    await client.query('analyze address_postcode');
    await client.query('analyze address_term');
    await client.query('commit');
    const milliseconds = Math.round(performance.now() - started);
    logger.info({ addresses: addresses.length, milliseconds }, 'address index: seeded');
    return { seeded: true, addressCount: addresses.length, milliseconds };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
