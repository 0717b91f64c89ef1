import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { createLogger } from '../../src/http/logger.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server.ts';

export interface TestServer extends RunningServer {
  config: Config;
  /** Every log line the server wrote, as text (debug level). */
  logs: string[];
}

/** A real server on a free port against the run's PostgreSQL, checking answers against the contract. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-uploads-'));
  const config = loadConfig({
    DATABASE_URL: inject('databaseUrl'),
    SMTP_URL: 'smtp://127.0.0.1:1',
    PORT: '0',
    UPLOAD_DIR: uploadDir,
    LOG_LEVEL: 'debug',
    OPERATOR_API_TOKEN: 'test-operator-token-0123456789abcdef',
    RATE_LIMIT_SECRET: 'test-rate-limit-secret-0123456789abcdef',
    // Every test file starts claims from 127.0.0.1; the rate-limit test sets its own limits.
    RATE_LIMIT_START_PER_CLIENT: '100000',
    RATE_LIMIT_ADDRESS_PER_CLIENT: '100000',
    RATE_LIMIT_OPERATOR_FAILURES_PER_CLIENT: '100000',
    RATE_LIMIT_STAFF_SIGN_IN_FAILURES_PER_CLIENT: '100000',
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const running = await startServer(config, createLogger(config.logLevel, sink), {
    validateResponses: true,
    emailRetryDelaySeconds: 1,
    // Servers of different test files share the database but not their upload folder or SMTP
    // listener: each gets its own job queue, so its e-mails and images are handled by itself.
    jobSchema: `pgboss_${randomBytes(6).toString('hex')}`,
    // Accounts and sessions of other test files, under their own keys, share the database.
    staffKeyCheck: false,
    ...options,
  });
  return { ...running, config, logs };
}
