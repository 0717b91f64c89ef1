import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '@prize/server/infra/embedded-postgres';
import { freePort } from '@prize/server/infra/free-port';
import { startMailCatcher, type MailCatcher } from '@prize/server/infra/mail-catcher';
import { PAYMENT_DETAILS_URL } from '../support/payment.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'server/src/start.ts');

/** What the tests need to know about the running stack (handed to workers through the environment). */
export interface StackInfo {
  baseUrl: string;
  inboxUrl: string;
  operatorToken: string;
  customerCarePhone: string;
  productName: string;
  fixturesDir: string;
  /** The stack's PostgreSQL, for tests that move a claim's clock. */
  databaseUrl: string;
  /** The back office's first admin (STAFF_ADMIN_EMAIL). */
  staffAdminEmail: string;
}

export interface Stack extends StackInfo {
  stop(): Promise<void>;
}

export const OPERATOR_TOKEN = 'e2e-operator-token-0123456789abcdef0123';
/** The first back-office admin: its set-up link is e-mailed at start-up (issue 24). */
export const STAFF_ADMIN_EMAIL = 'winner-services-admin@example.co.uk';
export const STAFF_SECRET_KEY = 'e2e-staff-secret-key-0123456789abcdef0123';
export const CUSTOMER_CARE_PHONE = '0300 555 0199';
export const PRODUCT_NAME = 'E2E Lottery';
/** Small, so the upload-failure test needs only a 2-3 MB file. */
export const MAX_FILE_SIZE = '2mb';

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited ${child.exitCode}:\n${output().slice(-3000)}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server not healthy within ${timeoutMs} ms:\n${output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The real stack: embedded PostgreSQL in a temp folder, MailDev as the mail catcher, and the
 * server as production runs it (`node server/src/start.ts`, configuration from the environment),
 * serving the built client from client/dist.
 */
export async function startStack(options: {
  logFile?: string;
  fixturesDir: string;
}): Promise<Stack> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'client/dist/index.html'))) {
    throw new Error('client/dist is missing: run `npm run build -w client` (make e2e does it)');
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-e2e-'));
  const uploadDir = path.join(root, 'uploads');
  fs.mkdirSync(uploadDir);
  let postgres: EmbeddedPostgres | undefined;
  let mail: MailCatcher | undefined;
  let server: ChildProcess | undefined;

  const stop = async (): Promise<void> => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise<void>((resolve) => server!.once('exit', () => resolve()));
      server.kill('SIGTERM');
      const force = setTimeout(() => server!.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    }
    await mail?.stop().catch(() => undefined);
    await postgres?.stop();
    // The data folder may have moved under /var/tmp when the postgres user cannot reach /tmp.
    if (postgres && !postgres.dataDir.startsWith(root))
      fs.rmSync(path.dirname(postgres.dataDir), { recursive: true, force: true });
    fs.rmSync(root, { recursive: true, force: true });
  };

  try {
    [postgres, mail] = await Promise.all([
      startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), database: 'claims_e2e' }),
      startMailCatcher(),
    ]);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: postgres.url,
      SMTP_URL: mail.smtpUrl,
      // The embedded mail catcher speaks plain SMTP: chosen on purpose, as production requires.
      SMTP_REQUIRE_TLS: 'false',
      UPLOAD_DIR: uploadDir,
      OPERATOR_API_TOKEN: OPERATOR_TOKEN,
      RATE_LIMIT_SECRET: 'e2e-rate-limit-secret-0123456789abcdef',
      MAX_FILE_SIZE,
      RATE_LIMIT_START_PER_CLIENT: '100000',
      RATE_LIMIT_ADDRESS_PER_CLIENT: '100000',
      IDENTITY_DOCS_REQUIRED: 'rules',
      ADDRESS_PROVIDER: 'local',
      CUSTOMER_CARE_PHONE,
      PRODUCT_NAME,
      LOG_LEVEL: 'info',
      STAFF_ADMIN_EMAIL,
      // Production mode has no embedded default for the key that encrypts TOTP secrets.
      STAFF_SECRET_KEY,
      // Production mode requires the payment provider's form (issue 31).
      PAYMENT_DETAILS_URL,
    };
    for (const name of ['CLAMAV_SOCKET', 'CLAMAV_HOST', 'LOQATE_API_KEY']) delete env[name];
    const log = options.logFile ? fs.createWriteStream(options.logFile) : undefined;
    let output = '';
    server = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [server.stdout!, server.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        if (output.length < 200_000) output += chunk.toString();
        log?.write(chunk);
      });
    }
    await waitForHealth(baseUrl, server, () => output);
    return {
      baseUrl,
      inboxUrl: mail.inboxUrl,
      operatorToken: OPERATOR_TOKEN,
      customerCarePhone: CUSTOMER_CARE_PHONE,
      productName: PRODUCT_NAME,
      fixturesDir: options.fixturesDir,
      databaseUrl: postgres.url,
      staffAdminEmail: STAFF_ADMIN_EMAIL,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
