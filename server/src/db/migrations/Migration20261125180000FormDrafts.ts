import { Migration } from '@mikro-orm/migrations';

export class Migration20261125180000FormDrafts extends Migration {
  override async up(): Promise<void> {
    // Saved sections of the claim form (owner: a claim) and the amend form (owner: an info
    // request), sealed with the link token (docs/adr/015-form-drafts.md).
    this.addSql(`
      create table form_draft_section (
        owner_id uuid not null,
        section text not null,
        sealed bytea not null,
        saved_at timestamptz not null default now(),
        expires_at timestamptz not null,
        primary key (owner_id, section)
      );`);
    // The maintenance run deletes expired drafts by this.
    this.addSql('create index form_draft_section_expires_idx on form_draft_section (expires_at);');
  }
}
