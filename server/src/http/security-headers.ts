import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Strict headers on every answer: scripts only from our origin (no inline script), no framing,
 * no referrer (link tokens live in URLs), and nothing stored by the browser or a proxy.
 */
const policy = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet sets, worked out once: none of ours depends on the request (no CSP nonce),
 * so running helmet's dozen middlewares on every request would recompute the same values.
 */
function helmetHeaders(): Array<[string, string]> {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader: (name: string, value: string) =>
      headers.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  // helmet only calls setHeader and removeHeader: the recorder stands in for a response.
  policy(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure;
  return [...headers.values()];
}

/**
 * Browser features no page of ours uses, turned off for them and for anything embedded (helmet
 * sets no Permissions-Policy). Photos are chosen through a file input, which needs no camera
 * permission. Only features Chromium knows are named: an unknown one is a console error.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export function securityHeaders(): RequestHandler {
  const headers: Array<[string, string]> = [
    ...helmetHeaders(),
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cache-Control', 'no-store'],
  ];
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
