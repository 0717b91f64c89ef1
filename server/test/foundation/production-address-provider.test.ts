import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

const base = {
  DATABASE_URL: 'postgres://u@localhost/db',
  SMTP_URL: 'smtp://localhost:25',
  RATE_LIMIT_SECRET: 'x'.repeat(32),
  // Production's other required settings (this file is about the address provider).
  STAFF_SECRET_KEY: 'k'.repeat(40),
  SMTP_REQUIRE_TLS: 'false',
  PAYMENT_DETAILS_URL: 'https://payments.example/form',
};

describe('the address provider in production (issue 34)', () => {
  it('when NODE_ENV=production leaves ADDRESS_PROVIDER unset, then the start is refused, naming both choices', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(
      /ADDRESS_PROVIDER must be set in production: loqate .*local/,
    );
  });

  it('when production chooses the generated local set on purpose, then it is served', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production', ADDRESS_PROVIDER: 'local' });
    expect(config.addressProvider).toBe('local');
  });

  it('when production chooses Loqate with its key, then it is used', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'production',
      ADDRESS_PROVIDER: 'loqate',
      LOQATE_API_KEY: 'key',
    });
    expect(config.addressProvider).toBe('loqate');
  });

  it('when development leaves it unset, then the generated local set is the default', () => {
    expect(loadConfig(base).addressProvider).toBe('local');
  });
});
