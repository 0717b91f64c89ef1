import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/*
 * The local address index (ADDRESS_PROVIDER=local), filled by seed-address-index.ts with COPY and
 * read by local-address-index.ts with full-text and trigram SQL. Keys use the C collation so
 * `like 'SW1A 2%'` can use their b-trees. `terms` columns are tsvectors the seeding computes.
 */

export const AddressSchema = defineEntity({
  name: 'Address',
  tableName: 'address',
  properties: {
    udprn: p.integer().primary().autoincrement(false),
    country: p.text().check(`country in ('GB', 'IM')`),
    postcode: p.text().collation('C').index('address_postcode_idx'),
    postcodeKey: p.text().collation('C').index('address_postcode_key_idx'),
    subBuilding: p.text(),
    buildingName: p.text(),
    buildingNumber: p.text(),
    street: p.text(),
    locality: p.text(),
    town: p.text(),
    county: p.text(),
    dps: p.text(),
    streetKey: p.text().collation('C').index('address_street_key_idx'),
    streetCount: p.integer(),
    buildingKey: p.text().collation('C').nullable(),
    buildingCount: p.integer(),
    findText: p.text(),
    findDescription: p.text(),
    terms: p.string().columnType('tsvector'),
  },
  indexes: [
    { name: 'address_terms_idx', properties: ['terms'], type: 'gin' },
    {
      name: 'address_building_key_idx',
      properties: ['buildingKey'],
      where: 'building_key is not null',
    },
  ],
});

export type Address = InferEntity<typeof AddressSchema>;

/** One row per street (per postcode district), for searches naming only a street, locality or town. */
export const AddressStreetSchema = defineEntity({
  name: 'AddressStreet',
  tableName: 'address_street',
  properties: {
    streetKey: p.text().collation('C').primary(),
    country: p.text(),
    street: p.text(),
    locality: p.text(),
    town: p.text(),
    outward: p.text(),
    addressCount: p.integer(),
    firstUdprn: p.integer(),
    terms: p.string().columnType('tsvector'),
  },
  indexes: [{ name: 'address_street_terms_idx', properties: ['terms'], type: 'gin' }],
});

export type AddressStreet = InferEntity<typeof AddressStreetSchema>;

/** Every distinct word of the index; typo tolerance maps a query word to its nearest words (trigrams). */
export const AddressTermSchema = defineEntity({
  name: 'AddressTerm',
  tableName: 'address_term',
  properties: {
    term: p.text().collation('C').primary(),
    /** A word found in building names or flats: only then can a search match below street level. */
    premise: p.boolean().default(false),
  },
  indexes: [
    {
      name: 'address_term_trgm_idx',
      expression:
        'create index address_term_trgm_idx on address_term using gist (term gist_trgm_ops)',
    },
  ],
});

export type AddressTerm = InferEntity<typeof AddressTermSchema>;

/** One row per postcode: postcode searches list units without aggregating their addresses. */
export const AddressPostcodeSchema = defineEntity({
  name: 'AddressPostcode',
  tableName: 'address_postcode',
  properties: {
    postcode: p.text().collation('C').primary(),
    postcodeKey: p.text().collation('C').index('address_postcode_compact_idx'),
    country: p.text(),
    street: p.text(),
    town: p.text(),
    addressCount: p.integer(),
  },
});

export type AddressPostcode = InferEntity<typeof AddressPostcodeSchema>;

/** The single row saying which dataset the index holds. */
export const AddressIndexStateSchema = defineEntity({
  name: 'AddressIndexState',
  tableName: 'address_index_state',
  properties: {
    id: p.smallint().primary().autoincrement(false).check('id = 1'),
    dataset: p.text(),
    addressCount: p.integer(),
    seededAt: p.datetime().defaultRaw('now()'),
  },
});

export type AddressIndexState = InferEntity<typeof AddressIndexStateSchema>;
