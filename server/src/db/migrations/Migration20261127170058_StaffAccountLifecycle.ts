import { Migration } from '@mikro-orm/migrations';

export class Migration20261127170058_StaffAccountLifecycle extends Migration {
  override name = 'Migration20261127170058_StaffAccountLifecycle';

  override up(): void | Promise<void> {
    // Roles become a set: each account keeps its one role as a set of one (edited by hand: the
    // generated migration dropped the column before copying it).
    this.addSql(
      `alter table "staff_account" add "roles" text[] null, add "disabled_at" timestamptz null;`,
    );
    this.addSql(`update "staff_account" set "roles" = array["role"];`);
    this.addSql(`alter table "staff_account" alter column "roles" set not null;`);
    this.addSql(`alter table "staff_account" drop constraint "staff_account_role_check";`);
    this.addSql(`alter table "staff_account" drop column "role";`);
    this.addSql(`alter table "staff_account" alter column "totp_secret_sealed" drop not null;`);
    this.addSql(
      `alter table "staff_account" add constraint "staff_account_roles_check" check ("roles" <@ array['claims_advisor'::text, 'customer_care'::text, 'admin'::text]);`,
    );

    // One live link per account: only each account's newest link stays (by hand, before the key).
    this.addSql(
      `delete from "staff_setup_token" t using "staff_setup_token" newer where newer."staff_id" = t."staff_id" and (newer."created_at", newer."token_hash") > (t."created_at", t."token_hash");`,
    );
    this.addSql(`drop index "staff_setup_token_staff_idx";`);
    this.addSql(`alter table "staff_setup_token" add "totp_secret_sealed" bytea null;`);
    this.addSql(
      `alter table "staff_setup_token" add constraint "staff_setup_token_staff_key" unique ("staff_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "staff_account" drop constraint "staff_account_roles_check";`);
    this.addSql(`alter table "staff_account" add "role" text null;`);
    this.addSql(`update "staff_account" set "role" = "roles"[1];`);
    this.addSql(`alter table "staff_account" alter column "role" set not null;`);
    this.addSql(`alter table "staff_account" drop column "roles", drop column "disabled_at";`);
    this.addSql(`alter table "staff_account" alter column "totp_secret_sealed" set not null;`);
    this.addSql(
      `alter table "staff_account" add constraint "staff_account_role_check" check ("role" in ('claims_advisor', 'customer_care', 'admin'));`,
    );

    this.addSql(`alter table "staff_setup_token" drop constraint "staff_setup_token_staff_key";`);
    this.addSql(`alter table "staff_setup_token" drop column "totp_secret_sealed";`);
    this.addSql(`create index "staff_setup_token_staff_idx" on "staff_setup_token" ("staff_id");`);
  }
}
