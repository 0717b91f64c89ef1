import { Migration } from '@mikro-orm/migrations';

export class Migration20261127165414_StaffSessionKeyId extends Migration {
  override name = 'Migration20261127165414_StaffSessionKeyId';

  override up(): void | Promise<void> {
    this.addSql(`alter table "staff_session" add "key_id" text not null default '';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "staff_session" drop column "key_id";`);
  }
}
