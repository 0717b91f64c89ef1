import { createHmac } from 'node:crypto';
import { messages } from '@prize/generated/rules';
import path from 'node:path';
import { parseByteSize } from '@prize/domain';
import proxyAddr from 'proxy-addr';

export class ConfigError extends Error {}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  smtpUrl: string;
  mailFrom: string;
  uploadDir: string;
  maxFileSize: number;
  claimInactivityMinutes: number;
  infoRequestInactivityMinutes: number;
  addressProvider: 'local' | 'loqate';
  loqateApiKey: string | undefined;
  loqateBaseUrl: string;
  operatorApiToken: string | undefined;
  productName: string;
  customerCarePhone: string;
  logLevel: string;
  /** Express's `trust proxy`: none, a hop count, or the addresses and subnets of the trusted proxies. */
  trustProxy: false | number | string[];
  identityDocsPolicy: 'rules' | 'always' | 'never';
  /** clamd to scan uploads with (CLAMAV_SOCKET, or CLAMAV_HOST as host:port); none when unset. */
  clamav: { socket?: string; host?: string; port?: number } | undefined;
  /** Claims one client address may start per 15 minutes, and one e-mail address per hour. */
  startLimitPerClient: number;
  startLimitPerEmail: number;
  /** Origins allowed to call the address proxy from a browser (ADDRESS_CORS_ORIGINS); none by default. */
  addressCorsOrigins: string[];
  /** Address lookups one client address, and one claim token, may make per minute. */
  addressLimitPerClient: number;
  addressLimitPerClaim: number;
  /** Address lookups running against the provider at once. */
  addressConcurrency: number;
  /** Bytes the files kept for one claim (or one info request) may use together (UPLOAD_BUDGET_PER_CLAIM). */
  uploadBudgetPerClaim: number;
  /** Free bytes below which upload storage refuses uploads with 507 (UPLOAD_MIN_FREE_SPACE; 0 turns it off). */
  uploadMinFreeSpace: number;
  /** The image re-encoder's memory (data) limit; images whose decoding would need more are refused at upload (IMAGE_DECODE_MEMORY). */
  imageDecodeMemory: number;
  /** Key of the HMAC that rate-limit rows are keyed by: every process of one service shares it. */
  rateLimitSecret: string;
  /** Refuse to send mail over a connection that STARTTLS (or SMTPS) did not secure. */
  smtpRequireTls: boolean;
  /** Failed operator authentications one client address may make per 15 minutes. */
  operatorFailuresPerClient: number;
  /** NODE_ENV=production: placeholder links are warned about at start-up. */
  production: boolean;
  /** The operator's site the pages link to (breadcrumbs, footer, lost-ticket form). */
  operatorSiteUrl: string;
  /** The app's pages in the two stores, linked from the footer. */
  appStoreUrl: string;
  googlePlayUrl: string;
  /** Where uploaded bytes live: the local disk under uploadDir (default) or an S3 bucket (docs/adr/013). */
  storage: StorageConfig;
  /** On SIGTERM: seconds readiness fails before the listener closes, then the most in-flight requests get to finish. */
  drainSeconds: number;
  shutdownGraceSeconds: number;
  /** The first admin (STAFF_ADMIN_EMAIL): created with a set-up link at start-up when no admin exists. */
  staffAdminEmail: string | undefined;
  /** Key the staff module derives its TOTP-sealing and CSRF keys from (STAFF_SECRET_KEY). */
  staffSecretKey: string;
  /** The key before a rotation (STAFF_SECRET_KEY_PREVIOUS): opens TOTP secrets sealed under it, seals nothing. */
  staffSecretKeyPrevious: string | undefined;
  /** Password hashes and checks running at once; a few more wait, the rest are answered 503 (STAFF_PASSWORD_CHECKS_CONCURRENT). */
  staffPasswordChecksConcurrent: number;
  /** A staff session ends after this many idle minutes, and this many hours after sign-in. */
  staffSessionIdleMinutes: number;
  staffSessionMaxHours: number;
  /** Staff sign-in attempts one client (an IPv6 /64) may make per 15 minutes; a success is given back. */
  staffSignInFailuresPerClient: number;
  /** Base of the link in the "payment details requested" e-mail; `?reference=` is appended (PAYMENT_DETAILS_URL). */
  paymentDetailsUrl: string;
  /** Days a claim's status link keeps working after the claim is paid or rejected (STATUS_LINK_DAYS_AFTER_CLOSE). */
  statusLinkDaysAfterClose: number;
  /** Where claimants post their ticket, as the "ticket requested" e-mail gives it (TICKET_POSTAL_ADDRESS). */
  ticketPostalAddress: string;
  /** Port of the separate /metrics listener (METRICS_PORT); off when unset. Never the public port. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** Days after a claim is paid or rejected that each class of its data is kept (docs/adr/022). */
  retention: { idDocumentsDays: number; ticketImagesDays: number; personalDataDays: number };
}

// Addresses kept for documentation (RFC 2606 and 6761): a deployment must not link claimants to them.
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|org|net)|example|test|invalid|localhost)$/i;

/** The link settings that still point at a placeholder address, by their environment names. */
export function placeholderLinks(
  config: Pick<Config, 'operatorSiteUrl' | 'appStoreUrl' | 'googlePlayUrl'>,
): string[] {
  const links = {
    OPERATOR_SITE_URL: config.operatorSiteUrl,
    APP_STORE_URL: config.appStoreUrl,
    GOOGLE_PLAY_URL: config.googlePlayUrl,
  };
  return Object.entries(links)
    .filter(([, link]) => PLACEHOLDER_HOST.test(new URL(link).hostname))
    .map(([name]) => name);
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
    };

function storageConfig(env: Env): StorageConfig {
  const kind = oneOf(env, 'STORAGE', ['local', 's3'] as const, 'local');
  if (kind === 'local') return { kind };
  if (!env.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET');
  return {
    kind,
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT ? url(env, 'S3_ENDPOINT', '', ['http:', 'https:']) : undefined,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle:
      oneOf(env, 'S3_FORCE_PATH_STYLE', ['false', 'true'] as const, 'false') === 'true',
  };
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name] ?? fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got '${raw}'`);
  }
  return raw as T;
}

function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const raw = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}`);
  }
  return raw.replace(/\/$/, '');
}

function byteSize(env: Env, name: string, fallback: number, allowZero = false): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (allowZero && raw.trim() === '0') return 0;
  const bytes = parseByteSize(raw);
  if (bytes === undefined)
    throw new ConfigError(`${name} must be a size such as 512mb or 2gb, got '${raw}'`);
  return bytes;
}

function clamavAddress(env: Env): Config['clamav'] {
  if (env.CLAMAV_SOCKET) return { socket: env.CLAMAV_SOCKET };
  if (!env.CLAMAV_HOST) return undefined;
  const match = /^([^:]+):(\d{1,5})$/.exec(env.CLAMAV_HOST);
  if (!match) throw new ConfigError(`CLAMAV_HOST must be host:port, got '${env.CLAMAV_HOST}'`);
  return { host: match[1]!, port: Number(match[2]) };
}

/** A comma-separated list of origins (`https://partner.example`): scheme, host and port only. */
function origins(env: Env, name: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of list) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(item);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== item) {
      throw new ConfigError(
        `${name} must list origins such as https://www.example.com, got '${item}'`,
      );
    }
  }
  return list;
}

const MIN_SECRET_LENGTH = 32;

/** A secret from the environment: unset stays undefined; a short one stops start-up. */
function secret(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (raw.length < MIN_SECRET_LENGTH)
    throw new ConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters long`);
  return raw;
}

/**
 * TRUST_PROXY as Express takes it, but never a blanket `true`, which would take the client's own
 * X-Forwarded-For as its address: a hop count, or a comma list of proxy addresses and subnets
 * (`loopback`, `10.0.0.1`, `10.0.0.0/8`), checked the way Express will compile them.
 */
function trustProxy(env: Env): Config['trustProxy'] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') {
    throw new ConfigError(
      "TRUST_PROXY=true would trust any client's X-Forwarded-For: give the number of proxies in front (e.g. 1) or their addresses (e.g. loopback,10.0.0.1)",
    );
  }
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 10);
  const list = raw.split(',').map((entry) => entry.trim());
  try {
    proxyAddr.compile(list);
  } catch (error) {
    throw new ConfigError(
      `TRUST_PROXY must be a hop count or a comma list of addresses and subnets: ${(error as Error).message}`,
    );
  }
  return list;
}

/** METRICS_PORT: unset is off; the public port is refused (`0`, any free port, is for tests). */
function metricsPort(env: Env, publicPort: number): number | undefined {
  if (!env.METRICS_PORT) return undefined;
  const port = integer(env, 'METRICS_PORT', 0, 0, 65535);
  if (port !== 0 && port === publicPort)
    throw new ConfigError(
      'METRICS_PORT must differ from PORT: /metrics is never on the public listener',
    );
  return port;
}

/**
 * Reads the 12-factor configuration. DATABASE_URL and SMTP_URL are required here: the launcher
 * (`make start`) fills them in with the embedded services when they are unset.
 */
export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const maxFileSizeText = env.MAX_FILE_SIZE ?? '15mb';
  const maxFileSize = parseByteSize(maxFileSizeText);
  if (maxFileSize === undefined) throw new ConfigError(messages.maxFileSizeMisconfigured);
  if (!env.DATABASE_URL) throw new ConfigError('DATABASE_URL is not set');
  if (!env.SMTP_URL) throw new ConfigError('SMTP_URL is not set');
  // The local provider answers from a generated test address set: a default for development,
  // never in production unless chosen on purpose (a real claimant would pick a made-up address).
  if (env.NODE_ENV === 'production' && !env.ADDRESS_PROVIDER) {
    throw new ConfigError(
      'ADDRESS_PROVIDER must be set in production: loqate (with LOQATE_API_KEY), or local to serve the generated test address set on purpose',
    );
  }
  const addressProvider = oneOf(env, 'ADDRESS_PROVIDER', ['local', 'loqate'] as const, 'local');
  const rateLimitSecret = secret(env, 'RATE_LIMIT_SECRET');
  if (!rateLimitSecret) throw new ConfigError('RATE_LIMIT_SECRET is not set');
  if (addressProvider === 'loqate' && !env.LOQATE_API_KEY) {
    throw new ConfigError('ADDRESS_PROVIDER=loqate needs LOQATE_API_KEY');
  }
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl,
    databaseUrl: url(env, 'DATABASE_URL', '', ['postgres:', 'postgresql:']),
    smtpUrl: url(env, 'SMTP_URL', '', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Prize Claims <no-reply@claims.example>',
    uploadDir: path.resolve(root, env.UPLOAD_DIR || '.data/uploads'),
    maxFileSize,
    claimInactivityMinutes: integer(env, 'CLAIM_INACTIVITY_TIMER_MINUTES', 20, 1, 24 * 60),
    infoRequestInactivityMinutes: integer(
      env,
      'INFO_REQUEST_INACTIVITY_TIMER_MINUTES',
      20,
      1,
      24 * 60,
    ),
    addressProvider,
    loqateApiKey: env.LOQATE_API_KEY || undefined,
    loqateBaseUrl: url(env, 'LOQATE_BASE_URL', 'https://api.addressy.com', ['http:', 'https:']),
    operatorApiToken: secret(env, 'OPERATOR_API_TOKEN'),
    productName: env.PRODUCT_NAME || 'National Lottery',
    customerCarePhone: env.CUSTOMER_CARE_PHONE || '0333 234 5050',
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    trustProxy: trustProxy(env),
    clamav: clamavAddress(env),
    startLimitPerClient: integer(env, 'RATE_LIMIT_START_PER_CLIENT', 10, 1, 1_000_000),
    startLimitPerEmail: integer(env, 'RATE_LIMIT_START_PER_EMAIL', 3, 1, 1_000_000),
    identityDocsPolicy: oneOf(
      env,
      'IDENTITY_DOCS_REQUIRED',
      ['rules', 'always', 'never'] as const,
      'rules',
    ),
    addressCorsOrigins: origins(env, 'ADDRESS_CORS_ORIGINS'),
    addressLimitPerClient: integer(env, 'RATE_LIMIT_ADDRESS_PER_CLIENT', 120, 1, 1_000_000),
    addressLimitPerClaim: integer(env, 'RATE_LIMIT_ADDRESS_PER_CLAIM', 60, 1, 1_000_000),
    addressConcurrency: integer(env, 'ADDRESS_MAX_CONCURRENT', 8, 1, 1_000),
    // Two kept files of each of the four types at the largest size fit the default budget.
    uploadBudgetPerClaim: byteSize(env, 'UPLOAD_BUDGET_PER_CLAIM', 8 * maxFileSize),
    uploadMinFreeSpace: byteSize(env, 'UPLOAD_MIN_FREE_SPACE', 1024 ** 3, true),
    // Enough for a 48 MP HEIC and a 100 MP JPEG or PNG (docs/adr/012).
    imageDecodeMemory: byteSize(env, 'IMAGE_DECODE_MEMORY', 1536 * 1024 ** 2),
    rateLimitSecret,
    smtpRequireTls: smtpRequireTls(env),
    operatorFailuresPerClient: integer(
      env,
      'RATE_LIMIT_OPERATOR_FAILURES_PER_CLIENT',
      10,
      1,
      1_000_000,
    ),
    production: env.NODE_ENV === 'production',
    operatorSiteUrl: url(env, 'OPERATOR_SITE_URL', 'https://www.example.com', ['https:', 'http:']),
    appStoreUrl: url(env, 'APP_STORE_URL', 'https://apps.apple.com/', ['https:']),
    googlePlayUrl: url(env, 'GOOGLE_PLAY_URL', 'https://play.google.com/store/apps', ['https:']),
    storage: storageConfig(env),
    drainSeconds: integer(env, 'DRAIN_SECONDS', 0, 0, 300),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, 0, 3600),
    staffAdminEmail: staffAdminEmail(env),
    staffSecretKey: staffSecretKey(env, rateLimitSecret),
    staffSecretKeyPrevious: staffSecretKeyPrevious(env),
    staffPasswordChecksConcurrent: integer(env, 'STAFF_PASSWORD_CHECKS_CONCURRENT', 1, 1, 64),
    staffSessionIdleMinutes: integer(env, 'STAFF_SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    staffSessionMaxHours: integer(env, 'STAFF_SESSION_MAX_HOURS', 12, 1, 7 * 24),
    staffSignInFailuresPerClient: integer(
      env,
      'RATE_LIMIT_STAFF_SIGN_IN_FAILURES_PER_CLIENT',
      20,
      1,
      1_000_000,
    ),
    paymentDetailsUrl: paymentDetailsUrl(env),
    statusLinkDaysAfterClose: integer(env, 'STATUS_LINK_DAYS_AFTER_CLOSE', 90, 0, 3650),
    ticketPostalAddress:
      env.TICKET_POSTAL_ADDRESS?.trim() || 'Winner Services, PO Box 1234, Watford, WD17 1AA',
    metricsPort: metricsPort(env, port),
    metricsHost: env.METRICS_HOST || env.HOST || '127.0.0.1',
    retention: {
      idDocumentsDays: integer(env, 'RETENTION_ID_DOCUMENTS_DAYS', 30, 0, 36_500),
      ticketImagesDays: integer(env, 'RETENTION_TICKET_IMAGES_DAYS', 90, 0, 36_500),
      personalDataDays: integer(env, 'RETENTION_PERSONAL_DATA_DAYS', 2190, 0, 36_500),
    },
  };
}

/** Outside production: a placeholder no one can reach, so a link to it is plainly not configured. */
export const PAYMENT_DETAILS_PLACEHOLDER = 'https://payments.example.invalid/prize-payment-details';

/**
 * The payment provider's form (PAYMENT_DETAILS_URL): required in production, where a claimant
 * e-mailed a wrong link would give bank details to the wrong place or to no one.
 */
function paymentDetailsUrl(env: Env): string {
  if (env.NODE_ENV === 'production' && !env.PAYMENT_DETAILS_URL?.trim())
    throw new ConfigError('PAYMENT_DETAILS_URL is required when NODE_ENV=production');
  return url(env, 'PAYMENT_DETAILS_URL', PAYMENT_DETAILS_PLACEHOLDER, ['https:', 'http:']);
}

function staffAdminEmail(env: Env): string | undefined {
  const raw = env.STAFF_ADMIN_EMAIL?.trim();
  if (!raw) return undefined;
  if (raw.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(raw))
    throw new ConfigError(`STAFF_ADMIN_EMAIL must be an e-mail address`);
  return raw.toLowerCase();
}

/**
 * STAFF_SECRET_KEY. Production must set its own, always: the TOTP secrets are sealed with it and
 * the sessions' CSRF tokens derived from it, and a key derived from another secret would rotate
 * whenever that one does. Outside production a key derived from RATE_LIMIT_SECRET (which `make
 * start` keeps in .data/) stands in, like the other embedded defaults.
 */
function staffSecretKey(env: Env, rateLimitSecret: string): string {
  const key = secret(env, 'STAFF_SECRET_KEY');
  if (key) return key;
  if (env.NODE_ENV === 'production')
    throw new ConfigError(
      'STAFF_SECRET_KEY is not set: production needs a key of its own (32 characters or more)',
    );
  return createHmac('sha256', rateLimitSecret).update('staff-secret-key').digest('base64url');
}

function staffSecretKeyPrevious(env: Env): string | undefined {
  const previous = secret(env, 'STAFF_SECRET_KEY_PREVIOUS');
  if (previous && previous === env.STAFF_SECRET_KEY)
    throw new ConfigError('STAFF_SECRET_KEY_PREVIOUS is the same as STAFF_SECRET_KEY');
  return previous;
}

/**
 * SMTP_REQUIRE_TLS. Staff set-up links go by e-mail, so in production a plain smtp:// server
 * must be told to upgrade (SMTP_REQUIRE_TLS=true: STARTTLS or no mail) or be chosen on purpose
 * (SMTP_REQUIRE_TLS=false); smtps:// is TLS from the first byte. Outside production, off by default.
 */
function smtpRequireTls(env: Env): boolean {
  const raw = env.SMTP_REQUIRE_TLS;
  const plain = env.SMTP_URL?.startsWith('smtp:') ?? false;
  if ((raw === undefined || raw === '') && env.NODE_ENV === 'production' && plain)
    throw new ConfigError(
      'SMTP_URL is plain smtp:// in production: use smtps://, or set SMTP_REQUIRE_TLS=true (STARTTLS required), or SMTP_REQUIRE_TLS=false to send in plain text on purpose',
    );
  return oneOf(env, 'SMTP_REQUIRE_TLS', ['false', 'true'] as const, 'false') === 'true';
}
