import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030000FileSanitizing extends Migration {
  override async up(): Promise<void> {
    // Uploads are re-encoded (metadata stripped) before the operator may see them.
    this.addSql(
      'alter table uploaded_file add column sanitized_at timestamptz, add column sanitize_error text;',
    );
  }
}
