/**
 * `make bench`: the product's figures against baselines measured in the same run (issue 7.1).
 *
 *   1. builds the client and weighs each page's initial JS and CSS (gzipped) from Vite's manifest;
 *   2. starts PostgreSQL (embedded, in a temporary folder; or DATABASE_URL), a discarding SMTP
 *      listener, the product server (`node server/src/start.ts`, its own process) and the
 *      baseline server (bare node:http + pg + nodemailer doing each API call's row writes and
 *      e-mail, bench/raw-server.ts, its own process);
 *   3. address find p95 (bench/address/find-bench.ts), Lighthouse on / and a claim page,
 *      20 concurrent 15 MB uploads against plain stream copies to the same disk (and against
 *      bare node:http floors, bench/upload-floor-server.ts), then the five
 *      API calls at 50 connections and at a fixed 300 requests/s against the baseline;
 *   4. prints the table and writes bench/results.json.
 *
 *   5. start-claim requests/s through a round-robin proxy (bench/round-robin-proxy.ts, its own
 *      process) to one product server, then to two on the same database (`api.start.scale_2x`),
 *      with each run's CPU per request by process;
 *   6. claim starts while 200 staff sign-ins with made-up addresses arrive at once, against the
 *      quiet claim starts of the same run (`staff.signin_burst.*`, issue 30; bench/lib/signin-burst.ts).
 *
 * Knobs: BENCH_SECONDS (per load run, default 10), BENCH_WARMUP_SECONDS (2), BENCH_LIGHTHOUSE_RUNS
 * (3), BENCH_LIGHTHOUSE_REPORTS (a folder: each Lighthouse run's JSON report is kept there), BENCH_UPLOAD_ROUNDS (2), BENCH_ONLY (comma list of client,address,lighthouse,upload,api,scale,signin;
 * `BENCH_ONLY=signin` is the quick run of the sign-in burst alone), BENCH_SIGNIN_ROUNDS (bursts, 5),
 * BENCH_CALLS (comma list of api calls: ticket_check,verify,identity,submit,start),
 * BENCH_PROFILE=1 (the server runs under --cpu-prof, a fresh process per phase; profiles land in
 * bench/profiles/<phase>/, one per thread; summarise one
 * with `node bench/profile-summary.ts FILE`), BENCH_PERF=1 (`perf record` of the machine around each
 * API load run), BENCH_KEEP=1 (keeps the scratch folder: the server's log and the uploads),
 * BENCH_SERVER_NODE_ARGS (extra node flags for the product server, e.g. "--trace-gc", to try V8
 * settings without editing the product).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../server/src/infra/embedded-postgres.ts';
import { freePort } from '../server/src/infra/free-port.ts';
import { clientWeights } from './lib/client-size.ts';
import { cpuUse, describeCpu } from './lib/cpu-use.ts';
import { lighthouseFigures } from './lib/lighthouse.ts';
import { load, prebuilt, type Call, type LoadResult } from './lib/load.ts';
import { paced } from './lib/paced.ts';
import { perfRecord } from './lib/perf-record.ts';
import { CALLS, type ApiCall } from './lib/api-calls.ts';
import { quiesce } from './lib/quiesce.ts';
import { repoRoot, sampleRss, sleep, startNode, type Child } from './lib/processes.ts';
import { markdownTable, printTable, type Row } from './lib/report.ts';
import { claimSource, seedClaims, unsanitizedUploads, unsentEmails } from './lib/seed.ts';
import { signInBurst } from './lib/signin-burst.ts';
import { diskRound, floorRound, flushWrites, uploadImage, uploadRound } from './lib/upload.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const UPLOAD_ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 2);
const SIGNIN_ROUNDS = Number(process.env.BENCH_SIGNIN_ROUNDS ?? 5);
const FIXED_RATE = 300;
const CONNECTIONS = 50;
const UPLOADS = 20;
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'client,address,lighthouse,upload,api,scale,signin')
    .split(',')
    .map((s) => s.trim()),
);
const PROFILE = process.env.BENCH_PROFILE === '1';
const PERF = process.env.BENCH_PERF === '1';
const KEEP = process.env.BENCH_KEEP === '1';
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const profileDir = path.join(repoRoot, 'bench/profiles');
const ONLY_CALLS = process.env.BENCH_CALLS
  ? new Set(process.env.BENCH_CALLS.split(',').map((s) => s.trim()))
  : undefined;

interface Product {
  server: Child;
  restart(profileName?: string): Promise<Child>;
}

const metrics: Record<string, number> = {};
const rows: Row[] = [];
const notes: string[] = [];
const put = (name: string, value: number, unit: string, baseline?: string): void => {
  metrics[name] = Number(value.toFixed(3));
  rows.push({ name, value, unit, baseline });
};
const log = (text: string): void =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}`);
const stops: Array<() => Promise<unknown>> = [];
/** The embedded PostgreSQL's postmaster: CPU figures count its processes only (not with DATABASE_URL). */
let postmaster: number | undefined;
const began = Date.now();

async function main(): Promise<void> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prize-bench-'));
  if (!KEEP) stops.push(async () => fs.rmSync(runDir, { recursive: true, force: true }));
  log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}, ${SECONDS} s per load run; scratch ${runDir}`,
  );
  // Other work on the machine shows in every figure: recorded beside them.
  metrics['machine.cpus'] = os.cpus().length;
  metrics['machine.loadavg_1m_at_start'] = Number(os.loadavg()[0]!.toFixed(2));

  // 1. Client: build, then weigh (the server serves this build to Lighthouse).
  if (ONLY.has('client') || ONLY.has('lighthouse')) {
    log('building the client (npm run build -w client)');
    const build = spawnSync('npm', ['run', 'build', '-w', 'client'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      const reason = /error during build:\s*\n([^\n]*\n[^\n]*)/
        .exec(stripVTControlCharacters(build.stdout + build.stderr))?.[1]
        ?.trim();
      if (!fs.existsSync(path.join(repoRoot, 'client/dist/.vite/manifest.json')))
        throw new Error(`client build failed: ${reason}\n${build.stderr.slice(-2000)}`);
      notes.push(
        `client build FAILED (${reason}): client and Lighthouse figures are of the previous build in client/dist`,
      );
    }
  }
  if (ONLY.has('client')) {
    const weights = clientWeights(path.join(repoRoot, 'client/dist'));
    put(
      'client.start.js_gz_kb',
      weights.start.jsGzipBytes / 1024,
      'KiB',
      `${weights.start.jsFiles.length} file(s), react+react-dom alone ≈ 68 KiB`,
    );
    put('client.start.css_gz_kb', weights.start.cssGzipBytes / 1024, 'KiB');
    put(
      'client.claim.js_gz_kb',
      weights.claim.jsGzipBytes / 1024,
      'KiB',
      `start page + ${weights.claim.jsFiles.length - weights.start.jsFiles.length} lazy chunk(s)`,
    );
    put('client.claim.css_gz_kb', weights.claim.cssGzipBytes / 1024, 'KiB');
  }

  // 2. Processes.
  let postgres: EmbeddedPostgres | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    log('starting embedded PostgreSQL');
    postgres = await startEmbeddedPostgres({
      dataDir: path.join(runDir, 'pg'),
      database: 'claims_bench',
    });
    // Run as root, the data may have moved under /var/tmp/prize-claim/ (docs/adr/003): removed too.
    stops.push(async () =>
      fs.rmSync(path.dirname(postgres!.dataDir), { recursive: true, force: true }),
    );
    stops.push(() => postgres!.stop());
    databaseUrl = postgres.url;
    postmaster = Number(
      fs.readFileSync(path.join(postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
  }
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // An idle client's connection ends when PostgreSQL stops at the end (57P01): without a
  // listener the pool's error event would crash the run after its results are written.
  db.on('error', () => undefined);
  stops.push(() => db.end());

  const smtpPort = await freePort();
  const smtp = await startNode({
    name: 'SMTP sink',
    script: 'bench/smtp-sink.ts',
    env: { SMTP_PORT: String(smtpPort) },
    logFile: path.join(runDir, 'smtp.log'),
    readyPath: '/',
  });
  stops.push(() => smtp.stop());

  const uploadDir = path.join(runDir, 'uploads');
  const serverEnv: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    UPLOAD_DIR: uploadDir,
    OPERATOR_API_TOKEN: randomBytes(24).toString('base64url'),
    RATE_LIMIT_SECRET: randomBytes(32).toString('base64url'),
    // Behind a proxy, as in production: each start comes from its own client address
    // (X-Forwarded-For), so the default rate limits apply as they would to real claimants.
    TRUST_PROXY: 'loopback',
  };
  if (PROFILE || PERF) fs.mkdirSync(profileDir, { recursive: true });
  const product: Product = {
    server: undefined as unknown as Child,
    /** A fresh server process; when profiling, one per phase so each profile covers one phase. */
    async restart(profileName) {
      await product.server?.stop();
      product.server = await startNode({
        name: 'product server',
        script: 'server/src/start.ts',
        env: serverEnv,
        nodeArgs: [
          // Node's own file names (they hold the thread id): a worker thread's profile then sits
          // beside the main thread's instead of overwriting it.
          ...(PROFILE && profileName
            ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, profileName)}`]
            : []),
          ...(PERF ? ['--perf-basic-prof-only-functions'] : []),
          ...SERVER_NODE_ARGS,
        ],
        logFile: path.join(runDir, 'server.log'),
        readyPath: '/api/v1/health',
        timeoutMs: 300_000,
      });
      log(
        `product server ${product.server.url} (pid ${product.server.pid})${PROFILE && profileName ? `, profiling into bench/profiles/${profileName}/` : ''}`,
      );
      return product.server;
    },
  };
  log(
    'starting the product server (node server/src/start.ts); the first start seeds the address index',
  );
  await product.restart('startup');
  stops.push(() => product.server.stop());
  const server = product.server;

  // 3a. Address: reuse bench/address (its own server in its own process, on the same database).
  if (ONLY.has('address')) await addressPhase(databaseUrl);

  // 3b. Lighthouse on the start page and a claim page (a fresh, unverified claim's link).
  if (ONLY.has('lighthouse')) {
    const [claim] = await seedClaims(db, 1, 'started');
    for (const [page, url] of [
      ['start', `${server.url}/`],
      ['claim', `${server.url}/claim/${claim!.token}`],
    ] as const) {
      log(
        `Lighthouse (mobile preset) on ${page === 'start' ? '/' : '/claim/{token}'}, ${LIGHTHOUSE_RUNS} run(s)`,
      );
      const figures = await lighthouseFigures(url, LIGHTHOUSE_RUNS);
      put(`lighthouse.${page}.performance`, figures.performance, '');
      put(`lighthouse.${page}.accessibility`, figures.accessibility, '');
      put(`lighthouse.${page}.lcp_ms`, figures.lcpMs, 'ms');
      put(`lighthouse.${page}.cls`, figures.cls, '');
      if (figures.failing.length)
        notes.push(`Lighthouse ${page}: failing audits: ${figures.failing.join(', ')}`);
    }
  }

  // 3c. Uploads.
  if (ONLY.has('upload'))
    await uploadPhase(
      PROFILE ? await product.restart('upload') : product.server,
      db,
      runDir,
      uploadDir,
    );

  // 3d. API calls.
  if (ONLY.has('api'))
    await apiPhase(product, db, runDir, {
      databaseUrl,
      smtpUrl: serverEnv.SMTP_URL!,
      smtpPid: smtp.pid,
    });

  // 3e. Start-claim through a round-robin proxy, one instance against two (issue 26).
  if (ONLY.has('scale')) await scalePhase(product.server, serverEnv, db, runDir, smtp.pid);

  // 3f. Claim starts while staff sign-ins with made-up addresses arrive in bursts (issue 30).
  if (ONLY.has('signin')) await signInBurstPhase(product.server, db);

  const smtpStatus = (await fetch(smtp.url).then((res) => res.json())) as { received: number };
  log(`e-mails received by the SMTP sink: ${smtpStatus.received}`);
}

async function addressPhase(databaseUrl: string): Promise<void> {
  const script = path.join(repoRoot, 'bench/address/find-bench.ts');
  if (!fs.existsSync(script)) {
    // Hook: bench/address/find-bench.ts prints "find p95 at 1 connection: <ms> ms".
    notes.push('address.find.p95_ms not measured: bench/address/find-bench.ts is missing');
    return;
  }
  log('address find on the full local index (bench/address/find-bench.ts)');
  const seconds = String(Math.max(3, Math.round(SECONDS / 2)));
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_SECONDS: seconds },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  await new Promise((resolve) => child.once('close', resolve));
  const p95 = /find p95 at 1 connection: ([\d.]+) ms/.exec(output);
  const baseline = /GET \/api\/v1\/health \(baseline\)\s+1\s+\S+\s+\S+\s+([\d.]+)/.exec(output);
  if (!p95) {
    notes.push(
      `address.find.p95_ms not measured: bench/address/find-bench.ts printed no p95:\n${output.slice(-1500)}`,
    );
    return;
  }
  put(
    'address.find.p95_ms',
    Number(p95[1]),
    'ms',
    baseline ? `health p95 ${baseline[1]} ms, 1 connection` : '1 connection',
  );
}

async function uploadPhase(
  server: Child,
  db: pg.Pool,
  runDir: string,
  uploadDir: string,
): Promise<void> {
  const image = await uploadImage();
  const mb = (image.bytes.length / 1e6).toFixed(1);
  log(
    `uploads: ${UPLOADS} concurrent ${mb} MB ${image.type} uploads x ${UPLOAD_ROUNDS} round(s), against plain stream copies`,
  );
  const source = path.join(runDir, 'upload-source');
  fs.writeFileSync(source, image.bytes);
  const claims = await seedClaims(db, UPLOADS * UPLOAD_ROUNDS + 2, 'verified');
  // A small warm-up round: the first upload compiles the multipart, hashing and checking paths.
  await uploadRound(
    server.url,
    server.pid,
    claims.slice(-2).map((c) => c.token),
    image,
  );
  await settle(
    db,
    claims.slice(-2).map((c) => c.claimId),
  );
  const upload: number[] = [];
  const disk: number[] = [];
  const reencode: number[] = [];
  let growth = 0;
  let settleGrowth = 0;
  const failures: string[] = [];
  // Bare node:http under the same uploads, adding the product's per-byte work a piece at a time:
  // where the figure stands against what multipart parsing and hashing cost on this machine.
  const floorDir = path.join(uploadDir, '..', 'floor');
  const floorServer = await startNode({
    name: 'upload floor',
    script: 'bench/upload-floor-server.ts',
    env: { UPLOAD_FLOOR_DIR: floorDir },
    logFile: path.join(runDir, 'upload-floor.log'),
    readyPath: '/',
  });
  stops.push(() => floorServer.stop());
  const floors = {
    plain: [] as number[],
    multipart: [] as number[],
    'multipart-sha256': [] as number[],
  };
  await floorRound(`${floorServer.url}/multipart-sha256`, floorDir, 2, image);
  const megabytes = (UPLOADS * image.bytes.length) / 1e6;
  for (let round = 0; round < UPLOAD_ROUNDS; round++) {
    flushWrites();
    disk.push(
      await diskRound(source, path.join(uploadDir, '..', 'disk-copy'), UPLOADS, image.bytes.length),
    );
    for (const [floor, figures] of Object.entries(floors)) {
      flushWrites();
      const cpu = cpuUse({
        node: { 'load generator': process.pid, floor: floorServer.pid },
        postmaster,
      });
      figures.push(await floorRound(`${floorServer.url}/${floor}`, floorDir, UPLOADS, image));
      if (round === 0) log(`  floor ${floor}: ${describeCpu(cpu.stop(megabytes), 'MB')}`);
    }
    const batch = claims.slice(UPLOADS * round, UPLOADS * (round + 1));
    flushWrites();
    const cpu = cpuUse({ node: { 'load generator': process.pid, server: server.pid }, postmaster });
    const result = await uploadRound(
      server.url,
      server.pid,
      batch.map((c) => c.token),
      image,
    );
    log(
      `  product round ${round + 1}: ${result.mbPerSecond.toFixed(0)} MB/s (disk copy ${disk.at(-1)!.toFixed(0)}), ${describeCpu(cpu.stop(megabytes), 'MB')}`,
    );
    upload.push(result.mbPerSecond);
    growth = Math.max(growth, result.rssGrowthBytes);
    failures.push(...result.failures);
    // The server re-encodes every upload in the background: each round starts once that is done.
    const rss = sampleRss(server.pid, 5);
    reencode.push(
      await settle(
        db,
        batch.map((c) => c.claimId),
      ),
    );
    settleGrowth = Math.max(settleGrowth, rss.stop().peak - result.rssBefore);
  }
  const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;
  const mbs = mean(upload);
  const diskMbs = mean(disk);
  put('upload.mb_s', mbs, 'MB/s', `disk copy ${diskMbs.toFixed(0)} MB/s`);
  put('upload.disk_mb_s', diskMbs, 'MB/s', `${UPLOADS} concurrent stream copies, same disk`);
  put(
    'upload.vs_disk',
    mbs / diskMbs,
    '',
    `${mbs.toFixed(0)} / ${diskMbs.toFixed(0)} MB/s, mean of ${UPLOAD_ROUNDS}`,
  );
  put('upload.rss_growth_mb', growth / 1e6, 'MB', 'peak RSS - RSS before, /proc every 5 ms');
  put(
    'upload.floor.http_mb_s',
    mean(floors.plain),
    'MB/s',
    'bare node:http, body to a file, own process',
  );
  put(
    'upload.floor.multipart_mb_s',
    mean(floors.multipart),
    'MB/s',
    'bare node:http + busboy, file part to a file',
  );
  const hashedFloor = mean(floors['multipart-sha256']);
  put(
    'upload.floor.multipart_sha256_mb_s',
    hashedFloor,
    'MB/s',
    'bare node:http + busboy + SHA-256',
  );
  put(
    'upload.vs_floor',
    mbs / hashedFloor,
    '',
    `${mbs.toFixed(0)} / ${hashedFloor.toFixed(0)} MB/s: the product against bare node:http + busboy + SHA-256`,
  );
  await floorServer.stop();
  if (reencode.some((s) => s > 0)) {
    put(
      'upload.reencode_s',
      mean(reencode),
      's',
      `background re-encoding of ${UPLOADS} uploads, after the round`,
    );
    put(
      'upload.reencode_rss_growth_mb',
      settleGrowth / 1e6,
      'MB',
      'peak RSS while re-encoding - RSS before the round',
    );
  }
  if (failures.length) notes.push(`uploads: ${failures.length} failed, e.g. ${failures[0]}`);
}

/** Waits (up to 3 minutes) until the server has re-encoded these claims' uploads; the seconds it took. */
async function settle(db: pg.Pool, claimIds: string[]): Promise<number> {
  const started = Date.now();
  while ((await unsanitizedUploads(db, claimIds)) > 0) {
    if (Date.now() - started > 180_000) {
      notes.push('uploads: background re-encoding still running after 3 minutes');
      break;
    }
    await sleep(250);
  }
  return (Date.now() - started) / 1000;
}

/**
 * Waits (up to 4 minutes) until the e-mails queued by earlier phases are sent, so their sending
 * does not load the next call's figures; logs the pace at which the server sent them.
 */
async function drainOutbox(db: pg.Pool, what: string): Promise<void> {
  const started = Date.now();
  const before = await unsentEmails(db);
  let queued = before;
  while (queued > 0 && Date.now() - started < 240_000) {
    await sleep(500);
    queued = await unsentEmails(db);
  }
  const seconds = (Date.now() - started) / 1000;
  if (before > 0)
    log(
      `  ${before - queued} queued e-mails sent in ${seconds.toFixed(0)} s before ${what} (${((before - queued) / seconds).toFixed(0)}/s)`,
    );
  if (queued > 0)
    notes.push(
      `${what}: ${queued} e-mails of earlier runs were still queued after 4 minutes (the server sends them meanwhile)`,
    );
}

/** Vacuum and checkpoint before a measured load (bench/lib/quiesce.ts); noted once if CHECKPOINT is not allowed. */
async function settleDatabase(db: pg.Pool): Promise<void> {
  const { checkpointed } = await quiesce(db);
  if (!checkpointed && !notes.some((note) => note.startsWith('CHECKPOINT')))
    notes.push(
      "CHECKPOINT refused (not a superuser): runs may pay for flushing the set-up's writes",
    );
}

function check(result: LoadResult, what: string): void {
  if (result.non2xx || result.errors)
    notes.push(
      `${what}: ${result.non2xx} non-2xx, ${result.errors} errors/timeouts of ${result.requests}; e.g. ${result.samples.join(' | ')}`,
    );
}

/**
 * The baseline's request for a call: the same method and body (a fresh e-mail address, client
 * address or set of ids each time), sent to the baseline's route for that call.
 */
function rawCallOf(api: ApiCall): Call {
  const call = api.make(() => ({
    token: 'raw',
    identityCheckUuid: randomUUID(),
    front: randomUUID(),
    back: randomUUID(),
  }));
  return { method: call.method, next: () => ({ ...call.next(), path: `/${api.name}` }) };
}

/** Waits (up to 2 minutes) until the baseline has sent the e-mails of its run, as drainOutbox does for the product. */
async function drainRawOutbox(db: pg.Pool, what: string): Promise<void> {
  const started = Date.now();
  const unsent = async () =>
    (
      await db.query<{ n: number }>(
        'select count(*)::int as n from bench_raw_mail where sent_at is null',
      )
    ).rows[0]!.n;
  while ((await unsent()) > 0) {
    if (Date.now() - started > 120_000) {
      notes.push(`${what}: the baseline's e-mails were still queued after 2 minutes`);
      return;
    }
    await sleep(250);
  }
}

async function apiPhase(
  product: Product,
  db: pg.Pool,
  runDir: string,
  { databaseUrl, smtpUrl, smtpPid }: { databaseUrl: string; smtpUrl: string; smtpPid: number },
): Promise<void> {
  log(
    "baseline: bare node:http + pg + nodemailer, each call's row writes and e-mail (bench/raw-server.ts)",
  );
  const raw = await startNode({
    name: 'raw server',
    script: 'bench/raw-server.ts',
    env: { DATABASE_URL: databaseUrl, SMTP_URL: smtpUrl },
    logFile: path.join(runDir, 'raw.log'),
    readyPath: '/',
  });
  stops.push(() => raw.stop());
  // The floor of p99 on this machine: the same paced load on a GET that touches no database.
  const floor = await paced({
    url: raw.url,
    call: { method: 'GET', next: () => ({ path: '/' }) },
    seconds: SECONDS,
    rate: FIXED_RATE,
  });
  const rawRuns: number[] = [];
  const rawP99s: Array<{ call: string; p99: number; p50: number }> = [];

  for (const api of CALLS.filter((call) => !ONLY_CALLS || ONLY_CALLS.has(call.name))) {
    // The call's baseline runs right before it, so a ratio compares two runs seconds apart (other
    // work on a shared machine moves both alike). Its requests are built beforehand, as the
    // product's are, in a number that follows its warm-up's pace.
    log(`${api.name}: ${api.label}`);
    const rawCall = rawCallOf(api);
    const rawWarm = await load({ url: raw.url, call: rawCall, seconds: WARMUP_SECONDS });
    const rawRun = prebuilt(rawCall, Math.ceil(Math.max(rawWarm.rps, 100) * SECONDS * 2) + 500);
    await drainRawOutbox(db, `raw ${api.name}`);
    await settleDatabase(db);
    const rawCpu = cpuUse({
      node: { 'load generator': process.pid, raw: raw.pid, 'smtp sink': smtpPid },
      postmaster,
    });
    const rawRps = await load({ url: raw.url, call: rawRun, seconds: SECONDS });
    log(`  raw ${describeCpu(rawCpu.stop(rawRps.requests))}`);
    check(rawRps, `raw ${api.name}`);
    rawRuns.push(rawRps.rps);
    await drainRawOutbox(db, `raw ${api.name} at ${FIXED_RATE} req/s`);
    await settleDatabase(db);
    const rawRate = await paced({
      url: raw.url,
      call: prebuilt(rawCall, Math.ceil(FIXED_RATE * SECONDS * 1.2) + 200),
      seconds: SECONDS,
      rate: FIXED_RATE,
    });
    check(rawRate, `raw ${api.name} at ${FIXED_RATE} req/s`);
    rawP99s.push({ call: api.name, p99: rawRate.p99, p50: rawRate.p50 });
    await drainRawOutbox(db, `raw ${api.name}, before the product`);
    const server = PROFILE ? await product.restart(`api-${api.name}`) : product.server;
    await drainOutbox(db, api.name);
    // Enough prepared claims for the warm-up; the run's own count follows the faster of the
    // warm-up's and the baseline's pace, with a margin. A reused claim would be a different call:
    // it is reported.
    const prepare = async (count: number) => {
      const claims = api.state ? await seedClaims(db, count, api.state) : [];
      const source = claimSource(claims);
      return { source, call: prebuilt(api.make(source.next), count) };
    };
    // The baseline can be the slower of the two (it does the call's writes and e-mail in full).
    const warm = await prepare(Math.ceil(Math.max(rawRps.rps * 2, 1000) * WARMUP_SECONDS) + 200);
    const warmResult = await load({ url: server.url, call: warm.call, seconds: WARMUP_SECONDS });
    const full = await prepare(
      Math.ceil(Math.max(warmResult.rps, rawRps.rps, 100) * SECONDS * 2) + 500,
    );
    await settleDatabase(db);
    const perf = PERF
      ? await perfRecord(path.join(profileDir, `perf-${api.name}.data`))
      : undefined;
    const cpu = cpuUse({
      node: { 'load generator': process.pid, server: server.pid, 'smtp sink': smtpPid },
      postmaster,
    });
    const rps = await load({ url: server.url, call: full.call, seconds: SECONDS });
    await perf?.stop();
    log(`  ${api.name} ${describeCpu(cpu.stop(rps.requests))}`);
    if (api.state && full.source.reused())
      notes.push(
        `${api.name}: ${full.source.reused()} requests reused a claim (raise the seed margin)`,
      );
    await drainOutbox(db, `${api.name} at ${FIXED_RATE} req/s`);
    const fixed = await prepare(Math.ceil(FIXED_RATE * SECONDS * 1.2) + 200);
    await settleDatabase(db);
    const rate = await paced({
      url: server.url,
      call: fixed.call,
      seconds: SECONDS,
      rate: FIXED_RATE,
    });
    check(rps, `${api.name} at ${CONNECTIONS} connections`);
    check(rate, `${api.name} at ${FIXED_RATE} req/s`);
    put(
      `api.${api.name}.rps`,
      rps.rps,
      'req/s',
      `raw ${rawRps.rps.toFixed(0)} req/s (same writes and e-mail) just before`,
    );
    put(
      `api.${api.name}.vs_raw`,
      rps.rps / rawRps.rps,
      '',
      `${rps.rps.toFixed(0)} / ${rawRps.rps.toFixed(0)}`,
    );
    put(
      `api.${api.name}.p99_ms`,
      rate.p99,
      'ms',
      `raw ${rawRate.p99.toFixed(1)} ms; p50 ${rate.p50.toFixed(1)} ms`,
    );
    log(
      `  ${rps.rps.toFixed(0)} req/s (raw ${rawRps.rps.toFixed(0)}), p99 ${rate.p99} ms at ${FIXED_RATE}/s`,
    );
  }
  await raw.stop();
  const mean = rawRuns.reduce((sum, v) => sum + v, 0) / Math.max(rawRuns.length, 1);
  const spread = rawRuns.length
    ? `${Math.min(...rawRuns).toFixed(0)}-${Math.max(...rawRuns).toFixed(0)}`
    : '';
  put(
    'api.raw.rps',
    mean,
    'req/s',
    `node:http + pg + nodemailer, ${CONNECTIONS} connections; mean of the ${rawRuns.length} calls' baselines (${spread})`,
  );
  const worst = rawP99s.reduce<(typeof rawP99s)[number] | undefined>(
    (top, run) => (!top || run.p99 > top.p99 ? run : top),
    undefined,
  );
  if (worst)
    put(
      'api.raw.p99_ms',
      worst.p99,
      'ms',
      `at ${FIXED_RATE} req/s, the highest of the calls' baselines (${worst.call}); p50 ${worst.p50.toFixed(1)} ms`,
    );
  put(
    'api.floor.p99_ms',
    floor.p99,
    'ms',
    `node:http, no database, at ${FIXED_RATE} req/s; p50 ${floor.p50.toFixed(1)} ms`,
  );
}

/**
 * Start-claim through the same kind of proxy to one instance, then to two (a second server process
 * on the same database), in the same run: the ratio says what a second instance buys on this
 * machine, and the CPU split says who takes the cores (on two shared cores, PostgreSQL and the
 * load generator compete with the instances, so the ratio stays well under 2).
 */
async function scalePhase(
  first: Child,
  env: Record<string, string>,
  db: pg.Pool,
  runDir: string,
  smtpPid: number,
): Promise<void> {
  const start = CALLS.find((call) => call.name === 'start')!;
  log('scale: a second product server on the same database');
  const second = await startNode({
    name: 'second product server',
    script: 'server/src/start.ts',
    env: { ...env, UPLOAD_DIR: path.join(runDir, 'uploads-2') },
    logFile: path.join(runDir, 'server-2.log'),
    readyPath: '/api/v1/health/ready',
    timeoutMs: 300_000,
  });
  stops.push(() => second.stop());
  const results: Record<string, number> = {};
  for (const [label, upstreams] of [
    ['1x', [first]],
    ['2x', [first, second]],
  ] as const) {
    // startNode gives the proxy its PORT.
    const proxy = await startNode({
      name: `proxy ${label}`,
      script: 'bench/round-robin-proxy.ts',
      env: { UPSTREAMS: upstreams.map((server) => server.url).join(',') },
      logFile: path.join(runDir, `proxy-${label}.log`),
      readyPath: '/api/v1/health/ready',
    });
    await drainOutbox(db, `scale ${label}`);
    const noClaim = () => ({ token: '' });
    await load({
      url: proxy.url,
      call: prebuilt(start.make(noClaim), 3_000 * WARMUP_SECONDS),
      seconds: WARMUP_SECONDS,
    });
    await drainOutbox(db, `scale ${label} after warm-up`);
    await settleDatabase(db);
    const cpu = cpuUse({
      node: {
        'load generator': process.pid,
        proxy: proxy.pid,
        'server A': first.pid,
        'server B': upstreams.length > 1 ? second.pid : undefined,
        'smtp sink': smtpPid,
      },
      postmaster,
    });
    const run = await load({
      url: proxy.url,
      call: prebuilt(start.make(noClaim), 3_000 * SECONDS),
      seconds: SECONDS,
    });
    const split = describeCpu(cpu.stop(run.requests));
    check(run, `scale ${label}`);
    log(`  ${label}: ${run.rps.toFixed(0)} req/s through the proxy; ${split}`);
    notes.push(
      `api.start.scale ${label} (${upstreams.length} instance${upstreams.length > 1 ? 's' : ''}): ${split}`,
    );
    results[label] = run.rps;
    await proxy.stop();
  }
  put(
    'api.start.scale_1x.rps',
    results['1x']!,
    'req/s',
    'POST /api/v1/claim through the proxy, one instance',
  );
  put('api.start.scale_2x.rps', results['2x']!, 'req/s', 'the same, two instances on one database');
  put(
    'api.start.scale_2x',
    results['2x']! / results['1x']!,
    '',
    `${results['2x']!.toFixed(0)} / ${results['1x']!.toFixed(0)}; CPU split in the notes`,
  );
  await second.stop();
}

/**
 * `staff.signin_burst.claim_p99_ms`: a claimant's start p99 while 200 sign-ins arrive at once
 * (from 5 client addresses), beside the quiet p99 of the same run; the target is at most 3x.
 */
async function signInBurstPhase(server: Child, db: pg.Pool): Promise<void> {
  log(
    `sign-in burst: claim starts at 25/s, quiet, then during ${SIGNIN_ROUNDS} bursts of 200 sign-ins`,
  );
  await drainOutbox(db, 'sign-in burst');
  await settleDatabase(db);
  const burst = await signInBurst({ url: server.url, rounds: SIGNIN_ROUNDS });
  const ratio = burst.burstP99 / burst.quietP99;
  const loadavg = os.loadavg()[0]!.toFixed(2);
  put(
    'staff.signin_burst.claim_p99_ms',
    burst.burstP99,
    'ms',
    `quiet p99 ${burst.quietP99.toFixed(1)} ms (same run); ${burst.burstStarts} starts during ${SIGNIN_ROUNDS} bursts; target <= 3x quiet`,
  );
  put(
    'staff.signin_burst.quiet_p99_ms',
    burst.quietP99,
    'ms',
    `${burst.quietStarts} claim starts at 25/s, nothing else running`,
  );
  put(
    'staff.signin_burst.vs_quiet',
    ratio,
    '',
    `${burst.burstP99.toFixed(1)} / ${burst.quietP99.toFixed(1)} ms; load average ${loadavg}`,
  );
  const statuses = Object.entries(burst.signInStatuses)
    .map(([status, count]) => `${count} x ${status}`)
    .join(', ');
  notes.push(
    `staff.signin_burst: sign-ins answered ${statuses}; slowest burst ${burst.longestBurstMs.toFixed(0)} ms; load average ${loadavg} after`,
  );
  const failed = Object.entries(burst.failedStarts);
  if (failed.length)
    notes.push(
      `staff.signin_burst: claim starts that did not answer 201: ${failed.map(([status, n]) => `${n} x ${status}`).join(', ')}`,
    );
  const errors = Object.entries(burst.errors);
  if (errors.length)
    notes.push(
      `staff.signin_burst: requests with no answer: ${errors.map(([code, n]) => `${n} x ${code}`).join(', ')}`,
    );
  log(
    `  claim start p99 ${burst.burstP99.toFixed(1)} ms during the bursts, ${burst.quietP99.toFixed(1)} ms quiet (x${ratio.toFixed(2)}); sign-ins ${statuses}`,
  );
}

async function stopAll(): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  stops.length = 0;
}

function writeResults(): void {
  const file = path.join(repoRoot, 'bench/results.json');
  fs.writeFileSync(file, `${JSON.stringify({ metrics, at: new Date().toISOString() }, null, 2)}\n`);
  const order = [
    'client.',
    'address.',
    'lighthouse.',
    'upload.',
    'api.floor.',
    'api.raw.',
    'api.',
    'staff.',
  ];
  const rank = (name: string): number => order.findIndex((prefix) => name.startsWith(prefix));
  rows.sort((a, b) => rank(a.name) - rank(b.name));
  printTable(rows);
  for (const note of notes) console.log(`note: ${note}`);
  fs.writeFileSync(path.join(repoRoot, 'bench/results.md'), `${markdownTable(rows)}\n`);
  console.log(
    `\nwrote bench/results.json and bench/results.md in ${((Date.now() - began) / 1000).toFixed(0)} s`,
  );
}

// Interrupted or timed out: the embedded PostgreSQL and the servers are stopped, not left running.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    stopAll().then(() => process.exit(code));
  });
}

try {
  await main();
  writeResults();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
