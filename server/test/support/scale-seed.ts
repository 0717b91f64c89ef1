import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { claimReference } from '../../src/modules/claim/reference.ts';
import { personalDetails } from './journey.ts';

/**
 * A database as a service years old looks: `claims` submitted claims spread over every process
 * step, each with its identity check, files, audit trail, process row and staff audit, some with
 * info requests, plus unfinished and purged claims, drafts and a week of outbox history. Written
 * with generate_series and COPY in a few statements (not the API: a million claims through it
 * would take hours). Used by `make bench-scale` (bench/scale.ts) and the plan test
 * (test/foundation/query-plans.test.ts).
 *
 * Proportions per 100 submitted claims (a guess at a few years of operation, stated so the
 * figures can be read against it): 100 identity checks (+10 from info requests), about 250 files
 * (front and back, two ID documents on 20, 10 unreferenced), 6 claimant audit events each, 100 process
 * rows (steps below), 10 info requests, about 4 staff audit rows each, 5 started and 5 purged claims,
 * 5 drafts, 50 outbox rows (a week's history, a few still unsent).
 */
export interface ScaleSeed {
  claims: number;
  /** Hashids of seeded submitted claims, for the staff calls to look up. */
  hashids: string[];
  /** E-mail addresses of those same claims. */
  emails: string[];
  /** Their claimants' last names, postcodes and phone numbers, and their ticket numbers. */
  lastNames: string[];
  postcodes: string[];
  phones: string[];
  ticketNumbers: string[];
  /** Ticket codes of seeded claims past 'ticket_requested'. */
  ticketCodes: string[];
  staffIds: string[];
}

/**
 * The staff queue under each filter and each kind of search (issue 32), on seeded claims: a
 * figure name and the query string (searches for the `i`th sampled claim). Timed by `make bench-scale`, planned by the plan test.
 */
export function queueQueries(seed: ScaleSeed, i = 0): Array<[name: string, query: string]> {
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const at = (values: string[]) => encodeURIComponent(values[i % values.length]!);
  const steps = ['submitted', 'reviewed', 'ticket_requested', 'ticket_received'];
  return [
    ...[...steps, 'payment_details_requested', 'paid', 'rejected'].map((step): [string, string] => [
      `step_${step}`,
      `step=${step}`,
    ]),
    ['closed_included', 'closed=true'],
    ['product_sc', 'productType=SC'],
    ['product_dbg', 'productType=DBG'],
    ['submitted_last_30_days', `submittedFrom=${monthAgo}&submittedTo=${today}`],
    ...['up_to_1000', '1000_to_10000', 'over_10000'].map((band): [string, string] => [
      `prize_${band}`,
      `prizeBand=${band}`,
    ]),
    ['id_docs_required', 'idDocsRequired=true'],
    ['assigned_to_me', 'assignedTo=me'],
    ['unassigned', 'assignedTo=nobody'],
    ['search_reference', `q=${at(seed.hashids)}`],
    ['search_email', `q=${at(seed.emails)}`],
    ['search_name', `q=${at(seed.lastNames)}`],
    ['search_postcode', `q=${at(seed.postcodes)}`],
    ['search_phone', `q=${at(seed.phones)}`],
    ['search_ticket_number', `q=${at(seed.ticketNumbers)}`],
  ];
}

/** The first reference of seeded claims: far above what the server's sequence hands out. */
const REFERENCE_BASE = 1_000_000_000;

/** Steps, by share of the submitted claims (cumulative per mille). */
const STEPS: Array<[step: string, upTo: number]> = [
  ['submitted', 100], // written with the submission, as the server does
  ['reviewed', 200],
  ['ticket_requested', 350],
  ['ticket_received', 450],
  ['payment_details_requested', 550],
  ['paid', 950],
  ['rejected', 1000],
];

const stepCase = `case ${STEPS.map(([step, upTo]) => `when (n * 7919) % 1000 < ${upTo} then '${step}'`).join(' ')} end`;

export async function seedScale(
  databaseUrl: string,
  claims: number,
  log: (text: string) => void = () => undefined,
): Promise<ScaleSeed> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async (what: string, text: string, values: unknown[] = []) => {
    const began = Date.now();
    const result = await client.query(text, values);
    log(`  ${what}: ${result.rowCount ?? 0} rows in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  };
  try {
    // Seeding is a bulk load: no WAL flush per statement.
    await client.query('set synchronous_commit = off');
    // No TOTP secret (they never sign in): one not sealed with the server's key stops its start-up.
    const staff = await client.query<{ id: string }>(
      `insert into staff_account (id, email, name, roles, totp_secret_sealed, setup_completed_at)
       select gen_random_uuid(), 'seed.staff.' || g || '@staff.example.co.uk', 'Seeded staff ' || g,
              array[(array['claims_advisor','customer_care','admin'])[1 + g % 3]], null, now()
         from generate_series(1, 50) g returning id`,
    );
    const staffIds = staff.rows.map((row) => row.id);

    // References and their hashids (sqids, computed here as the server does) through COPY. `n` is
    // a bigint: the spreads below multiply it (n * 7919), which overflows an int past 271,000 claims.
    const total = Math.ceil(claims * 1.1);
    await client.query('create temp table seed_ref (n bigint primary key, hashid text not null)');
    const began = Date.now();
    const rows = function* () {
      const batch: string[] = [];
      for (let n = 1; n <= total; n++) {
        batch.push(`${n}\t${claimReference(REFERENCE_BASE + n)}\n`);
        if (batch.length === 10_000) yield batch.splice(0).join('');
      }
      if (batch.length) yield batch.join('');
    };
    await pipeline(Readable.from(rows()), client.query(copyFrom('copy seed_ref from stdin')));
    log(`  references: ${total} in ${((Date.now() - began) / 1000).toFixed(1)} s`);

    const person = JSON.stringify(personalDetails());
    // Submitted claims 1..claims, submitted over the last three years, newest at the top of n;
    // claims+1..claims*1.05 unfinished (started recently), the rest purged long ago.
    await step(
      'claim',
      `insert into claim (id, token_hash, email, status, reference, hashid, created_at, last_activity_at,
                          link_expires_at, verified_at, submitted_at, purged_at, identity_check_id, details)
       select id, sha256(id::text::bytea),
              case when status = 'purged' then null else 'claimant.' || n || '@example.co.uk' end,
              status, $2::bigint + n, hashid, at - interval '1 hour', at, at + interval '72 hours',
              case when status = 'started' then null else at - interval '50 minutes' end,
              case when status = 'submitted' then at end,
              case when status = 'purged' then at + interval '1 day' end,
              case when status = 'submitted' then ic end,
              case when status = 'submitted' then
                case when n % 5 = 0 then jsonb_build_object(
                  'productType', 'SC', 'prizeAmountPence', 50001 + (n * 7919) % 4949999,
                  'scBarcodeNumber', lpad((n * 97)::text, 12, '0'), 'scSerialNumber', lpad(n::text, 10, '0'),
                  'scVirn', lpad((n * 13)::text, 12, '0'),
                  'ticketFrontFileUuid', f1, 'ticketBackFileUuid', f2,
                  'isTicketInPossession', true, 'isTicketDamaged', false, 'isLotteryRetailer', false, 'isChequePreferred', false)
                else jsonb_build_object(
                  'productType', 'DBG', 'dbgGame', 'Lotto', 'dbgTicketType', 'PINK',
                  'dbgTicketNumber', substr(serial, 1, 4) || '-' || substr(serial, 5, 9) || '-' || substr(serial, 14, 6),
                  'dbgTermNumber', '12345678', 'prizeAmountPence', 50001 + (n * 7919) % 4949999,
                  'ticketFrontFileUuid', f1, 'ticketBackFileUuid', f2,
                  'isTicketInPossession', true, 'isTicketDamaged', false, 'isLotteryRetailer', false, 'isChequePreferred', false)
                end || case when n % 5 = 0 then jsonb_build_object('idDocument1FileUuid', f3, 'idDocument2FileUuid', f4)
                            else '{}'::jsonb end end
         from (select n, hashid, '1' || lpad(n::text, 18, '0') as serial, gen_random_uuid() as id, gen_random_uuid() as ic, gen_random_uuid() as f1, gen_random_uuid() as f2, gen_random_uuid() as f3, gen_random_uuid() as f4,
                      case when n <= $1 then 'submitted' when n <= $1 * 1.05 then 'started' else 'purged' end as status,
                      case when n <= $1 then now() - (n::float8 / $1) * interval '3 years' - interval '1 day'
                           when n <= $1 * 1.05 then now() - ((n - $1) % 600) * interval '1 minute'
                           else now() - interval '2 years' end as at
                 from seed_ref) s`,
      [claims, REFERENCE_BASE],
    );
    // Claims' own trail: started, verified, identity checked, two uploads, submitted.
    await step(
      'identity_check',
      // Names, postcodes and phone numbers vary as a caller's do: a search by one finds a few
      // claims, never every claim (about 2,000 surnames, 6,760 postcodes, a phone each).
      `insert into identity_check (id, claim_id, personal_details, id_docs_required, provider, checked_at)
       select identity_check_id, id,
              $1::jsonb || jsonb_build_object(
                'lastName', 'Seed' || translate(((reference - $2) % 2003)::text, '0123456789', 'abcdefghij'),
                'postCode', 'SW' || (reference % 10) || ' ' || (reference % 9) || chr(65 + (reference % 26)::int) || chr(65 + (reference / 26 % 26)::int),
                'phoneNumber', '07700' || lpad((reference % 1000000)::text, 6, '0')),
              reference % 5 = 0, 'local-rules', submitted_at - interval '20 minutes'
         from claim where status = 'submitted' and reference > $2`,
      [person, REFERENCE_BASE],
    );
    await step(
      'uploaded_file',
      `insert into uploaded_file (id, claim_id, type, original_name, size, sha256, content_type, storage_key, created_at, sanitized_at)
       select f.id, c.id, f.type, 'photo.jpg', 2000000, repeat('a', 64), 'image/jpeg',
              left(replace(f.id::text, '-', ''), 2) || '/' || replace(f.id::text, '-', ''),
              c.submitted_at - interval '10 minutes', c.submitted_at - interval '9 minutes'
         from claim c
         cross join lateral (values
           ((c.details->>'ticketFrontFileUuid')::uuid, 'ticketFront'),
           ((c.details->>'ticketBackFileUuid')::uuid, 'ticketBack'),
           ((c.details->>'idDocument1FileUuid')::uuid, 'idDocument1'),
           ((c.details->>'idDocument2FileUuid')::uuid, 'idDocument2'),
           (case when c.reference % 10 = 3 then gen_random_uuid() end, 'ticketFront')) as f(id, type)
        where c.status = 'submitted' and c.reference > $1 and f.id is not null`,
      [REFERENCE_BASE],
    );
    await step(
      'audit_event',
      `insert into audit_event (claim_id, event, at)
       select c.id, e.event, c.submitted_at - e.before
         from claim c cross join (values ('claim.started', interval '1 hour'), ('claim.verified', interval '50 minutes'),
              ('identity.checked', interval '20 minutes'), ('file.uploaded', interval '10 minutes'),
              ('file.uploaded', interval '9 minutes'), ('claim.submitted', interval '0')) as e(event, before)
        where c.status = 'submitted' and c.reference > $1`,
      [REFERENCE_BASE],
    );
    await step(
      'claim_process',
      `insert into claim_process (claim_id, step, ticket_code, rejected_from, rejection_reason, updated_at)
       select id, step,
              case when step in ('ticket_requested','ticket_received','payment_details_requested','paid')
                   then 'PC-' || lpad(upper(to_hex(n)), 10, '0') end,
              case when step = 'rejected' then 'reviewed' end,
              case when step = 'rejected' then 'The ticket was not a winning ticket.' end,
              case when step = 'submitted' then submitted_at else submitted_at + interval '3 days' end
         from (select id, submitted_at, n, ${stepCase} as step from (select id, submitted_at, reference - $1 as n from claim
                where status = 'submitted' and reference > $1) c) s`,
      [REFERENCE_BASE],
    );
    await step(
      'staff_audit',
      `insert into staff_audit (at, staff_id, action, claim_id, detail)
       select c.submitted_at + a.after, ($2::uuid[])[1 + (c.reference % 50)::int], a.action, c.id,
              case when a.action = 'claim.step_changed' then jsonb_build_object('from', 'submitted', 'to', p.step) end
         from claim c left join claim_process p on p.claim_id = c.id
         cross join (values ('claim.viewed', interval '1 day'), ('claim.viewed', interval '2 days'),
              ('claim.step_changed', interval '3 days'), ('claim.viewed', interval '4 days')) as a(action, after)
        where c.status = 'submitted' and c.reference > $1 and (a.action <> 'claim.step_changed' or p.step <> 'submitted')`,
      [REFERENCE_BASE, staffIds],
    );
    await step(
      'info_request',
      `insert into info_request (id, claim_id, token_hash, section_types, status, created_at, expires_at, opened_at, submitted_at)
       select gen_random_uuid(), id, sha256(('ir' || id::text)::bytea), '["personalDetails"]'::jsonb,
              (array['submitted','submitted','open','superseded'])[1 + (reference % 4)::int],
              submitted_at + interval '2 days', submitted_at + interval '16 days', submitted_at + interval '3 days',
              case when reference % 4 < 2 then submitted_at + interval '3 days' end
         from claim where status = 'submitted' and reference > $1 and reference % 10 = 7`,
      [REFERENCE_BASE],
    );
    await step(
      'identity_check (info requests)',
      `insert into identity_check (id, claim_id, info_request_id, personal_details, id_docs_required, provider, checked_at)
       select gen_random_uuid(), claim_id, id, $1::jsonb, false, 'local-rules', submitted_at
         from info_request where status = 'submitted'`,
      [person],
    );
    await step(
      'form_draft_section',
      `insert into form_draft_section (owner_id, section, sealed, saved_at, expires_at)
       select id, 'personalDetails', '\\x00'::bytea, last_activity_at, last_activity_at + interval '60 minutes'
         from claim where status = 'started' and reference > $1`,
      [REFERENCE_BASE],
    );
    // A week of outbox history (older rows are deleted by the maintenance job), a few unsent.
    await step(
      'email_outbox',
      `insert into email_outbox (id, kind, created_at, sent_at, attempts)
       select gen_random_uuid(), (array['claim-link','claim-submitted','step-changed'])[1 + g % 3],
              now() - (g::float8 / ($1 / 2)) * interval '8 days',
              now() - (g::float8 / ($1 / 2)) * interval '8 days' + interval '2 seconds', 1
         from generate_series(1, ($1 / 2)::int) g`,
      [claims],
    );
    const analyze = Date.now();
    await client.query('analyze');
    log(`  analyze: ${((Date.now() - analyze) / 1000).toFixed(1)} s`);
    return await sampleOf(client, claims);
  } finally {
    await client.end();
  }
}

/**
 * The claims the staff calls look up, sampled from a database `seedScale` seeded (also one kept
 * between runs of `make bench-scale`, BENCH_SCALE_KEEP).
 */
export async function sampleScale(databaseUrl: string, claims: number): Promise<ScaleSeed> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await sampleOf(client, claims);
  } finally {
    await client.end();
  }
}

async function sampleOf(client: pg.Client, claims: number): Promise<ScaleSeed> {
  const staff = await client.query<{ id: string }>(
    `select id from staff_account where email like 'seed.staff.%' order by email`,
  );
  const sample = await client.query<{
    hashid: string;
    email: string;
    ticket_code: string;
    last_name: string;
    post_code: string;
    phone: string;
    ticket_number: string;
  }>(
    `select c.hashid, c.email, p.ticket_code, ic.personal_details->>'lastName' as last_name,
            ic.personal_details->>'postCode' as post_code, ic.personal_details->>'phoneNumber' as phone,
            coalesce(c.details->>'dbgTicketNumber', c.details->>'scSerialNumber') as ticket_number
       from claim c join claim_process p on p.claim_id = c.id
       join identity_check ic on ic.id = c.identity_check_id
      where c.status = 'submitted' and c.reference > $1 and p.ticket_code is not null
        and c.reference % $2 = 0 limit 200`,
    [REFERENCE_BASE, Math.max(1, Math.floor(claims / 2000))],
  );
  return {
    claims,
    hashids: sample.rows.map((row) => row.hashid),
    emails: sample.rows.map((row) => row.email),
    ticketCodes: sample.rows.map((row) => row.ticket_code),
    lastNames: sample.rows.map((row) => row.last_name),
    postcodes: sample.rows.map((row) => row.post_code),
    phones: sample.rows.map((row) => row.phone),
    ticketNumbers: sample.rows.map((row) => row.ticket_number),
    staffIds: staff.rows.map((row) => row.id),
  };
}
