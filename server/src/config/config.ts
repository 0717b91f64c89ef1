import path from 'node:path';

/** Parses a size such as `15mb`, `512kb` or `1048576` into bytes; undefined when unparseable. */
export function parseByteSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(text);
  if (!match) return undefined;
  const units: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
  const bytes = Math.floor(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]!);
  return bytes > 0 ? bytes : undefined;
}

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
  trustProxy: boolean;
  identityDocsPolicy: 'rules' | 'always' | 'never';
  /** clamd to scan uploads with (CLAMAV_SOCKET, or CLAMAV_HOST as host:port); none when unset. */
  clamav: { socket?: string; host?: string; port?: number } | undefined;
  /** Claims one client address may start per 15 minutes, and one e-mail address per hour. */
  startLimitPerClient: number;
  startLimitPerEmail: number;
  /** Where uploaded bytes live: the local disk under uploadDir (default) or an S3 bucket (docs/adr/013). */
  storage: StorageConfig;
  /** On SIGTERM: seconds readiness fails before the listener closes, then the most in-flight requests get to finish. */
  drainSeconds: number;
  shutdownGraceSeconds: number;
}

export type StorageConfig = { kind: 'local' } | { kind: 's3'; bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean };

function storageConfig(env: Env): StorageConfig {
  const kind = oneOf(env, 'STORAGE', ['local', 's3'] as const, 'local');
  if (kind === 'local') return { kind };
  if (!env.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET');
  return {
    kind,
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT ? url(env, 'S3_ENDPOINT', '', ['http:', 'https:']) : undefined,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: oneOf(env, 'S3_FORCE_PATH_STYLE', ['false', 'true'] as const, 'false') === 'true',
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

function clamavAddress(env: Env): Config['clamav'] {
  if (env.CLAMAV_SOCKET) return { socket: env.CLAMAV_SOCKET };
  if (!env.CLAMAV_HOST) return undefined;
  const match = /^([^:]+):(\d{1,5})$/.exec(env.CLAMAV_HOST);
  if (!match) throw new ConfigError(`CLAMAV_HOST must be host:port, got '${env.CLAMAV_HOST}'`);
  return { host: match[1]!, port: Number(match[2]) };
}

/**
 * Reads the 12-factor configuration. DATABASE_URL and SMTP_URL are required here: the launcher
 * (`make start`) fills them in with the embedded services when they are unset.
 */
export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const maxFileSizeText = env.MAX_FILE_SIZE ?? '15mb';
  const maxFileSize = parseByteSize(maxFileSizeText);
  if (maxFileSize === undefined) throw new ConfigError('Max file size misconfigured');
  if (!env.DATABASE_URL) throw new ConfigError('DATABASE_URL is not set');
  if (!env.SMTP_URL) throw new ConfigError('SMTP_URL is not set');
  const addressProvider = oneOf(env, 'ADDRESS_PROVIDER', ['local', 'loqate'] as const, 'local');
  if (addressProvider === 'loqate' && !env.LOQATE_API_KEY) {
    throw new ConfigError('ADDRESS_PROVIDER=loqate needs LOQATE_API_KEY');
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl: url(env, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']),
    databaseUrl: url(env, 'DATABASE_URL', '', ['postgres:', 'postgresql:']),
    smtpUrl: url(env, 'SMTP_URL', '', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Prize Claims <no-reply@claims.example>',
    uploadDir: path.resolve(root, env.UPLOAD_DIR || '.data/uploads'),
    maxFileSize,
    claimInactivityMinutes: integer(env, 'CLAIM_INACTIVITY_TIMER_MINUTES', 20, 1, 24 * 60),
    infoRequestInactivityMinutes: integer(env, 'INFO_REQUEST_INACTIVITY_TIMER_MINUTES', 20, 1, 24 * 60),
    addressProvider,
    loqateApiKey: env.LOQATE_API_KEY || undefined,
    loqateBaseUrl: url(env, 'LOQATE_BASE_URL', 'https://api.addressy.com', ['http:', 'https:']),
    operatorApiToken: env.OPERATOR_API_TOKEN || undefined,
    productName: env.PRODUCT_NAME || 'National Lottery',
    customerCarePhone: env.CUSTOMER_CARE_PHONE || '0333 234 5050',
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    trustProxy: oneOf(env, 'TRUST_PROXY', ['false', 'true'] as const, 'false') === 'true',
    clamav: clamavAddress(env),
    startLimitPerClient: integer(env, 'RATE_LIMIT_START_PER_CLIENT', 10, 1, 1_000_000),
    startLimitPerEmail: integer(env, 'RATE_LIMIT_START_PER_EMAIL', 3, 1, 1_000_000),
    identityDocsPolicy: oneOf(env, 'IDENTITY_DOCS_REQUIRED', ['rules', 'always', 'never'] as const, 'rules'),
    storage: storageConfig(env),
    drainSeconds: integer(env, 'DRAIN_SECONDS', 0, 0, 300),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, 0, 3600),
  };
}
