import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010000Claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table claim (
        id uuid primary key,
        token_hash bytea not null unique,
        email varchar(100),
        status text not null check (status in ('started', 'verified', 'submitted', 'expired', 'purged')),
        reference bigint generated always as identity unique,
        hashid text unique,
        created_at timestamptz not null default now(),
        last_activity_at timestamptz not null default now(),
        link_expires_at timestamptz not null,
        verified_at timestamptz,
        submitted_at timestamptz,
        purged_at timestamptz,
        identity_check_id uuid,
        details jsonb
      );`);
    this.addSql('create index claim_status_activity_idx on claim (status, last_activity_at);');
    this.addSql(`
      create table identity_check (
        id uuid primary key,
        claim_id uuid not null references claim (id),
        info_request_id uuid,
        personal_details jsonb,
        id_docs_required boolean not null,
        provider text not null,
        checked_at timestamptz not null default now()
      );`);
    this.addSql('create index identity_check_claim_idx on identity_check (claim_id);');
    this.addSql(`
      create table uploaded_file (
        id uuid primary key,
        claim_id uuid not null references claim (id),
        info_request_id uuid,
        type text not null,
        original_name text not null,
        size integer not null,
        sha256 char(64) not null,
        content_type text not null,
        storage_key text not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql('create index uploaded_file_claim_idx on uploaded_file (claim_id);');
    this.addSql(`
      create table audit_event (
        id bigint generated always as identity primary key,
        claim_id uuid not null references claim (id),
        event text not null,
        at timestamptz not null default now()
      );`);
    this.addSql('create index audit_event_claim_idx on audit_event (claim_id, id);');
    this.addSql(`
      create table email_outbox (
        id uuid primary key,
        kind text not null,
        recipient text,
        subject text,
        text_body text,
        html_body text,
        created_at timestamptz not null default now(),
        sent_at timestamptz,
        attempts integer not null default 0
      );`);
    // rate-limiter-flexible's table, created here so concurrent processes never race to create it.
    this.addSql(
      'create table rate_limit (key varchar(255) primary key, points integer not null default 0, expire bigint);',
    );
    // A ticket serial can back one submitted claim only: enforced here, not by a read-then-write.
    this.addSql(
      `create unique index claim_dbg_ticket_number_uniq on claim ((details->>'dbgTicketNumber')) where status = 'submitted';`,
    );
  }
}
