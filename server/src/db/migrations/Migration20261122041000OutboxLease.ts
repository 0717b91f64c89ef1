import { Migration } from '@mikro-orm/migrations';

export class Migration20261122041000OutboxLease extends Migration {
  override async up(): Promise<void> {
    // A row being sent is leased for a while instead of locked in an open transaction, so a slow
    // SMTP server holds no database connection (docs/adr/007).
    this.addSql('alter table email_outbox add column lease_until timestamptz;');
  }
}
