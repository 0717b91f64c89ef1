import { Migration } from '@mikro-orm/migrations';

export class Migration20261125203152_StaffAccounts extends Migration {
  override name = 'Migration20261125203152_StaffAccounts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "staff_account" ("id" uuid not null, "email" text not null, "name" text not null, "role" text not null, "password_hash" text null, "totp_secret_sealed" bytea not null, "totp_last_step" bigint null, "created_at" timestamptz not null default now(), "setup_completed_at" timestamptz null, "failed_sign_ins" int not null default 0, "locked_until" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "staff_account" add constraint "staff_account_email_key" unique ("email");`,
    );

    this.addSql(
      `create table "staff_audit" ("id" bigint generated always as identity not null primary key, "at" timestamptz not null default now(), "staff_id" uuid null, "action" text not null, "claim_id" uuid null, "detail" jsonb null);`,
    );
    this.addSql(`create index "staff_audit_claim_idx" on "staff_audit" ("claim_id", "id");`);
    this.addSql(`create index "staff_audit_staff_idx" on "staff_audit" ("staff_id", "id");`);

    this.addSql(
      `create table "staff_session" ("id" uuid not null, "token_hash" bytea not null, "staff_id" uuid not null, "created_at" timestamptz not null default now(), "idle_expires_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "staff_session" add constraint "staff_session_token_hash_key" unique ("token_hash");`,
    );
    this.addSql(`create index "staff_session_staff_idx" on "staff_session" ("staff_id");`);
    this.addSql(`create index "staff_session_expires_idx" on "staff_session" ("expires_at");`);

    this.addSql(
      `create table "staff_setup_token" ("token_hash" bytea not null, "staff_id" uuid not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("token_hash"));`,
    );
    this.addSql(`create index "staff_setup_token_staff_idx" on "staff_setup_token" ("staff_id");`);

    this.addSql(
      `alter table "staff_account" add constraint "staff_account_role_check" check ("role" in ('claims_advisor', 'customer_care', 'admin'));`,
    );

    this.addSql(
      `alter table "staff_audit" add constraint "staff_audit_staff_id_fkey" foreign key ("staff_id") references "staff_account" ("id") on delete no action;`,
    );
    this.addSql(
      `create or replace function "staff_audit_append_only_fn"() returns trigger as $$ begin raise exception 'staff_audit is append-only' using errcode = 'insufficient_privilege'; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "append_only" BEFORE UPDATE OR DELETE on "staff_audit" for each ROW execute function "staff_audit_append_only_fn"();`,
    );
    // By hand: MikroORM compares triggers through information_schema.triggers, which does not
    // list TRUNCATE triggers, so no entity can declare this one (docs/adr/019-staff-accounts.md).
    this.addSql(
      `create trigger "no_truncate" before truncate on "staff_audit" for each statement execute function "staff_audit_append_only_fn"();`,
    );

    this.addSql(
      `alter table "staff_session" add constraint "staff_session_staff_id_fkey" foreign key ("staff_id") references "staff_account" ("id");`,
    );

    this.addSql(
      `alter table "staff_setup_token" add constraint "staff_setup_token_staff_id_fkey" foreign key ("staff_id") references "staff_account" ("id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "staff_audit" drop constraint "staff_audit_staff_id_fkey";`);
    this.addSql(`alter table "staff_session" drop constraint "staff_session_staff_id_fkey";`);
    this.addSql(
      `alter table "staff_setup_token" drop constraint "staff_setup_token_staff_id_fkey";`,
    );

    this.addSql(`drop table if exists "staff_account" cascade;`);
    this.addSql(`drop trigger if exists "no_truncate" on "staff_audit";`);
    this.addSql(`drop trigger if exists "append_only" on "staff_audit";`);
    this.addSql(`drop function if exists "staff_audit_append_only_fn"();`);
    this.addSql(`drop table if exists "staff_audit" cascade;`);
    this.addSql(`drop table if exists "staff_session" cascade;`);
    this.addSql(`drop table if exists "staff_setup_token" cascade;`);
  }
}
