import { Migration } from '@mikro-orm/migrations';

/**
 * The local address index (ADDRESS_PROVIDER=local). Rows are generated and loaded at start-up by
 * `seedAddressIndex`, not here, so the data can change (DATASET_VERSION) without a new migration.
 */
export class Migration20261122015000Address extends Migration {
  override async up(): Promise<void> {
    // Postcodes and container keys use the C collation so `like 'SW1A 2%'` can use their b-trees.
    this.addSql(`
      create table address (
        udprn integer primary key,
        country text not null check (country in ('GB', 'IM')),
        postcode text collate "C" not null,
        postcode_key text collate "C" not null,
        sub_building text not null,
        building_name text not null,
        building_number text not null,
        street text not null,
        locality text not null,
        town text not null,
        county text not null,
        dps text not null,
        street_key text collate "C" not null,
        street_count integer not null,
        building_key text collate "C",
        building_count integer not null,
        find_text text not null,
        find_description text not null,
        terms tsvector not null
      );`);
    this.addSql('create index address_terms_idx on address using gin (terms);');
    this.addSql('create index address_postcode_idx on address (postcode);');
    this.addSql('create index address_postcode_key_idx on address (postcode_key);');
    this.addSql('create index address_street_key_idx on address (street_key);');
    this.addSql(
      'create index address_building_key_idx on address (building_key) where building_key is not null;',
    );
    // One row per street (per postcode district): a search naming only a street, locality or
    // town is answered with street containers from this small table instead of scanning addresses.
    this.addSql(`
      create table address_street (
        street_key text collate "C" primary key,
        country text not null,
        street text not null,
        locality text not null,
        town text not null,
        outward text not null,
        address_count integer not null,
        first_udprn integer not null,
        terms tsvector not null
      );`);
    this.addSql('create index address_street_terms_idx on address_street using gin (terms);');
    // Every distinct word of the index: typo tolerance maps a query word to its nearest words (trigrams).
    this.addSql('create table address_term (term text collate "C" primary key);');
    this.addSql(
      'create index address_term_trgm_idx on address_term using gist (term gist_trgm_ops);',
    );
    this.addSql(`
      create table address_index_state (
        id smallint primary key check (id = 1),
        dataset text not null,
        address_count integer not null,
        seeded_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists address_index_state;');
    this.addSql('drop table if exists address_term;');
    this.addSql('drop table if exists address_street;');
    this.addSql('drop table if exists address;');
  }
}
