import type { Pool, PoolClient } from 'pg';
import type { AddressParts } from './address-format.ts';
import type { Container, Country } from './container-id.ts';
import type { PostcodePrefix } from './postcode.ts';
import {
  lookupKey,
  MIN_CORRECTABLE_LENGTH,
  type Lookup,
  type VocabularyAnswer,
} from './query-terms.ts';

/** The queries of the local address index; plain rows out, no ORM entities. */

export interface AddressRow extends AddressParts {
  /** How strictly the row matched (2 exact, 1 typed prefixes, 0 only through corrections); searches only. */
  tier?: number;
  findText: string;
  findDescription: string;
  streetKey: string;
  streetCount: number;
  buildingKey: string | null;
  buildingCount: number;
}

export interface StreetRow {
  streetKey: string;
  country: Country;
  street: string;
  locality: string;
  town: string;
  outward: string;
  addressCount: number;
}

export interface PostcodeRow {
  postcode: string;
  country: Country;
  street: string;
  town: string;
  addressCount: number;
}

/** The three tsqueries of a search: what must match, then the tiers that rank it. */
export interface RankedQuery {
  query: string;
  exact: string;
  strict: string;
  countries: Country[];
}

const ADDRESS_COLUMNS = `udprn, country, postcode, sub_building as "subBuilding", building_name as "buildingName",
  building_number as "buildingNumber", street, locality, town, county, dps, find_text as "findText",
  find_description as "findDescription", street_key as "streetKey", street_count as "streetCount",
  building_key as "buildingKey", building_count as "buildingCount"`;

const TIER = `(terms @@ $2::tsquery)::int * 2 + (terms @@ $3::tsquery)::int`;

// Broad searches ('1', 'london') match tens of thousands of rows: rank a bounded window of them
// (in delivery order) so the cost stays flat instead of sorting every match.
const CANDIDATE_WINDOW = 1000;

/** Queries run in one read-only transaction under a statement timeout (answered as error 1004). */
export class LocalAddressIndex {
  readonly #pool: () => Promise<Pool>;
  readonly #timeoutMs: number;

  constructor(pool: () => Promise<Pool>, timeoutMs: number) {
    this.#pool = pool;
    this.#timeoutMs = timeoutMs;
  }

  async read<T>(work: (reader: IndexReader) => Promise<T>): Promise<T> {
    const client = await (await this.#pool()).connect();
    let healthy = true;
    try {
      // One round trip: the settings die with the transaction, so the pooled connection stays clean.
      await client.query(
        `begin read only; set local statement_timeout = ${Math.max(1, Math.floor(this.#timeoutMs))};` +
          ' set local pg_trgm.similarity_threshold = 0.35; set local pg_trgm.word_similarity_threshold = 0.5',
      );
      const result = await work(new IndexReader(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {
        healthy = false;
      });
      throw error;
    } finally {
      client.release(healthy ? undefined : true);
    }
  }
}

export class IndexReader {
  readonly #client: PoolClient;

  constructor(client: PoolClient) {
    this.#client = client;
  }

  /**
   * Named statements are prepared once per connection and soon run a generic plan; searches by
   * words pass no name, so each is planned for its own tsquery (a generic plan cannot tell a
   * common word such as 'flat' from a rare one such as 'downing').
   */
  async #rows<T>(name: string | undefined, text: string, values: unknown[]): Promise<T[]> {
    return (await this.#client.query(name ? { name, text, values } : { text, values })).rows as T[];
  }

  /** For each lookup: whether the vocabulary knows it (and as a premise word), else its nearest words. */
  async vocabulary(lookups: Lookup[]): Promise<Map<string, VocabularyAnswer>> {
    const rows = await this.#rows<{ i: number } & VocabularyAnswer>(
      'address-vocabulary',
      // The nearest words are only looked for (a correlated subquery, run lazily) when the word is unknown.
      `select t.i::int - 1 as i, coalesce(hit.known, false) as known, coalesce(hit.premise, false) as premise,
         case when hit.known then '[]'::json else coalesce((select json_agg(json_build_object('term', n.term, 'premise', n.premise) order by n.rank) from (
           (select s.term, s.premise, 1 as rank from address_term s
             where t.prefix and length(t.tok) >= $3 and t.tok <% s.term order by t.tok <<-> s.term, s.term limit 2)
           union all
           (select s.term, s.premise, 2 as rank from address_term s
             where length(t.tok) >= $3 and s.term % t.tok order by s.term <-> t.tok, s.term limit 3)
         ) as n), '[]') end as similar
       from unnest($1::text[], $2::bool[]) with ordinality as t(tok, prefix, i)
       left join lateral (
         select true as known, bool_or(a.premise) as premise from address_term a
         where a.term >= t.tok and a.term < t.tok || '{' and (t.prefix or a.term = t.tok)
         having count(*) > 0
       ) as hit on true`,
      [
        lookups.map((lookup) => lookup.term),
        lookups.map((lookup) => lookup.prefix),
        MIN_CORRECTABLE_LENGTH,
      ],
    );
    return new Map(
      rows.map((row) => {
        const unique = [...new Map(row.similar.map((similar) => [similar.term, similar])).values()];
        return [
          lookupKey(lookups[row.i]!),
          { known: row.known, premise: row.premise, similar: unique.slice(0, 4) },
        ];
      }),
    );
  }

  /** Streets whose own words (street, locality, town, district) match every token. */
  async streets(search: RankedQuery, limit: number): Promise<StreetRow[]> {
    return this.#rows<StreetRow>(
      undefined,
      `select street_key as "streetKey", country, street, locality, town, outward, address_count as "addressCount"
       from address_street
       where terms @@ $1::tsquery and country = any($4::text[])
       order by ${TIER} desc, first_udprn
       limit $5`,
      [search.query, search.exact, search.strict, search.countries, limit],
    );
  }

  /** Addresses matching every token, best tier first, leaving out streets already offered as containers. */
  async addresses(
    search: RankedQuery,
    excludedStreets: string[],
    limit: number,
  ): Promise<AddressRow[]> {
    return this.#rows<AddressRow>(
      undefined,
      `select ${ADDRESS_COLUMNS}, tier from (
         select *, ${TIER} as tier from (
           select * from address
           where terms @@ $1::tsquery and country = any($4::text[]) and street_key <> all($5::text[])
           limit ${CANDIDATE_WINDOW}
         ) as window_rows
       ) as candidate
       order by tier desc, udprn
       limit $6`,
      [search.query, search.exact, search.strict, search.countries, excludedStreets, limit],
    );
  }

  /** Postcodes starting with the typed text; an exactly typed district first. */
  async postcodes(
    prefix: PostcodePrefix,
    countries: Country[],
    limit: number,
  ): Promise<PostcodeRow[]> {
    // A range instead of LIKE so the b-tree (C collation) serves it with a bound parameter too.
    return this.#rows<PostcodeRow>(
      `address-postcodes-${prefix.column}`,
      `select postcode, country, street, town, address_count as "addressCount"
       from address_postcode
       where ${prefix.column} >= $1 and ${prefix.column} < $1 || '~' and country = any($2::text[])
       order by (split_part(postcode, ' ', 1) = $3) desc, postcode
       limit $4`,
      [prefix.prefix, countries, prefix.outward ?? '', limit],
    );
  }

  async inContainer(container: Container, limit: number): Promise<AddressRow[]> {
    const column = { postcode: 'postcode', street: 'street_key', building: 'building_key' }[
      container.kind
    ];
    const value = container.kind === 'postcode' ? container.postcode : container.key;
    return this.#rows<AddressRow>(
      `address-in-${container.kind}`,
      `select ${ADDRESS_COLUMNS} from address where ${column} = $1 and country = $2 order by udprn limit $3`,
      [value, container.country, limit],
    );
  }

  async byUdprn(country: Country, udprn: number): Promise<AddressRow | undefined> {
    const rows = await this.#rows<AddressRow>(
      'address-by-udprn',
      `select ${ADDRESS_COLUMNS} from address where udprn = $1 and country = $2`,
      [udprn, country],
    );
    return rows[0];
  }
}
