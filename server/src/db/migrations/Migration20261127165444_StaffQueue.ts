import { Migration } from '@mikro-orm/migrations';

export class Migration20261127165444_StaffQueue extends Migration {
  override name = 'Migration20261127165444_StaffQueue';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "staff_note" ("id" uuid not null, "claim_id" uuid not null, "staff_id" uuid not null, "text" text not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "staff_note_claim_idx" on "staff_note" ("claim_id", "created_at");`);

    this.addSql(
      `create index "claim_queue_idx" on "claim" ("submitted_at", "id") where status = 'submitted';`,
    );
    this.addSql(
      `create index claim_search_email_idx on claim ((lower(email))) where status = 'submitted';`,
    );
    this.addSql(
      `create index claim_search_dbgticketnumber_idx on claim ((upper(regexp_replace(details->>'dbgTicketNumber', '[^0-9A-Za-z]', '', 'g')))) where status = 'submitted';`,
    );
    this.addSql(
      `create index claim_search_scserialnumber_idx on claim ((upper(regexp_replace(details->>'scSerialNumber', '[^0-9A-Za-z]', '', 'g')))) where status = 'submitted';`,
    );
    this.addSql(
      `create index claim_search_scbarcodenumber_idx on claim ((upper(regexp_replace(details->>'scBarcodeNumber', '[^0-9A-Za-z]', '', 'g')))) where status = 'submitted';`,
    );

    this.addSql(
      `create index identity_check_last_name_idx on identity_check ((lower(personal_details->>'lastName')));`,
    );
    this.addSql(
      `create index identity_check_full_name_idx on identity_check ((lower((personal_details->>'firstName') || ' ' || (personal_details->>'lastName'))));`,
    );
    this.addSql(
      `create index identity_check_postcode_idx on identity_check ((upper(replace(personal_details->>'postCode', ' ', ''))));`,
    );
    this.addSql(
      `create index identity_check_phone_idx on identity_check ((regexp_replace(regexp_replace(personal_details->>'phoneNumber', '[^0-9]', '', 'g'), '^44', '0')));`,
    );

    this.addSql(`alter table "claim_process" add "assigned_staff_id" uuid null;`);
    this.addSql(
      `alter table "claim_process" add constraint "claim_process_assigned_staff_id_fkey" foreign key ("assigned_staff_id") references "staff_account" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "claim_process_assigned_staff_idx" on "claim_process" ("assigned_staff_id");`,
    );

    this.addSql(
      `alter table "staff_note" add constraint "staff_note_claim_id_fkey" foreign key ("claim_id") references "claim" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "staff_note" add constraint "staff_note_staff_id_fkey" foreign key ("staff_id") references "staff_account" ("id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "staff_note" cascade;`);

    this.addSql(
      `alter table "claim_process" drop constraint "claim_process_assigned_staff_id_fkey";`,
    );

    this.addSql(`drop index "claim_queue_idx";`);
    this.addSql(`drop index "claim_search_email_idx";`);
    this.addSql(`drop index "claim_search_dbgticketnumber_idx";`);
    this.addSql(`drop index "claim_search_scserialnumber_idx";`);
    this.addSql(`drop index "claim_search_scbarcodenumber_idx";`);

    this.addSql(`drop index "claim_process_assigned_staff_idx";`);
    this.addSql(`alter table "claim_process" drop column "assigned_staff_id";`);

    this.addSql(`drop index "identity_check_last_name_idx";`);
    this.addSql(`drop index "identity_check_full_name_idx";`);
    this.addSql(`drop index "identity_check_postcode_idx";`);
    this.addSql(`drop index "identity_check_phone_idx";`);
  }
}
