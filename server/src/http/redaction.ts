/**
 * Link tokens travel in URL paths (/claim/{token}, /api/v1/claim/{token}/...), and query strings
 * carry address searches: logged URLs keep only the path, with every token-like segment masked.
 */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{20,}$/;

export function maskUrl(url: string | undefined): string {
  if (!url) return '';
  const path = url.split('?')[0]!;
  return path
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? ':token' : segment))
    .join('/');
}

/** Paths of personal data and secrets in anything we log (pino redact syntax). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.referer',
  'res.headers["set-cookie"]',
  'req.headers["x-csrf-token"]',
  'email',
  'token',
  '*.email',
  '*.token',
  '*.password',
  // Staff sign-in and set-up (modules/staff): secrets and tokens. (Not `code`: errors log theirs.)
  'csrfToken',
  '*.csrfToken',
  'setupToken',
  '*.setupToken',
  'totpSecret',
  '*.totpSecret',
  'staffSetupLink',
  '*.staffSetupLink',
];
