/**
 * Time and answer size of hostile 64 kB JSON bodies (issue 21, point 1): each is refused by the
 * contract's validation before any token is looked up, so what it costs is validation and the
 * error answer. Starts the real server against an embedded PostgreSQL in a temp folder, in this
 * process: the CPU time printed is the process's (server and client) for one request, which a
 * busy machine inflates far less than the wall time.
 *
 *   node bench/hostile-bodies.ts            (from the repository root, Node 24 on PATH)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '../server/src/config/config.ts';
import { createLogger } from '../server/src/http/logger.ts';
import { startEmbeddedPostgres } from '../server/src/infra/embedded-postgres.ts';
import { startServer } from '../server/src/server.ts';

const ROUNDS = 5;

/** `prefix` + as many `item`s as fit in `bytes` + `suffix`. */
function filled(
  bytes: number,
  prefix: string,
  item: (n: number) => string,
  suffix: string,
): string {
  const parts: string[] = [];
  let size = prefix.length + suffix.length;
  for (let n = 0; ; n++) {
    const next = item(n);
    if (size + next.length + 1 > bytes) break;
    parts.push(next);
    size += next.length + 1;
  }
  return `${prefix}${parts.join(',')}${suffix}`;
}

const token = 'A'.repeat(43);
// 64 kB, and just under the JSON body limit (8 kB) where the body is parsed and validated.
const cases = [64 * 1024, 8 * 1024 - 64].flatMap((bytes) => {
  const kB = `${Math.round(bytes / 1024)} kB`;
  return [
    {
      name: `${kB} sectionTypeList, distinct unknown values`,
      path: `/api/v1/claim/info-request/${token}`,
      body: filled(bytes, '{"sectionTypeList":[', (n) => `"${n.toString(36)}"`, ']}'),
    },
    {
      name: `${kB} sectionTypeList, one valid value repeated`,
      path: `/api/v1/claim/info-request/${token}`,
      body: filled(bytes, '{"sectionTypeList":[', () => '"ID_DOCUMENTS"', ']}'),
    },
    {
      name: `${kB} sectionTypeList, distinct values, gzip`,
      path: `/api/v1/claim/info-request/${token}`,
      body: filled(bytes, '{"sectionTypeList":[', (n) => `"${n.toString(36)}"`, ']}'),
      gzip: true,
    },
    {
      name: `${kB} claim start, unknown properties`,
      path: '/api/v1/claim',
      body: filled(bytes, '{"email":"a@example.com",', (n) => `"p${n}":1`, '}'),
    },
  ];
});

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-bodies-'));
const postgres = await startEmbeddedPostgres({
  dataDir: path.join(root, 'pg'),
  database: 'hostile',
});
const config = loadConfig({
  DATABASE_URL: postgres.url,
  SMTP_URL: 'smtp://127.0.0.1:1',
  PORT: '0',
  UPLOAD_DIR: path.join(root, 'uploads'),
  OPERATOR_API_TOKEN: 'bench-operator-token-0123456789abcdef',
  RATE_LIMIT_SECRET: 'bench-rate-limit-secret-0123456789abcdef',
  LOG_LEVEL: 'silent',
});
const server = await startServer(config, createLogger('silent'));
try {
  for (const { name, path: target, body, gzip } of cases) {
    const sent = gzip ? gzipSync(body) : Buffer.from(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (gzip) headers['content-encoding'] = 'gzip';
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let status = 0;
    let answerBytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const res = await fetch(`${server.url}${target}`, { method: 'POST', headers, body: sent });
      const answer = Buffer.from(await res.arrayBuffer());
      times.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuStarted);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      status = res.status;
      answerBytes = answer.length;
    }
    const median = (values: number[]) =>
      values
        .sort((a, b) => a - b)
        [Math.floor(values.length / 2)]!.toFixed(1)
        .padStart(7);
    console.log(
      `${name.padEnd(50)} sent ${String(sent.length).padStart(6)} B  status ${status}  answer ${String(answerBytes).padStart(8)} B  median of ${ROUNDS}: ${median(times)} ms wall, ${median(cpuTimes)} ms CPU`,
    );
  }
} finally {
  await server.close();
  await postgres.stop();
  fs.rmSync(root, { recursive: true, force: true });
}
