import { Migration } from '@mikro-orm/migrations';

export class Migration20261127173317_ScaleIndexes extends Migration {
  override name = 'Migration20261127173317_ScaleIndexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "claim_expired_idx" on "claim" ("id") where status = 'expired';`);

    this.addSql(
      `create index "email_outbox_unsent_idx" on "email_outbox" ("created_at") where sent_at is null and failed_at is null;`,
    );
    this.addSql(
      `create index "email_outbox_sent_idx" on "email_outbox" ("sent_at") where sent_at is not null;`,
    );
    this.addSql(
      `create index "email_outbox_failed_idx" on "email_outbox" ("failed_at") where failed_at is not null;`,
    );

    this.addSql(
      `create index "uploaded_file_unsanitized_idx" on "uploaded_file" ("created_at") where sanitized_at is null and sanitize_error is null;`,
    );
    this.addSql(`create index "uploaded_file_created_idx" on "uploaded_file" ("created_at");`);
    this.addSql(`create index "uploaded_file_storage_key_idx" on "uploaded_file" ("storage_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "claim_expired_idx";`);

    this.addSql(`drop index "email_outbox_unsent_idx";`);
    this.addSql(`drop index "email_outbox_sent_idx";`);
    this.addSql(`drop index "email_outbox_failed_idx";`);

    this.addSql(`drop index "uploaded_file_unsanitized_idx";`);
    this.addSql(`drop index "uploaded_file_created_idx";`);
    this.addSql(`drop index "uploaded_file_storage_key_idx";`);
  }
}
