import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000Initial extends Migration {
  override async up(): Promise<void> {
    // pg_trgm backs the address index's typo-tolerant search; pgcrypto gives gen_random_uuid().
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('create extension if not exists pgcrypto;');
  }
}
