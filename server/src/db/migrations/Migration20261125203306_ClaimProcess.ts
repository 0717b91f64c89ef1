import { Migration } from '@mikro-orm/migrations';

export class Migration20261125203306_ClaimProcess extends Migration {
  override name = 'Migration20261125203306_ClaimProcess';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "claim_process" ("claim_id" uuid not null, "step" text not null, "ticket_code" text null, "rejected_from" text null, "rejection_reason" text null, "updated_at" timestamptz not null default now(), primary key ("claim_id"));`,
    );
    this.addSql(
      `alter table "claim_process" add constraint "claim_process_ticket_code_key" unique ("ticket_code");`,
    );
    this.addSql(`create index "claim_process_step_idx" on "claim_process" ("step");`);

    this.addSql(`alter table "email_outbox" add "attachments" jsonb null;`);

    this.addSql(
      `alter table "claim_process" add constraint "claim_process_claim_id_fkey" foreign key ("claim_id") references "claim" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "claim_process" add constraint "claim_process_step_check" check ("step" in ('submitted', 'reviewed', 'ticket_requested', 'ticket_received', 'payment_details_requested', 'paid', 'rejected'));`,
    );
    this.addSql(
      `alter table "claim_process" add constraint "claim_process_rejected_from_check" check ("rejected_from" in ('submitted', 'reviewed', 'ticket_requested', 'ticket_received', 'payment_details_requested', 'paid', 'rejected'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "claim_process" cascade;`);

    this.addSql(`alter table "email_outbox" drop column "attachments";`);
  }
}
