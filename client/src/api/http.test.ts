import { getHealth, startClaim } from '@prize/generated/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@prize/generated/transport/errors';
import {
  configureHttp,
  DEFAULT_TIMEOUT_MS,
  http,
  type HttpSuccess,
} from '@prize/generated/transport/http';

const UNEXPECTED = 'An unexpected problem occurred. Please try again.';
const UNREACHABLE =
  'The site is currently unreachable. Check your network connection and try again.';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn((input: string | URL | Request, init?: RequestInit) =>
    Promise.resolve(answer(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// A server that never answers: the request only ends when its signal aborts.
function stubSlowFetch() {
  return stubFetch(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        const { signal } = init;
        if (!signal) return;
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      }),
  );
}

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

function requestOf(
  fetchMock: ReturnType<typeof stubFetch>,
  index = 0,
): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch was not called ${index + 1} time(s)`);
  return { url: String(call[0]), init: call[1] ?? {} };
}

beforeEach(() => {
  configureHttp({ baseUrl: '', timeoutMs: DEFAULT_TIMEOUT_MS });
});

afterEach(() => {
  configureHttp({ baseUrl: '', timeoutMs: DEFAULT_TIMEOUT_MS });
});

describe('http (the orval mutator)', () => {
  it.each([200, 201])(
    'When the server answers %i, then data, status and headers come back',
    async (status) => {
      stubFetch(() => jsonResponse(status, { email: 'jane@example.com' }));

      const result = await http<HttpSuccess<{ email: string }>>('/api/v1/claim', {
        method: 'POST',
      });

      expect(result.status).toBe(status);
      expect(result.data).toEqual({ email: 'jane@example.com' });
      expect(result.headers.get('Content-Type')).toContain('application/json');
    },
  );

  it('When the server answers 204 (staff sign-out, account set-up), then it is a success with no data', async () => {
    stubFetch(() => new Response(null, { status: 204 }));

    const result = await http<HttpSuccess<undefined>>('/api/v1/staff/session', {
      method: 'DELETE',
    });

    expect(result.status).toBe(204);
    expect(result.data).toBeUndefined();
  });

  it('When a request is made, then it asks for JSON and goes to the base URL plus the path', async () => {
    configureHttp({ baseUrl: 'http://127.0.0.1:3000' });
    const fetchMock = stubFetch(() => jsonResponse(200, {}));

    await http('/api/v1/health', { method: 'GET' });

    const { url, init } = requestOf(fetchMock);
    expect(url).toBe('http://127.0.0.1:3000/api/v1/health');
    expect(new Headers(init.headers).get('Accept')).toBe('application/json');
    expect(init.method).toBe('GET');
  });

  it.each([
    [403, { statusCode: 403, message: 'Forbidden' }, 'forbidden', UNEXPECTED],
    [
      429,
      { statusCode: 429, message: 'Too many requests' },
      'rateLimited',
      "You've performed too many actions in a short time span. Please wait a minute before continuing.",
    ],
    [404, { statusCode: 404, message: 'Claim not found.' }, 'general', 'Claim not found.'],
    [413, { statusCode: 413, message: 'File is too large' }, 'general', 'File is too large'],
    [500, { statusCode: 500, message: '' }, 'general', 'There were errors. Please try again.'],
  ])(
    'When the server answers %i with JSON, then an ApiError of the mapped kind is thrown',
    async (status, body, kind, message) => {
      stubFetch(() => jsonResponse(status, body));

      const error = await failureOf(http('/api/v1/claim', { method: 'POST' }));

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind, status, message });
    },
  );

  it('When the server answers 400 with validation items, then the field errors come back', async () => {
    stubFetch(() =>
      jsonResponse(400, {
        statusCode: 400,
        message: [
          {
            property: 'address',
            children: [
              {
                property: 'postCode',
                constraints: { pattern: 'postCode must match' },
                children: [],
              },
            ],
          },
        ],
        error: 'Bad Request',
      }),
    );

    const error = await failureOf(http('/api/v1/claim/x/identity', { method: 'POST' }));

    expect(error).toMatchObject({
      kind: 'validation',
      status: 400,
      fieldErrors: { 'address.postCode': 'Field must match' },
    });
  });

  it.each([
    [
      'a 500 with an HTML body',
      () =>
        new Response('<h1>Oops</h1>', { status: 500, headers: { 'Content-Type': 'text/html' } }),
    ],
    ['a 404 with no body', () => new Response(null, { status: 404 })],
    ['a 302', () => new Response(null, { status: 302, headers: { Location: '/elsewhere' } })],
    [
      'a 200 whose JSON is broken',
      () => new Response('{"a":', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ],
  ])(
    'When the server answers %s, then the unexpected-problem error is thrown',
    async (_case, answer) => {
      stubFetch(answer);

      const error = await failureOf(http('/api/v1/health'));

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'unexpected', message: UNEXPECTED });
    },
  );

  it('When fetch fails with a TypeError, then a network error is thrown', async () => {
    stubFetch(() => {
      throw new TypeError('fetch failed');
    });

    const error = await failureOf(http('/api/v1/health'));

    expect(error).toMatchObject({ kind: 'network', status: undefined, message: UNREACHABLE });
  });

  it('When the server does not answer within the timeout, then a timeout error is thrown', async () => {
    configureHttp({ timeoutMs: 25 });
    stubSlowFetch();

    const started = Date.now();
    const error = await failureOf(http('/api/v1/health'));

    expect(error).toMatchObject({ kind: 'timeout', status: undefined, message: UNREACHABLE });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('When no timeout is configured, then AbortSignal.timeout gets 30000 ms', async () => {
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout');
    stubFetch(() => jsonResponse(200, {}));

    await http('/api/v1/health');

    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    expect(timeoutSpy).toHaveBeenCalledWith(30_000);
  });

  it("When the caller's signal aborts (react-query cancelling), then fetch's signal aborts and the reason is passed on", async () => {
    const fetchMock = stubSlowFetch();
    const controller = new AbortController();

    const pending = failureOf(http('/api/v1/health', { signal: controller.signal }));
    controller.abort();
    const error = await pending;

    expect(requestOf(fetchMock).init.signal?.aborted).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('When the body is a plain object, then it is sent as JSON', async () => {
    const fetchMock = stubFetch(() => jsonResponse(201, {}));

    await http('/api/v1/claim', {
      method: 'POST',
      body: { email: 'a@b.co' } as unknown as BodyInit,
    });

    const { init } = requestOf(fetchMock);
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('When the body is FormData, then it is passed through untouched with no Content-Type of ours', async () => {
    const fetchMock = stubFetch(() => jsonResponse(201, { uuid: 'f5b2' }));
    const form = new FormData();
    form.append('type', 'ticketFront');
    form.append(
      'file',
      new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }),
      'front.png',
    );

    await http('/api/v1/claim/x/file', {
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'multipart/form-data' },
    });

    const { init } = requestOf(fetchMock);
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });
});

describe('generated client through the mutator', () => {
  it('When getHealth succeeds, then the typed body is in data', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { status: 'ok', database: 'up' }));

    const result = await getHealth();

    expect(result.data).toEqual({ status: 'ok', database: 'up' });
    expect(requestOf(fetchMock).url).toBe('/api/v1/health');
  });

  it('When startClaim is called, then the e-mail goes as a JSON body', async () => {
    const fetchMock = stubFetch(() => jsonResponse(201, { email: 'jane@example.com' }));

    await startClaim({ email: 'jane@example.com' });

    const { url, init } = requestOf(fetchMock);
    expect(url).toBe('/api/v1/claim');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'jane@example.com' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });
});

// XMLHttpRequest as far as http's upload path uses it; `answer` ends the request.
class FakeXhr {
  static last: FakeXhr | undefined;
  // The request once http has made it (its upload module loads first).
  static async made(): Promise<FakeXhr> {
    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    return FakeXhr.last!;
  }
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  aborted = false;
  status = 0;
  statusText = '';
  response: Blob | null = null;
  responseType = '';
  responseHeaders = '';
  upload: {
    onprogress:
      ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseHeaders = 'content-type: application/json\r\nx-request: 1\r\n';
    this.response = new Blob([JSON.stringify(body)]);
    this.onload?.();
  }
}

describe('http uploads with progress', () => {
  beforeEach(() => {
    configureHttp({ baseUrl: '', timeoutMs: DEFAULT_TIMEOUT_MS });
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('When progress is asked for, then the body goes by XMLHttpRequest, progress is reported and the answer is read as from fetch', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500, {}));
    const seen: Array<[number, number]> = [];
    const body = new FormData();
    body.append('type', 'ticketFront');
    const call = http<HttpSuccess<{ uuid: string }>>('/api/v1/claim/t/file', {
      method: 'POST',
      body,
      onUploadProgress: (sent, total) => seen.push([sent, total]),
    });

    const xhr = await FakeXhr.made();
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/api/v1/claim/t/file', body]);
    expect(xhr.headers['content-type']).toBeUndefined();
    xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 7, total: 0, lengthComputable: false });
    xhr.answer(201, { uuid: 'abc' });

    const result = await call;
    expect(result.status).toBe(201);
    expect(result.data).toEqual({ uuid: 'abc' });
    expect(result.headers.get('x-request')).toBe('1');
    expect(seen).toEqual([
      [5, 10],
      [7, 0],
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('When the caller aborts an upload, then the request is aborted and the reason passed on', async () => {
    const controller = new AbortController();
    const call = failureOf(
      http('/api/v1/claim/t/file', {
        method: 'POST',
        body: new FormData(),
        signal: controller.signal,
        onUploadProgress: () => undefined,
      }),
    );
    const xhr = await FakeXhr.made();
    controller.abort(new DOMException('cancelled', 'AbortError'));
    expect(await call).toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });

  it('When the upload answers 413, then the error is the general ApiError', async () => {
    const call = failureOf(
      http('/api/v1/claim/t/file', {
        method: 'POST',
        body: new FormData(),
        onUploadProgress: () => undefined,
      }),
    );
    (await FakeXhr.made()).answer(413, {
      statusCode: 413,
      message: 'File is too large',
      error: 'Payload Too Large',
    });
    expect(await call).toMatchObject({ status: 413, message: 'File is too large' });
  });
});
