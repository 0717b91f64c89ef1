import { prismFindings } from '@prize/test-kit/contract-violations';
import http from 'node:http';
import { expect, inject } from 'vitest';

/**
 * Plain-fetch access to the API under test, the same for both targets:
 * - mock: `prism mock` of the contract; `prefer` becomes a `Prefer` header (`code=404`,
 *   `example=name`) so a scenario can ask for the error answers the mock cannot reach by state;
 * - real: the real server behind `prism proxy --errors`; `prefer` is never sent, and every answer
 *   is checked to carry no `sl-violations` header (no contract violation) and to come from the
 *   real server itself (Prism re-mocks an upstream 501 from the contract's examples).
 */
export const target = inject('target');
export const isReal = target === 'real';
export const isMock = !isReal;
export const baseUrl = inject('baseUrl');
export const serverUrl = inject('serverUrl');
export const publicUrl = inject('publicUrl');
export const inboxUrl = inject('inboxUrl');
export const operatorToken = inject('operatorToken');

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, otherwise undefined (see `bytes`). */
  body: T;
  bytes: Buffer;
  contentType: string;
}

export interface RequestOptions {
  /** JSON body, sent compact (Prism re-serialises JSON bodies before forwarding them). */
  json?: unknown;
  /** Any other body: FormData (multipart), or raw text/bytes with `contentType`. */
  body?: FormData | string | Uint8Array;
  contentType?: string;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** `Authorization: Bearer <token>`; `true` means the operator token the real server was given. */
  bearer?: string | true;
  /**
   * Real target: the client address the server sees (X-Forwarded-For; the harness runs it with
   * TRUST_PROXY=loopback). Each request is a new client unless a scenario names one.
   */
  clientIp?: string;
  /** Mock only: the `Prefer` header, e.g. 'code=404' or 'code=409, example=claimAlreadySubmitted'. */
  prefer?: string;
  /**
   * Real target only: send straight to the server, bypassing Prism. Prism 5.16's proxy reads
   * non-JSON bodies as UTF-8 text (a PNG arrives corrupted, a download comes back corrupted),
   * refuses malformed JSON itself, re-mocks an upstream 501, and answers a request that lacks a
   * credential the operation's security names (the `staff_session` cookie, the `X-CSRF-Token`
   * header) with its own 401 (its security check cannot be turned off from the CLI). Only such
   * requests go direct, and their answers are checked against the contract by
   * `expectAnswerWithinContract` (support/contract-answer.ts); everything else goes through the
   * contract-checking proxy.
   */
  direct?: boolean;
}

// A raw request's answer is what the server sent, whatever the contract says: scenarios read
// it freely and assert its shape with expect, or name its type as T.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer is checked at run time
export async function api<T = any>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const direct = isReal && options.direct === true;
  const url = new URL(path, direct ? serverUrl : baseUrl);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = {
    accept: 'application/json, image/*',
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    body = options.body as BodyInit;
    if (options.contentType) headers['content-type'] = options.contentType;
  }
  if (options.bearer)
    headers.authorization = `Bearer ${options.bearer === true ? operatorToken : options.bearer}`;
  if (isMock && options.prefer) headers.prefer = options.prefer;
  if (isReal) headers['x-forwarded-for'] = options.clientIp ?? randomClientIp();
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  let parsed: unknown;
  if (/[/+]json\b/.test(contentType) && bytes.length > 0) {
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new Error(
        `${method} ${path}: answer ${response.status} says JSON but is not:\n${bytes.toString('utf8').slice(0, 500)}`,
      );
    }
  }
  const result: ApiResponse<T> = {
    status: response.status,
    headers: response.headers,
    body: parsed as T,
    bytes,
    contentType,
  };
  if (isReal && !direct) expectFromRealServerWithinContract(result, `${method} ${path}`);
  return result;
}

/**
 * Sends a body the server is expected to refuse before reading it all (413 'File is too large'),
 * with node:http rather than fetch: when the server answers early and closes the connection,
 * fetch fails the whole request on the write error (EPIPE) and loses the answer; here the answer
 * is kept and the write error after it is ignored. Straight to the server on the real target.
 */
export async function postAnsweredEarly(
  path: string,
  form: FormData,
  options: { prefer?: string } = {},
): Promise<ApiResponse> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL(path, isReal ? serverUrl : baseUrl);
  const headers: Record<string, string> = {
    'content-type': encoded.headers.get('content-type')!,
    'content-length': String(body.length),
    accept: 'application/json',
  };
  if (isMock && options.prefer) headers.prefer = options.prefer;
  if (isReal) headers['x-forwarded-for'] = randomClientIp();
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const contentType = String(response.headers['content-type'] ?? '');
        resolve({
          status: response.statusCode ?? 0,
          headers: new Headers(
            Object.entries(response.headers).map(([name, value]): [string, string] => [
              name,
              String(value),
            ]),
          ),
          body:
            /json/.test(contentType) && bytes.length > 0
              ? JSON.parse(bytes.toString('utf8'))
              : undefined,
          bytes,
          contentType,
        });
      });
    });
    request.on('error', (error) => {
      if (!answered)
        reject(
          new Error(`POST ${path}: no answer before the connection failed (${error.message})`),
        );
    });
    request.end(body);
  });
}

/**
 * Real target: the proxy found no contract violation, and the answer is the server's own (the
 * server's security headers are on every answer it gives; a Prism re-mock carries none).
 */
export function expectFromRealServerWithinContract(response: ApiResponse, what: string): void {
  const violations = response.headers.get('sl-violations');
  expect(
    violations,
    `${what}: the answer breaks the contract:\n  ${violations === null ? '' : prismFindings(violations).join('\n  ')}`,
  ).toBeNull();
  expect(
    response.headers.get('content-security-policy'),
    `${what}: answered by Prism, not by the real server (Prism re-mocks an upstream 501): ${JSON.stringify(response.body)}`,
  ).not.toBeNull();
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CLAIM_HASHID = /^[A-Za-z0-9]{6,16}$/;
export const TOKEN = /^[A-Za-z0-9_-]{22,128}$/;

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  423: 'Locked',
  424: 'Failed Dependency',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

function describeAnswer(response: ApiResponse): string {
  return `answer ${response.status}: ${response.body === undefined ? response.bytes.toString('utf8').slice(0, 300) : JSON.stringify(response.body)}`;
}

/** The contract's general error (GeneralError.yaml): `{ statusCode, message: string, error: reason phrase }`. */
export function expectGeneralError(
  response: ApiResponse,
  status: number,
  message?: string | RegExp,
): void {
  expect(response.status, describeAnswer(response)).toBe(status);
  expect(response.contentType).toMatch(/^application\/json/);
  const body = response.body as Record<string, unknown>;
  expect(body).toEqual(
    expect.objectContaining({ statusCode: status, message: expect.any(String) }),
  );
  if (body.error !== undefined) expect(body.error).toBe(REASONS[status] ?? body.error);
  if (isReal)
    expect(body.error, 'the real server always names the reason phrase').toBe(REASONS[status]);
  expect(String(body.message)).not.toMatch(/\bat .+\.(ts|js):\d+|SELECT |INSERT |\bstack\b/i);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

export interface ValidationItem {
  property: string;
  name?: string;
  constraints?: Record<string, string>;
  children: ValidationItem[];
  value?: unknown;
}

function expectValidationItem(item: ValidationItem, parent = ''): void {
  expect(item).toEqual(
    expect.objectContaining({ property: expect.any(String), children: expect.any(Array) }),
  );
  // Spec section 3: each item has property, constraints, children, name; `name` is the full
  // dotted path (ValidationItem.yaml).
  const name = parent === '' ? item.property : `${parent}.${item.property}`;
  expect(item.name, JSON.stringify(item)).toBe(name);
  if (item.constraints !== undefined) {
    expect(typeof item.constraints).toBe('object');
    for (const message of Object.values(item.constraints))
      expect(message).toEqual(expect.any(String));
  }
  // A leaf names at least one broken rule; a parent may carry its rules in `children` only.
  if (item.children.length === 0)
    expect(Object.keys(item.constraints ?? {}).length).toBeGreaterThan(0);
  for (const child of item.children) expectValidationItem(child, name);
}

/** Finds the item for a property path such as 'sectionTypeList.1'. */
export function findValidationItem(
  items: ValidationItem[],
  path: string,
): ValidationItem | undefined {
  let level = items;
  let found: ValidationItem | undefined;
  for (const part of path.split('.')) {
    found = level.find((item) => item.property === part);
    if (!found) return undefined;
    level = found.children;
  }
  return found;
}

/**
 * The contract's validation error (ValidationError.yaml): `{ statusCode: 400, message: [{ property, constraints, children }] }`.
 * `expected` maps property paths that must be reported to the message (or rule name → message)
 * they must carry; `null` only requires the property to be named.
 */
export function expectValidationError(
  response: ApiResponse,
  expected: Record<string, string | RegExp | Record<string, unknown> | null> = {},
): ValidationItem[] {
  expect(response.status, describeAnswer(response)).toBe(400);
  const body = response.body as { statusCode: number; message: ValidationItem[]; error?: string };
  expect(body.statusCode).toBe(400);
  expect(Array.isArray(body.message), describeAnswer(response)).toBe(true);
  expect(body.message.length).toBeGreaterThan(0);
  if (body.error !== undefined || isReal) expect(body.error).toBe('Bad Request');
  for (const item of body.message) expectValidationItem(item);
  for (const [path, rule] of Object.entries(expected)) {
    const item = findValidationItem(body.message, path);
    expect(
      item,
      `property '${path}' is not reported in ${JSON.stringify(body.message)}`,
    ).toBeDefined();
    const messages = Object.values(item!.constraints ?? {});
    if (typeof rule === 'string') expect(messages).toContain(rule);
    else if (rule instanceof RegExp)
      expect(
        messages.some((message) => rule.test(message)),
        JSON.stringify(item),
      ).toBe(true);
    else if (rule) expect(item!.constraints).toEqual(expect.objectContaining(rule));
  }
  return body.message;
}

/** A successful answer with the status and content type the contract names. */
export function expectSuccess(response: ApiResponse, status: 200 | 201): void {
  expect(response.status, describeAnswer(response)).toBe(status);
  expect(response.contentType).toMatch(/^application\/json/);
}

/**
 * A client address of its own for one request: one of the 16.7 million of 10.0.0.0/8, so two
 * requests of a run hardly ever share one and count against each other's rate limits.
 */
export function randomClientIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/**
 * A client address for a scenario that uses up a client's whole allowance (the 429 scenarios):
 * from TEST-NET-3 (RFC 5737), which randomClientIp never gives, so no later request of the run
 * can land on a client that is still refused.
 */
export function exhaustedClientIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(1));
  return `203.0.113.${bytes[0]}`;
}

/** A well-formed token that no claim or info request has: unknown to the real server. */
export function unknownToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
}

/** A unique address per scenario, so MailDev's inbox can be searched by recipient. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}
