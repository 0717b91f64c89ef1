import { Migration } from '@mikro-orm/migrations';

export class Migration20261122020000InfoRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table info_request (
        id uuid primary key,
        claim_id uuid not null references claim (id),
        token_hash bytea not null unique,
        section_types jsonb not null,
        status text not null check (status in ('open', 'submitted', 'superseded')),
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        opened_at timestamptz,
        submitted_at timestamptz,
        submission jsonb
      );`);
    this.addSql('create index info_request_claim_idx on info_request (claim_id, created_at);');
    this.addSql(
      "create index claim_submitted_idx on claim (submitted_at desc) where status = 'submitted';",
    );
  }
}
