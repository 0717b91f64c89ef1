import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { startupBanner } from '../../src/launch-banner.ts';

const env = {
  DATABASE_URL: 'postgres://localhost/claims',
  SMTP_URL: 'smtp://localhost:1025',
  RATE_LIMIT_SECRET: 'banner-test-rate-limit-secret-0123456789',
};
const postgres = {
  url: 'postgres://postgres:s3cr%2Ft-pw@127.0.0.1:41234/claims',
  dataDir: '/repo/.data/pg',
  passwordFile: '/repo/.data/pg-password',
};

describe('the make start banner (issue 34)', () => {
  it('when PostgreSQL is embedded, then its URL is printed with PASSWORD in place of the password, and the file that keeps it', () => {
    const banner = startupBanner({ config: loadConfig(env), postgres });
    expect(banner).toContain('postgres://postgres:PASSWORD@127.0.0.1:41234/claims');
    expect(banner).toContain('PASSWORD is in /repo/.data/pg-password');
    expect(banner).not.toContain('s3cr');
  });

  it('when the launcher made the local admin, then the back office and its set-up link are shown outside production', () => {
    const link = `http://localhost:3000/staff/setup/${'Q'.repeat(43)}`;
    const banner = startupBanner({
      config: loadConfig({ ...env, STAFF_ADMIN_EMAIL: 'admin@localhost' }),
      staffSetupLink: link,
      localAdmin: 'admin@localhost',
    });
    expect(banner).toMatch(
      /Back office\s+http:\/\/localhost:3000\/staff\s+\(local admin admin@localhost\)/,
    );
    expect(banner).toContain(link);
  });

  it('when a second instance joined make start, then it says so instead of naming DATABASE_URL', () => {
    const banner = startupBanner({ config: loadConfig(env), joined: true });
    expect(banner).toContain("PostgreSQL      make start's (joined)");
  });
});
