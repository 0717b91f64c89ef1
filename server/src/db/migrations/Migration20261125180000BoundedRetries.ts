import { Migration } from '@mikro-orm/migrations';

export class Migration20261125180000BoundedRetries extends Migration {
  override async up(): Promise<void> {
    // A message the SMTP server refused for good is recorded once (failed_at, last_error) and
    // never sent again; one that failed for now waits retry_at before the stranded sweep retries
    // it (docs/adr/012).
    this.addSql(
      'alter table email_outbox add column failed_at timestamptz, add column last_error text, add column retry_at timestamptz;',
    );
    // A file is re-encoded a bounded number of times: attempts are counted before each one starts.
    this.addSql(
      'alter table uploaded_file add column sanitize_attempts integer not null default 0;',
    );
  }
}
