/**
 * `make bench-scale`: the product on a database as a service years old looks, against the same
 * server on an empty database, in the same run (issue 35). Not part of `make bench`.
 *
 *   1. embedded PostgreSQL (or DATABASE_URL's server), two databases migrated alike: one empty, one
 *      seeded with BENCH_SCALE_CLAIMS submitted claims (default 1,000,000) and what hangs off them
 *      (server/test/support/scale-seed.ts: generate_series and COPY, not the API);
 *   2. on each, a product server (its own process; both run from the start): each claimant
 *      call at 50 connections (req/s) and at a paced 300 req/s (p99), in BENCH_SCALE_ROUNDS
 *      rounds (3), each round measuring both sides one right after the other in alternating
 *      order; `scale.<call>.vs_empty` is the median of the rounds' seeded-over-empty req/s;
 *   3. on each, the staff screens one request at a time: the queue's first page, each filter,
 *      each kind of search (reference, e-mail, name, postcode, phone, ticket number; the queries
 *      the plan test plans), a claim page (with its timeline) and the ticket-code look-up: p95
 *      in ms;
 *   4. on the seeded database, the maintenance job's purge, unused-upload purge, storage
 *      reconciliation, stranded-outbox sweep and sent-outbox deletion, each timed while verify
 *      runs at a paced 300 req/s, with any claimant backend seen waiting on a lock;
 *   5. the database's size per 100k claims; writes bench/results-scale.json (bench/results.json's
 *      format) and prints the table.
 *
 * Knobs: BENCH_SCALE_CLAIMS, BENCH_SECONDS (per load run, default 10), BENCH_WARMUP_SECONDS (2),
 * BENCH_STAFF_REQUESTS (requests per staff screen, default 100), BENCH_CALLS (as make bench),
 * BENCH_SCALE_PARTS (which of `claimant,staff,maintenance` to measure; default all three),
 * BENCH_SCALE_ROUNDS (rounds of each claimant call on each side, 3).
 *
 * BENCH_SCALE_KEEP=<folder> keeps the seeded database between runs: the embedded PostgreSQL's
 * data lives in <folder> and is not removed at the end, and a later run with the same folder
 * and the same BENCH_SCALE_CLAIMS migrates the kept database (new migrations apply to it) and
 * skips the seeding (5-6 minutes at 1M). The empty database is made anew each time. What a run
 * writes stays: the claimant calls' claims (a few thousand per run), and the maintenance part's
 * purges; measure `BENCH_SCALE_PARTS=staff` on a kept database as often as needed, the other
 * parts on a fresh one when the figure is to be recorded. Not with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createLogger } from '../server/src/http/logger.ts';
import { migrate, openDatabase } from '../server/src/db/orm.ts';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../server/src/infra/embedded-postgres.ts';
import { freePort } from '../server/src/infra/free-port.ts';
import {
  expireAndPurgeClaims,
  purgeUnreferencedUploads,
} from '../server/src/modules/claim/retention.ts';
import { reconcileStorage } from '../server/src/modules/maintenance/reconcile-storage.ts';
import { localDiskStorage } from '../server/src/modules/files/storage.ts';
import { deleteSentEmails } from '../server/src/modules/mail/outbox.ts';
import { strandedIds } from '../server/src/modules/mail/outbox-sender.ts';
import { staffKeys, tokenHash } from '../server/src/modules/staff/auth/staff-secrets.ts';
import {
  queueQueries,
  sampleScale,
  seedScale,
  type ScaleSeed,
} from '../server/test/support/scale-seed.ts';
import { CALLS } from './lib/api-calls.ts';
import { load, prebuilt } from './lib/load.ts';
import { paced } from './lib/paced.ts';
import { repoRoot, sleep, startNode, type Child } from './lib/processes.ts';
import { quiesce } from './lib/quiesce.ts';
import { printTable, type Row } from './lib/report.ts';
import { claimSource, seedClaims, unsentEmails } from './lib/seed.ts';

const CLAIMS = Number(process.env.BENCH_SCALE_CLAIMS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const STAFF_REQUESTS = Number(process.env.BENCH_STAFF_REQUESTS ?? 100);
/** Rounds of each claimant call on each side (BENCH_SCALE_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const FIXED_RATE = 300;
/** The servers' staff key, so the bench's staff sessions are made under it. */
const STAFF_SECRET_KEY = randomBytes(32).toString('base64url');

const PARTS = new Set(
  (process.env.BENCH_SCALE_PARTS ?? 'claimant,staff,maintenance').split(',').map((s) => s.trim()),
);
const KEEP = process.env.BENCH_SCALE_KEEP ? path.resolve(process.env.BENCH_SCALE_KEEP) : undefined;
/** Marks a kept database whose seeding finished (a killed seeding leaves none). */
const SEEDED_MARK = `seeded with ${CLAIMS} claims`;

const ONLY_CALLS = process.env.BENCH_CALLS
  ? new Set(process.env.BENCH_CALLS.split(',').map((s) => s.trim()))
  : undefined;

const metrics: Record<string, number> = {};
const rows: Row[] = [];
const notes: string[] = [];
const put = (name: string, value: number, unit: string, baseline?: string): void => {
  metrics[name] = Number(value.toFixed(3));
  rows.push({ name, value, unit, baseline });
};
const log = (text: string): void =>
  console.log(`[bench-scale ${new Date().toISOString().slice(11, 19)}] ${text}`);
const stops: Array<() => Promise<unknown>> = [];
const began = Date.now();

interface Side {
  label: 'empty' | 'scale';
  url: string;
  db: pg.Pool;
  uploadDir: string;
  seed?: ScaleSeed;
}

async function main(): Promise<void> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prize-bench-scale-'));
  stops.push(async () => fs.rmSync(runDir, { recursive: true, force: true }));
  log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}, ${CLAIMS.toLocaleString('en-GB')} claims, ${SECONDS} s per load run`,
  );
  metrics['machine.cpus'] = os.cpus().length;
  metrics['machine.loadavg_1m_at_start'] = Number(os.loadavg()[0]!.toFixed(2));
  metrics['scale.claims'] = CLAIMS;

  let baseUrl = process.env.DATABASE_URL;
  if (baseUrl && KEEP)
    throw new Error('BENCH_SCALE_KEEP keeps the embedded PostgreSQL: unset DATABASE_URL');
  let postgres: EmbeddedPostgres | undefined;
  if (!baseUrl) {
    log(`starting embedded PostgreSQL${KEEP ? ` on ${KEEP} (kept)` : ''}`);
    postgres = await startEmbeddedPostgres({
      dataDir: path.join(KEEP ?? runDir, 'pg'),
      database: 'claims_bench_scale',
    });
    if (!KEEP)
      stops.push(async () =>
        fs.rmSync(path.dirname(postgres!.dataDir), { recursive: true, force: true }),
      );
    stops.push(() => postgres!.stop());
    baseUrl = postgres.url;
  }
  const sides: Side[] = [];
  let reused = false;
  for (const label of ['empty', 'scale'] as const) {
    const url = new URL(baseUrl);
    const name = KEEP
      ? `bench_${label}_${CLAIMS}`
      : `bench_${label}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const { rows: found } = await admin.query<{ mark: string | null }>(
      `select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`,
      [name],
    );
    if (label === 'scale' && found[0]?.mark === SEEDED_MARK) reused = true;
    else {
      if (found.length) await admin.query(`drop database "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
    }
    await admin.end();
    url.pathname = `/${name}`;
    const orm = await openDatabase(url.toString(), createLogger('silent'));
    await migrate(orm);
    await orm.close();
    const db = new pg.Pool({ connectionString: url.toString(), max: 4 });
    // As in bench/run.ts: PostgreSQL stopping at the end (57P01) must not crash the run.
    db.on('error', () => undefined);
    stops.push(() => db.end());
    sides.push({
      label,
      url: url.toString(),
      db,
      uploadDir: path.join(KEEP && label === 'scale' ? KEEP : runDir, `uploads-${label}`),
    });
  }
  const [empty, scale] = sides as [Side, Side];
  const size = async (side: Side) =>
    Number((await side.db.query('select pg_database_size(current_database()) as n')).rows[0].n);
  const emptyBytes = await size(empty);
  if (reused) {
    log(`reusing the kept database seeded with ${CLAIMS.toLocaleString('en-GB')} claims`);
    scale.seed = await sampleScale(scale.url, CLAIMS);
  } else {
    log(`seeding ${CLAIMS.toLocaleString('en-GB')} claims (generate_series and COPY)`);
    const seedBegan = Date.now();
    scale.seed = await seedScale(scale.url, CLAIMS, log);
    const seedSeconds = (Date.now() - seedBegan) / 1000;
    put('scale.seed_s', seedSeconds, 's', 'generate_series + COPY, indexes in place, then ANALYZE');
    if (KEEP)
      await scale.db.query(
        `comment on database "${new URL(scale.url).pathname.slice(1)}" is '${SEEDED_MARK}'`,
      );
  }
  const seededBytes = await size(scale);
  put(
    'scale.db_mb_per_100k_claims',
    ((seededBytes - emptyBytes) / 1e6 / CLAIMS) * 100_000,
    'MB',
    `${((seededBytes - emptyBytes) / 1e9).toFixed(2)} GB for ${CLAIMS.toLocaleString('en-GB')}`,
  );
  const tables = await scale.db.query<{ name: string; rows: string; mb: string }>(
    `select relname as name, n_live_tup as rows, round(pg_total_relation_size(relid) / 1e6) as mb
       from pg_stat_user_tables where n_live_tup > 0 order by pg_total_relation_size(relid) desc limit 12`,
  );
  notes.push(
    `seeded tables: ${tables.rows.map((t) => `${t.name} ${Number(t.rows).toLocaleString('en-GB')} rows ${t.mb} MB`).join('; ')}`,
  );

  const smtpPort = await freePort();
  const smtp = await startNode({
    name: 'SMTP sink',
    script: 'bench/smtp-sink.ts',
    env: { SMTP_PORT: String(smtpPort) },
    logFile: path.join(runDir, 'smtp.log'),
    readyPath: '/',
  });
  stops.push(() => smtp.stop());

  const figures: Record<string, Array<{ rps: number; p99: number }>> = {};
  const staffFigures: Record<string, number> = {};
  // Both servers run from the start, so each claimant call is measured on one side right after
  // the other, in alternating order: what the machine does meanwhile weighs on both alike.
  const servers = new Map<Side, Child>();
  for (const side of [empty, scale]) {
    const server = await startNode({
      name: `product server (${side.label})`,
      script: 'server/src/start.ts',
      env: {
        DATABASE_URL: side.url,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        UPLOAD_DIR: side.uploadDir,
        OPERATOR_API_TOKEN: randomBytes(24).toString('base64url'),
        RATE_LIMIT_SECRET: randomBytes(32).toString('base64url'),
        STAFF_SECRET_KEY,
        TRUST_PROXY: 'loopback',
      },
      logFile: path.join(runDir, `server-${side.label}.log`),
      readyPath: '/api/v1/health/ready',
      timeoutMs: 600_000,
    });
    // Stopped on SIGINT/SIGTERM too, not only at the end.
    stops.push(() => server.stop());
    servers.set(side, server);
    log(`product server on the ${side.label} database: ${server.url}`);
  }
  if (PARTS.has('claimant')) await claimantCalls(servers, [empty, scale], figures);
  for (const side of [empty, scale]) {
    const server = servers.get(side)!;
    if (PARTS.has('staff')) await staffScreens(server, side, staffFigures);
    if (PARTS.has('maintenance') && side.label === 'scale') await maintenance(server, side);
  }
  for (const api of CALLS.filter(
    (call) => PARTS.has('claimant') && (!ONLY_CALLS || ONLY_CALLS.has(call.name)),
  )) {
    const e = figures[`empty.${api.name}`]!;
    const s = figures[`scale.${api.name}`]!;
    const rounds = e.map((_, round) => s[round]!.rps / e[round]!.rps);
    put(
      `scale.${api.name}.rps`,
      median(s.map((run) => run.rps)),
      'req/s',
      `empty database ${median(e.map((run) => run.rps)).toFixed(0)} req/s (medians of ${e.length} rounds)`,
    );
    put(
      `scale.${api.name}.vs_empty`,
      median(rounds),
      '',
      `median of the rounds' ratios ${rounds.map((ratio) => ratio.toFixed(2)).join(', ')}`,
    );
    put(
      `scale.${api.name}.p99_ms`,
      median(s.map((run) => run.p99)),
      'ms',
      `empty database ${median(e.map((run) => run.p99)).toFixed(1)} ms, at ${FIXED_RATE} req/s (medians)`,
    );
  }
  for (const [name, p95] of Object.entries(staffFigures).filter(([n]) => n.startsWith('scale.'))) {
    const screen = name.slice('scale.'.length);
    put(
      `scale.staff.${screen}.p95_ms`,
      p95,
      'ms',
      `empty database ${staffFigures[`empty.${screen}`]?.toFixed(1)} ms; ${STAFF_REQUESTS} requests, 1 connection`,
    );
  }
}

/**
 * Each claimant call in ROUNDS rounds, each round on both sides one after the other (empty
 * first in odd rounds, seeded first in even ones, so a drift of the machine's speed falls on
 * both alike): req/s at 50 connections and p99 at a paced 300 req/s.
 */
async function claimantCalls(
  servers: Map<Side, Child>,
  sides: Side[],
  figures: Record<string, Array<{ rps: number; p99: number }>>,
): Promise<void> {
  for (const api of CALLS.filter((call) => !ONLY_CALLS || ONLY_CALLS.has(call.name))) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const server = servers.get(side)!;
        const prepare = async (count: number) => {
          const claims = api.state ? await seedClaims(side.db, count, api.state) : [];
          return prebuilt(api.make(claimSource(claims).next), count);
        };
        await drain(side.db);
        const warm = await load({
          url: server.url,
          call: await prepare(1000 * WARMUP_SECONDS),
          seconds: WARMUP_SECONDS,
        });
        const full = await prepare(Math.ceil(Math.max(warm.rps, 100) * SECONDS * 2) + 500);
        await quiesce(side.db);
        const rps = await load({ url: server.url, call: full, seconds: SECONDS });
        await drain(side.db);
        const fixed = await prepare(Math.ceil(FIXED_RATE * SECONDS * 1.2) + 200);
        await quiesce(side.db);
        const rate = await paced({
          url: server.url,
          call: fixed,
          seconds: SECONDS,
          rate: FIXED_RATE,
        });
        for (const [what, result] of [
          ['50 connections', rps],
          [`${FIXED_RATE} req/s`, rate],
        ] as const)
          if (result.non2xx || result.errors)
            notes.push(
              `${side.label} ${api.name} at ${what}: ${result.non2xx} non-2xx, ${result.errors} errors; e.g. ${result.samples.join(' | ')}`,
            );
        (figures[`${side.label}.${api.name}`] ??= []).push({ rps: rps.rps, p99: rate.p99 });
        log(
          `  round ${round + 1} ${side.label} ${api.name}: ${rps.rps.toFixed(0)} req/s, p99 ${rate.p99} ms at ${FIXED_RATE}/s`,
        );
      }
    }
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Waits (up to 2 minutes) for the e-mails queued by the last run to go out. */
async function drain(db: pg.Pool): Promise<void> {
  const started = Date.now();
  while ((await unsentEmails(db)) > 0 && Date.now() - started < 120_000) await sleep(500);
}

/** A member of staff's session, written to the database (signing in is not what is measured). */
async function staffCookie(side: Side): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const { rows: staff } = await side.db.query<{ id: string }>(
    `insert into staff_account (id, email, name, roles, totp_secret_sealed, setup_completed_at)
     values (gen_random_uuid(), 'bench.' || gen_random_uuid() || '@staff.example.co.uk', 'Bench advisor', array['claims_advisor'], null, now())
     returning id`,
  );
  await side.db.query(
    // Made under the server's key (a session of another key has ended).
    `insert into staff_session (id, token_hash, staff_id, idle_expires_at, expires_at, key_id)
     values (gen_random_uuid(), $1, $2, now() + interval '8 hours', now() + interval '8 hours', $3)`,
    [tokenHash(token), staff[0]!.id, staffKeys(STAFF_SECRET_KEY).id],
  );
  return `staff_session=${token}`;
}

async function staffScreens(
  server: Child,
  side: Side,
  figures: Record<string, number>,
): Promise<void> {
  const cookie = await staffCookie(side);
  // On the empty database, one submitted claim of the seeding's kind to look at.
  const seed = side.seed ?? (await seedScale(side.url, 1));
  const screens: Array<[string, (i: number) => string]> = [
    ['queue.first_page', () => '/api/v1/staff/claims'],
    // Each filter and each kind of search, as the plan test plans them.
    ...queueQueries(seed).map(([name], index): [string, (i: number) => string] => [
      `queue.${name}`,
      (i) => `/api/v1/staff/claims?${queueQueries(seed, i)[index]![1]}`,
    ]),
    ['claim_page', (i) => `/api/v1/staff/claims/${seed.hashids[i % seed.hashids.length]}`],
    [
      'ticket_code',
      (i) => `/api/v1/staff/ticket-codes/${seed.ticketCodes[i % seed.ticketCodes.length]}`,
    ],
  ];
  for (const [name, pathOf] of screens) {
    const times: number[] = [];
    let failed = '';
    for (let i = 0; i < STAFF_REQUESTS + 5; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}${pathOf(i)}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) failed ||= `${res.status} on ${pathOf(i)}`;
      // The first few warm the route up.
      if (i >= 5) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.ceil(0.95 * times.length) - 1]!;
    figures[`${side.label}.${name}`] = p95;
    if (failed) notes.push(`${side.label} staff ${name}: ${failed}`);
    log(`  ${side.label} staff ${name}: p95 ${p95.toFixed(1)} ms`);
  }
}

/**
 * The maintenance job's parts on the seeded database, each while verify runs at a paced
 * 300 req/s: how long each takes, and whether a claimant's backend was seen waiting on a lock.
 */
async function maintenance(server: Child, side: Side): Promise<void> {
  const orm = await openDatabase(side.url, createLogger('silent'));
  const storage = localDiskStorage(side.uploadDir);
  const logger = createLogger('silent');
  const verify = CALLS.find((call) => call.name === 'verify')!;
  const tasks: Array<[string, () => Promise<unknown>]> = [
    ['purge', () => expireAndPurgeClaims(orm.em.fork(), storage, 60, logger)],
    ['unused_uploads', () => purgeUnreferencedUploads(orm.em.fork(), storage, logger)],
    ['reconcile_storage', () => reconcileStorage(orm.em.fork(), storage, logger)],
    ['outbox_stranded', () => strandedIds(side.db, 100)],
    ['outbox_delete_sent', () => deleteSentEmails(orm.em.fork())],
  ];
  try {
    for (const [name, task] of tasks) {
      const claims = await seedClaims(
        side.db,
        Math.ceil(FIXED_RATE * SECONDS * 1.2) + 200,
        'started',
      );
      await quiesce(side.db);
      let lockWaits = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const { rows } = await side.db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query ~* 'claim'`,
          );
          lockWaits = Math.max(lockWaits, rows[0]!.n);
          await sleep(20);
        }
      })();
      const loadRun = paced({
        url: server.url,
        call: prebuilt(verify.make(claimSource(claims).next), claims.length),
        seconds: SECONDS,
        rate: FIXED_RATE,
      });
      await sleep(1000);
      const t0 = performance.now();
      await task();
      const seconds = (performance.now() - t0) / 1000;
      const rate = await loadRun;
      sampling = false;
      await sampler;
      put(
        `scale.maintenance.${name}_s`,
        seconds,
        's',
        `verify p99 meanwhile ${rate.p99} ms at ${FIXED_RATE}/s`,
      );
      put(
        `scale.maintenance.${name}.lock_waits`,
        lockWaits,
        '',
        'most claimant backends seen waiting on a lock at once (pg_stat_activity every 20 ms)',
      );
      log(
        `  maintenance ${name}: ${seconds.toFixed(2)} s, verify p99 ${rate.p99} ms, lock waits ${lockWaits}`,
      );
    }
  } finally {
    await orm.close();
  }
}

async function stopAll(): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  stops.length = 0;
}

function writeResults(): void {
  fs.writeFileSync(
    path.join(repoRoot, 'bench/results-scale.json'),
    `${JSON.stringify({ metrics, at: new Date().toISOString() }, null, 2)}\n`,
  );
  printTable(rows);
  for (const note of notes) console.log(`note: ${note}`);
  console.log(`\nwrote bench/results-scale.json in ${((Date.now() - began) / 1000).toFixed(0)} s`);
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.once(signal, () => {
    stopAll().then(() => process.exit(code));
  });

try {
  await main();
  writeResults();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
