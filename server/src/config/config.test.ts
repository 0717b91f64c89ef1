import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  RATE_LIMIT_SECRET: 'r'.repeat(32),
};

/** Production's required settings other than the ones a test is about. */
const productionBase = {
  ...base,
  NODE_ENV: 'production',
  ADDRESS_PROVIDER: 'local',
  PAYMENT_DETAILS_URL: 'https://payments.example/form',
};

describe('configuration', () => {
  it('reads sizes with units, and refuses at start-up a size with words after its number', () => {
    expect(loadConfig({ ...base, MAX_FILE_SIZE: '512KB' }, '/repo').maxFileSize).toBe(512 * 1024);
    expect(() => loadConfig({ ...base, MAX_FILE_SIZE: '15 megs' }, '/repo')).toThrow(ConfigError);
  });

  it('gives the documented defaults', () => {
    const config = loadConfig(base, '/repo');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      maxFileSize: 15 * 1024 * 1024,
      claimInactivityMinutes: 20,
      infoRequestInactivityMinutes: 20,
      addressProvider: 'local',
      logLevel: 'info',
      uploadDir: '/repo/.data/uploads',
      trustProxy: false,
      smtpRequireTls: false,
    });
  });

  it('stops on an unparseable MAX_FILE_SIZE with the spec message', () => {
    expect(() => loadConfig({ ...base, MAX_FILE_SIZE: 'lots' })).toThrow(
      'Max file size misconfigured',
    );
  });

  it('stops on bad values with one clear line', () => {
    expect(() => loadConfig({ ...base, PORT: 'x' })).toThrow('PORT must be an integer');
    expect(() => loadConfig({ ...base, ADDRESS_PROVIDER: 'google' })).toThrow(
      'ADDRESS_PROVIDER must be one of local, loqate',
    );
    expect(() => loadConfig({ SMTP_URL: base.SMTP_URL })).toThrow('DATABASE_URL is not set');
  });

  it('reads the address proxy settings: no CORS origin, 120 and 60 lookups a minute, 8 at once by default', () => {
    expect(loadConfig(base)).toMatchObject({
      addressCorsOrigins: [],
      addressLimitPerClient: 120,
      addressLimitPerClaim: 60,
      addressConcurrency: 8,
    });
    expect(
      loadConfig({
        ...base,
        ADDRESS_CORS_ORIGINS: 'https://partner.example, http://localhost:5173',
      }).addressCorsOrigins,
    ).toEqual(['https://partner.example', 'http://localhost:5173']);
  });

  it('stops on an ADDRESS_CORS_ORIGINS entry that is not an origin', () => {
    for (const bad of [
      '*',
      'partner.example',
      'https://partner.example/',
      'https://partner.example/path',
      'ftp://partner.example',
    ]) {
      expect(() => loadConfig({ ...base, ADDRESS_CORS_ORIGINS: bad }), bad).toThrow(
        'ADDRESS_CORS_ORIGINS must list origins',
      );
    }
  });

  it('sizes the upload limits from MAX_FILE_SIZE unless set, and refuses sizes it cannot read', () => {
    expect(loadConfig({ ...base, MAX_FILE_SIZE: '10mb' })).toMatchObject({
      uploadBudgetPerClaim: 80 * 1024 ** 2,
      uploadMinFreeSpace: 1024 ** 3,
      imageDecodeMemory: 1536 * 1024 ** 2,
    });
    expect(
      loadConfig({
        ...base,
        UPLOAD_BUDGET_PER_CLAIM: '50mb',
        UPLOAD_MIN_FREE_SPACE: '0',
        IMAGE_DECODE_MEMORY: '1gb',
      }),
    ).toMatchObject({
      uploadBudgetPerClaim: 50 * 1024 ** 2,
      uploadMinFreeSpace: 0,
      imageDecodeMemory: 1024 ** 3,
    });
    expect(() => loadConfig({ ...base, UPLOAD_BUDGET_PER_CLAIM: 'plenty' })).toThrow(
      "UPLOAD_BUDGET_PER_CLAIM must be a size such as 512mb or 2gb, got 'plenty'",
    );
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses a blanket true', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.1,10.1.0.0/16' }).trustProxy,
    ).toEqual(['loopback', '10.0.0.1', '10.1.0.0/16']);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
      "TRUST_PROXY=true would trust any client's X-Forwarded-For",
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'loopback,proxy.example' })).toThrow(
      'TRUST_PROXY must be a hop count or a comma list',
    );
  });

  it('refuses secrets shorter than 32 characters, and needs the rate-limit secret', () => {
    expect(() => loadConfig({ ...base, OPERATOR_API_TOKEN: 'x'.repeat(31) })).toThrow(
      'OPERATOR_API_TOKEN must be at least 32 characters long',
    );
    expect(loadConfig({ ...base, OPERATOR_API_TOKEN: 'x'.repeat(32) }).operatorApiToken).toBe(
      'x'.repeat(32),
    );
    expect(() => loadConfig({ ...base, RATE_LIMIT_SECRET: 'short' })).toThrow(
      'RATE_LIMIT_SECRET must be at least 32 characters long',
    );
    expect(() => loadConfig({ ...base, RATE_LIMIT_SECRET: '' })).toThrow(
      'RATE_LIMIT_SECRET is not set',
    );
  });

  it('reads SMTP_REQUIRE_TLS', () => {
    expect(loadConfig({ ...base, SMTP_REQUIRE_TLS: 'true' }).smtpRequireTls).toBe(true);
    expect(() => loadConfig({ ...base, SMTP_REQUIRE_TLS: 'yes' })).toThrow(
      'SMTP_REQUIRE_TLS must be one of false, true',
    );
  });
});

describe('storage configuration', () => {
  it('when nothing is set, then uploads stay on the local disk', () => {
    expect(loadConfig(base, '/repo').storage).toEqual({ kind: 'local' });
  });

  it('when STORAGE=s3, then the bucket, endpoint, region and path style are read', () => {
    const env = {
      ...base,
      STORAGE: 's3',
      S3_BUCKET: 'claims',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'eu-west-2',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(env).storage).toEqual({
      kind: 's3',
      bucket: 'claims',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-2',
      forcePathStyle: true,
    });
  });

  it('when STORAGE=s3 lacks a bucket or names an unknown store, then start-up stops with one line', () => {
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow('STORAGE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ ...base, STORAGE: 'gcs' })).toThrow(
      'STORAGE must be one of local, s3',
    );
    expect(() =>
      loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' }),
    ).toThrow('S3_ENDPOINT must use http: or https:');
  });
});

describe('staff configuration', () => {
  it('when nothing is set, then there is no first admin, sessions last 30 idle minutes and 12 hours, and the key is derived', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      staffAdminEmail: undefined,
      staffSessionIdleMinutes: 30,
      staffSessionMaxHours: 12,
      staffSignInFailuresPerClient: 20,
    });
    expect(config.staffSecretKey).not.toBe(base.RATE_LIMIT_SECRET);
    expect(config.staffSecretKey.length).toBeGreaterThanOrEqual(32);
    // The same secret derives the same key: every process of one service agrees.
    expect(loadConfig(base).staffSecretKey).toBe(config.staffSecretKey);
  });

  it('reads the staff settings, the admin address in lower case', () => {
    const config = loadConfig({
      ...base,
      STAFF_ADMIN_EMAIL: ' Admin@Winner.Example ',
      STAFF_SECRET_KEY: 's'.repeat(32),
      STAFF_SESSION_IDLE_MINUTES: '15',
      STAFF_SESSION_MAX_HOURS: '8',
    });
    expect(config).toMatchObject({
      staffAdminEmail: 'admin@winner.example',
      staffSecretKey: 's'.repeat(32),
      staffSessionIdleMinutes: 15,
      staffSessionMaxHours: 8,
    });
  });

  it('when a staff setting is wrong, then start-up stops with one line', () => {
    expect(() => loadConfig({ ...base, STAFF_ADMIN_EMAIL: 'not-an-address' })).toThrow(
      'STAFF_ADMIN_EMAIL must be an e-mail address',
    );
    expect(() => loadConfig({ ...base, STAFF_SECRET_KEY: 'short' })).toThrow(
      'STAFF_SECRET_KEY must be at least 32 characters long',
    );
    expect(() => loadConfig({ ...base, STAFF_SESSION_IDLE_MINUTES: '0' })).toThrow(
      'STAFF_SESSION_IDLE_MINUTES must be an integer from 1 to 1440',
    );
    expect(() =>
      loadConfig({
        ...base,
        STAFF_SECRET_KEY: 's'.repeat(32),
        STAFF_SECRET_KEY_PREVIOUS: 's'.repeat(32),
      }),
    ).toThrow('STAFF_SECRET_KEY_PREVIOUS is the same as STAFF_SECRET_KEY');
  });

  it('when production has no STAFF_SECRET_KEY of its own, then start-up stops (no key derived from another secret)', () => {
    const production = { ...productionBase, SMTP_REQUIRE_TLS: 'true' };
    // With or without a first admin configured.
    for (const env of [production, { ...production, STAFF_ADMIN_EMAIL: 'admin@winner.example' }])
      expect(() => loadConfig(env)).toThrow(
        'STAFF_SECRET_KEY is not set: production needs a key of its own',
      );
    expect(loadConfig({ ...production, STAFF_SECRET_KEY: 'k'.repeat(40) }).staffSecretKey).toBe(
      'k'.repeat(40),
    );
    // Outside production the embedded default stands in.
    expect(loadConfig(base).staffSecretKey).toHaveLength(43);
  });

  it('when production would send mail over plain SMTP, then start-up stops unless that is chosen on purpose', () => {
    const production = { ...productionBase, STAFF_SECRET_KEY: 'k'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(
      'SMTP_URL is plain smtp:// in production: use smtps://, or set SMTP_REQUIRE_TLS=true',
    );
    expect(loadConfig({ ...production, SMTP_REQUIRE_TLS: 'true' }).smtpRequireTls).toBe(true);
    expect(loadConfig({ ...production, SMTP_REQUIRE_TLS: 'false' }).smtpRequireTls).toBe(false);
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://mail.example:465' }).smtpRequireTls).toBe(
      false,
    );
    // Outside production, plain SMTP (the embedded mail catcher) is the default.
    expect(loadConfig(base).smtpRequireTls).toBe(false);
  });
});
