import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '@prize/server/infra/embedded-postgres';
import { freePort } from '@prize/server/infra/free-port';
import { startMailCatcher, type MailCatcher } from '@prize/server/infra/mail-catcher';
import { setUpFirstAdmin, type SharedAdmin } from './first-admin.ts';
import { startProcess, type Started } from './processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    target: 'mock' | 'real';
    /** Where every scenario sends its requests: Prism (mock, or proxy in front of the real server). */
    baseUrl: string;
    /**
     * The real server itself, bypassing Prism (equal to baseUrl on the mock). Only for what the
     * proxy cannot carry: see `direct` in support/api.ts.
     */
    serverUrl: string;
    /** PUBLIC_URL of the real server: the base of the links in its e-mails ('' on the mock). */
    publicUrl: string;
    inboxUrl: string;
    operatorToken: string;
    /**
     * Real target: the first admin, set up and signed in once for every scenario file (its
     * set-up link works once; support/first-admin.ts). null on the mock.
     */
    firstAdmin: SharedAdmin | null;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (tool: string): string => path.join(root, 'node_modules/.bin', tool);
const contract = path.join(root, 'generated/openapi.json');
const OPERATOR_TOKEN = 'contract-operator-token-0123456789abcdef';
// The first back-office admin: its set-up link is e-mailed at start-up (support/first-admin.ts).
const STAFF_ADMIN_EMAIL = 'staff-admin@example.com';
const STAFF_ADMIN_PASSWORD = 'correct horse battery staple';

const stops: Array<() => Promise<void>> = [];
const crashes: Array<() => string | undefined> = [];

/**
 * mock: the scenarios run against `prism mock` of the contract.
 * real: against the real server (embedded PostgreSQL and mail catcher) behind `prism proxy
 * --errors`, which turns any answer that breaks the contract into a 500 with sl-violations.
 */
export async function setup(project: TestProject): Promise<void> {
  const target = process.env.CONTRACT_TARGET === 'real' ? 'real' : 'mock';
  project.provide('target', target);
  project.provide('operatorToken', OPERATOR_TOKEN);
  const prismPort = await freePort();
  if (target === 'mock') {
    const prism = await startProcess(
      bin('prism'),
      ['mock', '-h', '127.0.0.1', '-p', String(prismPort), contract],
      process.env,
      /Prism is listening/,
    );
    stops.push(() => prism.stop(3_000));
    crashes.push(prism.crash);
    project.provide('baseUrl', `http://127.0.0.1:${prismPort}`);
    project.provide('serverUrl', `http://127.0.0.1:${prismPort}`);
    project.provide('publicUrl', '');
    project.provide('inboxUrl', '');
    project.provide('firstAdmin', null);
    return;
  }
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-contract-'));
  const postgres: EmbeddedPostgres = await startEmbeddedPostgres({
    dataDir: path.join(dataRoot, 'pg'),
    database: 'claims_contract',
  });
  stops.push(async () => {
    await postgres.stop();
    fs.rmSync(path.dirname(postgres.dataDir), { recursive: true, force: true });
    fs.rmSync(dataRoot, { recursive: true, force: true });
  });
  const mail: MailCatcher = await startMailCatcher();
  stops.push(mail.stop);
  const serverPort = await freePort();
  const publicUrl = `http://127.0.0.1:${serverPort}`;
  const server: Started = await startProcess(
    process.execPath,
    [path.join(root, 'server/src/start.ts')],
    {
      ...process.env,
      PORT: String(serverPort),
      DATABASE_URL: postgres.url,
      SMTP_URL: mail.smtpUrl,
      UPLOAD_DIR: path.join(dataRoot, 'uploads'),
      OPERATOR_API_TOKEN: OPERATOR_TOKEN,
      STAFF_ADMIN_EMAIL,
      // The first admin's one session serves every scenario file (support/first-admin.ts): it
      // must outlive the whole run, not 30 idle minutes (the absolute 12 hours still apply).
      STAFF_SESSION_IDLE_MINUTES: '720',
      RATE_LIMIT_SECRET: 'contract-rate-limit-secret-0123456789abcdef',
      PUBLIC_URL: publicUrl,
      // Small, so the 413 scenario stays cheap (the default is 15mb).
      MAX_FILE_SIZE: '1mb',
      // The server does sit behind a reverse proxy on this host (Prism): client addresses come from
      // X-Forwarded-For, which support/api.ts sets so that each scenario is its own client and the
      // per-client rate limit of claim starts throttles only the scenario that tests it.
      TRUST_PROXY: 'loopback',
      // 'info': the ready line "Listening on" is logged at info level.
      LOG_LEVEL: 'info',
    },
    /Listening on/,
  );
  // The server's own graceful shutdown allows 10 s for connections and 5 s for its queue.
  stops.push(() => server.stop(20_000));
  crashes.push(server.crash);
  // --validate-request=false: with request validation on, Prism answers an invalid request itself
  // (a 422 problem+json, or its own 401 for a missing bearer) and never forwards it, so the real
  // server's own 400 validation answers would never be exercised. Off, every request reaches the
  // server and Prism still checks every answer against the contract (--errors: a breaking answer
  // becomes a 500 with an sl-violations header, which every scenario asserts is absent).
  // Prism 5.16 proxy limits the scenarios work around (support/api.ts, `direct`):
  // - an upstream 501 is re-mocked from the contract's examples (prism-core factory.js), so a
  //   not-implemented operation would look like a success: the 501 probes go to the server directly;
  // - request and response bodies other than JSON are read as UTF-8 text, which corrupts binary
  //   uploads and downloads: binary uploads, and the byte check of a download, go directly;
  // - a body that is not valid JSON is refused by Prism's own parser before forwarding;
  // - a request without a credential the operation's security names (the staff_session cookie,
  //   the X-CSRF-Token header) gets Prism's own 401: --validate-request=false does not turn that
  //   check off, and the CLI has no option that does (its checkSecurity is fixed to true), so the
  //   scenarios that send none go directly and check the answer against the contract themselves
  //   (support/contract-answer.ts).
  const prism = await startProcess(
    bin('prism'),
    [
      'proxy',
      '--errors',
      '--validate-request=false',
      '-h',
      '127.0.0.1',
      '-p',
      String(prismPort),
      contract,
      publicUrl,
    ],
    process.env,
    /Prism is listening/,
  );
  stops.push(() => prism.stop(3_000));
  crashes.push(prism.crash);
  project.provide('baseUrl', `http://127.0.0.1:${prismPort}`);
  project.provide('serverUrl', publicUrl);
  project.provide('publicUrl', publicUrl);
  project.provide('inboxUrl', mail.inboxUrl);
  project.provide(
    'firstAdmin',
    await setUpFirstAdmin(
      { baseUrl: `http://127.0.0.1:${prismPort}`, publicUrl, inboxUrl: mail.inboxUrl },
      STAFF_ADMIN_EMAIL,
      STAFF_ADMIN_PASSWORD,
    ),
  );
}

export async function teardown(): Promise<void> {
  const crashed = crashes.map((crash) => crash()).filter(Boolean);
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  if (crashed.length) throw new Error(crashed.join('\n\n'));
}
