import { Migration } from '@mikro-orm/migrations';

export class Migration20261127172215_ClaimDataRetention extends Migration {
  override name = 'Migration20261127172215_ClaimDataRetention';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "claim_process" add "id_documents_deleted_at" timestamptz null, add "ticket_images_deleted_at" timestamptz null, add "personal_data_removed_at" timestamptz null;`,
    );
    this.addSql(
      `create index "claim_process_retain_id_documents_idx" on "claim_process" ("updated_at") where step in ('paid', 'rejected') and id_documents_deleted_at is null;`,
    );
    this.addSql(
      `create index "claim_process_retain_ticket_images_idx" on "claim_process" ("updated_at") where step in ('paid', 'rejected') and ticket_images_deleted_at is null;`,
    );
    this.addSql(
      `create index "claim_process_retain_personal_data_idx" on "claim_process" ("updated_at") where step in ('paid', 'rejected') and personal_data_removed_at is null;`,
    );

    // Roles are a set since StaffAccountLifecycle: the set's check gains the new role.
    this.addSql(`alter table "staff_account" drop constraint "staff_account_roles_check";`);
    this.addSql(
      `alter table "staff_account" add constraint "staff_account_roles_check" check ("roles" <@ array['claims_advisor'::text, 'customer_care'::text, 'admin'::text, 'data_protection'::text]);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "claim_process_retain_id_documents_idx";`);
    this.addSql(`drop index "claim_process_retain_ticket_images_idx";`);
    this.addSql(`drop index "claim_process_retain_personal_data_idx";`);
    this.addSql(
      `alter table "claim_process" drop column "id_documents_deleted_at", drop column "ticket_images_deleted_at", drop column "personal_data_removed_at";`,
    );

    this.addSql(`alter table "staff_account" drop constraint "staff_account_roles_check";`);
    this.addSql(
      `alter table "staff_account" add constraint "staff_account_roles_check" check ("roles" <@ array['claims_advisor'::text, 'customer_care'::text, 'admin'::text]);`,
    );
  }
}
