import { Migration } from '@mikro-orm/migrations';

export class Migration20261127165403_ClaimStatusLink extends Migration {
  override name = 'Migration20261127165403_ClaimStatusLink';

  override up(): void | Promise<void> {
    this.addSql(`alter table "claim" add "status_token_hash" bytea null;`);
    this.addSql(
      `alter table "claim" add constraint "claim_status_token_hash_key" unique ("status_token_hash");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "claim" drop constraint "claim_status_token_hash_key";`);
    this.addSql(`alter table "claim" drop column "status_token_hash";`);
  }
}
