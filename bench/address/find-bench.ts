/**
 * Address find benchmark: latency (p50/p95/p99 at 1 connection) and throughput (50 connections)
 * of GET /api/address/find on the full local index, next to GET /api/v1/health (a one-row
 * `select 1`) measured in the same run on the same server, so machine noise shows in both.
 *
 *   node bench/address/find-bench.ts            (BENCH_SECONDS=10 per phase by default)
 *
 * Uses DATABASE_URL when set, else an embedded PostgreSQL in a temporary folder. Exits 1 when the
 * find p95 at 1 connection is 25 ms or more.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../../server/src/config/config.ts';
import { createLogger } from '../../server/src/http/logger.ts';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../server/src/infra/embedded-postgres.ts';
import { startServer } from '../../server/src/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const P95_TARGET_MS = 25;

// What claimants type, keystroke group by keystroke group (the widget debounces 500 ms).
const SEARCHES = [
  '1',
  '10',
  '10 d',
  '10 dow',
  '10 downing',
  '10 downing st',
  '10 downing stret',
  'S',
  'SW1A',
  'SW1A 2',
  'SW1A 2AA',
  'IM2',
  'IM1 1',
  'IM1 1JE',
  'M1 1',
  'LS6 2AB',
  'B1',
  'EH1 1',
  'CF10',
  'BT1 2',
  'high',
  'high st',
  'high street',
  'high street edinburgh',
  'church road',
  'churhc road',
  'elm grove',
  'elm grove leeds',
  'victoria',
  'victoria house',
  'flat 2',
  'flat 2 11 athol',
  'athol street douglas',
  'priory point',
  'rose cottage',
  'london',
  'leeds',
  'douglas',
  'manchester',
  'glasgow',
  'queen street cardiff',
  '22 princes street',
  'kensington court',
  'the old rectory',
  'ballaquayle road',
  'wilmslow rd',
  'byres road glasgow',
  '14 elm grove',
  'mill lane',
  'station road',
];

interface Phase {
  label: string;
  connections: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(
  label: string,
  url: string,
  paths: string[],
  connections: number,
): Promise<Phase> {
  let next = 0;
  const times: number[] = [];
  let failed = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: SECONDS,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      if (statusCode !== 200) failed++;
    });
  });
  times.sort((a, b) => a - b);
  return {
    label,
    connections,
    requests: times.length,
    perSecond: times.length / SECONDS,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failed: failed + result.errors + result.timeouts,
  };
}

function row(cells: Array<string | number>, widths: number[]): string {
  return cells.map((cell, i) => String(cell).padEnd(widths[i]!)).join('  ');
}

async function main(): Promise<void> {
  let postgres: EmbeddedPostgres | undefined;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'address-bench-'));
  const databaseUrl =
    process.env.DATABASE_URL ??
    (postgres = await startEmbeddedPostgres({
      dataDir: path.join(scratch, 'pg'),
      database: 'address_bench',
    })).url;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    SMTP_URL: 'smtp://127.0.0.1:1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SECRET: 'bench-rate-limit-secret-0123456789abcdef',
    UPLOAD_DIR: path.join(scratch, 'uploads'),
    ADDRESS_PROVIDER: 'local',
    RATE_LIMIT_ADDRESS_PER_CLIENT: '1000000',
  });
  const started = performance.now();
  const server = await startServer(config, createLogger('silent'));
  const startupSeconds = (performance.now() - started) / 1000;
  try {
    const { rows } = await (
      await server.orm.em.getConnection().getNativeClient()
    ).query<{ n: number }>('select count(*)::int as n from address');
    const findPaths = SEARCHES.map(
      (text) => `/api/address/find?${new URLSearchParams({ Text: text, Countries: 'GB,IM' })}`,
    );
    // Warm the pool's prepared statements and PostgreSQL's caches before measuring.
    await measure('warm-up', server.url, findPaths, 4);

    const phases = [
      await measure('GET /api/v1/health (baseline)', server.url, ['/api/v1/health'], 1),
      await measure('GET /api/address/find', server.url, findPaths, 1),
      await measure('GET /api/v1/health (baseline)', server.url, ['/api/v1/health'], 50),
      await measure('GET /api/address/find', server.url, findPaths, 50),
    ];

    const widths = [32, 5, 8, 8, 8, 8, 7];
    console.log(
      `\nAddress find on the full local index: ${rows[0]!.n.toLocaleString('en-GB')} addresses; server start-up (migrations + index check/seed) ${startupSeconds.toFixed(1)} s`,
    );
    console.log(
      `${SEARCHES.length} search texts in rotation, ${SECONDS} s per phase, Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log(
      row(['endpoint', 'conns', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-200'], widths),
    );
    for (const phase of phases) {
      console.log(
        row(
          [
            phase.label,
            phase.connections,
            phase.perSecond.toFixed(0),
            phase.p50.toFixed(1),
            phase.p95.toFixed(1),
            phase.p99.toFixed(1),
            phase.failed,
          ],
          widths,
        ),
      );
    }
    const [health1, find1, health50, find50] = phases as [Phase, Phase, Phase, Phase];
    console.log(
      `\nfind / baseline: p95 at 1 connection ${(find1.p95 / Math.max(health1.p95, 1)).toFixed(1)}x, throughput at 50 connections ${(find50.perSecond / health50.perSecond).toFixed(2)}x`,
    );
    const pass = find1.p95 < P95_TARGET_MS && find1.failed === 0 && find50.failed === 0;
    console.log(
      `find p95 at 1 connection: ${find1.p95.toFixed(1)} ms (target < ${P95_TARGET_MS} ms): ${pass ? 'PASS' : 'FAIL'}\n`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.close();
    await postgres?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
