import { Migration } from '@mikro-orm/migrations';

/**
 * Search helpers of the local address index, added after Migration20261122015000Address was first
 * committed: written with `if not exists` so databases created from either of its versions end
 * up with the same schema.
 */
export class Migration20261122015100AddressSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists address_street (
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
    this.addSql(
      'create index if not exists address_street_terms_idx on address_street using gin (terms);',
    );
    // One row per postcode: postcode searches list units without aggregating their addresses.
    this.addSql(`
      create table if not exists address_postcode (
        postcode text collate "C" primary key,
        postcode_key text collate "C" not null,
        country text not null,
        street text not null,
        town text not null,
        address_count integer not null
      );`);
    this.addSql(
      'create index if not exists address_postcode_compact_idx on address_postcode (postcode_key);',
    );
    // A word found in building names or flats: only then can a search match below street level.
    this.addSql(
      'alter table address_term add column if not exists premise boolean not null default false;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table address_term drop column if exists premise;');
    this.addSql('drop table if exists address_postcode;');
  }
}
