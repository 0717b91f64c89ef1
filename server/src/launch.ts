import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './infra/embedded-postgres.ts';
import { startMailCatcher, type MailCatcher } from './infra/mail-catcher.ts';
import { createLogger } from './http/logger.ts';
import { startServer } from './server.ts';

/**
 * `make start`: the product with embedded defaults for whatever is not configured, PostgreSQL
 * (data under .data/) when DATABASE_URL is unset and a mail catcher when SMTP_URL is unset.
 * Ctrl-C stops everything it started.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.join(repoRoot, '.data');

function operatorToken(): string {
  const file = path.join(dataDir, 'operator-token');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

async function launch(): Promise<void> {
  const env = { ...process.env };
  let postgres: EmbeddedPostgres | undefined;
  let mail: MailCatcher | undefined;
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    if (!env.DATABASE_URL) {
      postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg') });
      stops.push(() => postgres!.stop());
      env.DATABASE_URL = postgres.url;
    }
    if (!env.SMTP_URL) {
      mail = await startMailCatcher();
      stops.push(() => mail!.stop());
      env.SMTP_URL = mail.smtpUrl;
    }
    env.OPERATOR_API_TOKEN ||= operatorToken();
    env.UPLOAD_DIR ||= path.join(dataDir, 'uploads');
    const config = loadConfig(env, repoRoot);
    const logger = createLogger(config.logLevel);
    const server = await startServer(config, logger);
    stops.push(() => server.close());

    const lines = [
      '',
      `  Claim service   ${config.publicUrl}/`,
      `  API health      ${config.publicUrl}/api/v1/health`,
      mail ? `  Mail inbox      ${mail.inboxUrl}  (SMTP ${mail.smtpUrl})` : `  Mail            ${new URL(config.smtpUrl).host} (SMTP_URL)`,
      postgres ? `  PostgreSQL      embedded, data in ${postgres.dataDir}` : '  PostgreSQL      DATABASE_URL',
      env.OPERATOR_API_TOKEN === process.env.OPERATOR_API_TOKEN
        ? '  Operator token  OPERATOR_API_TOKEN'
        : `  Operator token  ${env.OPERATOR_API_TOKEN}  (stored in .data/operator-token)`,
      '',
      '  Press Ctrl-C to stop.',
      '',
    ];
    process.stdout.write(lines.join('\n'));
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
