import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, PAYMENT_DETAILS_PLACEHOLDER } from '../../src/config/config.ts';

const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/start.ts');

describe('PAYMENT_DETAILS_URL', () => {
  it('when NODE_ENV=production and PAYMENT_DETAILS_URL is unset, then the server does not start and says why in one line', async () => {
    const child = spawn(process.execPath, [entry], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PAYMENT_DETAILS_URL: '',
        RATE_LIMIT_SECRET: 'test-rate-limit-secret-0123456789abcdef',
        OPERATOR_API_TOKEN: 'test-operator-token-0123456789abcdefghij',
        // Everything else production needs, so only the payment link is missing.
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        SMTP_URL: 'smtp://127.0.0.1:1',
        SMTP_REQUIRE_TLS: 'false',
        ADDRESS_PROVIDER: 'local',
        STAFF_SECRET_KEY: 'payment-test-staff-secret-key-0123456789',
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).not.toContain('Listening on');
    const lines = output.trim().split('\n');
    expect(lines, output).toHaveLength(1);
    expect(lines[0]).toContain('PAYMENT_DETAILS_URL is required when NODE_ENV=production');
  });

  it('when it is unset outside production, then the e-mails link to an obviously external placeholder, never a page of the product', () => {
    const config = loadConfig({
      RATE_LIMIT_SECRET: 'test-rate-limit-secret-0123456789abcdef',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    expect(config.paymentDetailsUrl).toBe(PAYMENT_DETAILS_PLACEHOLDER);
    expect(new URL(config.paymentDetailsUrl).hostname).toMatch(/\.invalid$/);
    expect(config.paymentDetailsUrl.startsWith(config.publicUrl)).toBe(false);
  });
});
