// Hand-written, not generated: orval imports this as its mutator (orval.config.ts), and it lives
// here, beside the generated client and outside the folder orval cleans, so generated/ imports
// nothing from client/src. `make generate` leaves it untouched.
// The one transport seam of the generated client (orval `mutator`). Every call goes through
// here: a 30 s timeout, JSON or multipart bodies, and every non-success status or transport
// failure turned into an ApiError by errors.ts.
import { ApiError, errorFromFailure, errorFromResponse } from './errors';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface HttpSettings {
  // Prefix for the contract's absolute paths (`/api/v1/...`): empty in the browser (same
  // origin), an origin such as `http://127.0.0.1:3000` when called from Node.
  baseUrl: string;
  timeoutMs: number;
}

const settings: HttpSettings = { baseUrl: '', timeoutMs: DEFAULT_TIMEOUT_MS };

export function configureHttp(next: Partial<HttpSettings>): HttpSettings {
  Object.assign(settings, next);
  return { ...settings };
}

// orval types the hooks' `error` with this: whatever the status, callers receive an ApiError.
export type ErrorType<_Body = unknown> = ApiError;

// What orval's fetch client expects back for a 200, 201 or 204.
export interface HttpSuccess<TData = unknown> {
  data: TData;
  status: number;
  headers: Headers;
}

// 204: the staff sign-out and account set-up answer with no body.
const SUCCESS_STATUSES = new Set([200, 201, 204]);

function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && /\bjson\b/i.test(contentType);
}

function isBodyInit(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

function prepareRequest(init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  // orval serialises JSON bodies itself; an object handed in directly is serialised here.
  // FormData goes through untouched so fetch writes the multipart boundary itself.
  const body: unknown = init.body;
  if (body instanceof FormData) {
    headers.delete('Content-Type');
    return { ...init, headers };
  }
  if (body !== undefined && body !== null && !isBodyInit(body)) {
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    return { ...init, headers, body: JSON.stringify(body) };
  }
  return { ...init, headers };
}

async function readSuccessBody(response: Response): Promise<unknown> {
  const contentType = response.headers.get('Content-Type');
  if (isJsonContentType(contentType)) {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }
  if (contentType === null || contentType.startsWith('text/')) {
    const text = await response.text();
    return text === '' ? undefined : text;
  }
  return response.blob();
}

// Error bodies are read leniently: anything that is not JSON leaves the mapping with no body.
async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface HttpInit extends RequestInit {
  // Told how much of the body has gone out (an upload). The call then goes by XMLHttpRequest:
  // fetch reports no upload progress.
  onUploadProgress?: (sent: number, total: number) => void;
}

/** A call that has been answered (or has failed), told to the listeners of onCallSettled. */
export interface SettledCall {
  method: string;
  url: string;
}

const settledListeners = new Set<(call: SettledCall) => void>();

/**
 * Told after every call, answered or failed (not when the caller cancelled it), before the
 * caller sees the result: the claim form clears the previous call's validation errors here (spec
 * section 7), so the errors shown are only ever the last call's. Returns the unsubscribe.
 */
export function onCallSettled(listener: (call: SettledCall) => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

export async function http<T>(url: string, init: HttpInit = {}): Promise<T> {
  try {
    return await send<T>(url, init);
  } finally {
    if (!init.signal?.aborted) {
      const call = { method: (init.method ?? 'GET').toUpperCase(), url };
      for (const listener of [...settledListeners]) listener(call);
    }
  }
}

async function send<T>(url: string, { onUploadProgress, ...init }: HttpInit = {}): Promise<T> {
  const callerSignal = init.signal ?? undefined;
  const timeoutSignal = AbortSignal.timeout(settings.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;

  let response: Response;
  let body: unknown;
  try {
    const request = { ...prepareRequest(init), signal };
    // Loaded with the first upload: the start page never needs it.
    response = onUploadProgress
      ? await (await import('./sendWithProgress')).sendWithProgress(`${settings.baseUrl}${url}`, request, signal, onUploadProgress)
      : await fetch(`${settings.baseUrl}${url}`, request);
    body = SUCCESS_STATUSES.has(response.status)
      ? await readSuccessBody(response)
      : await readErrorBody(response);
  } catch (failure) {
    // The caller (react-query on unmount or refetch) cancelled: not a failure to report.
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (timeoutSignal.aborted) throw errorFromFailure(timeoutSignal.reason);
    throw errorFromFailure(failure);
  }

  if (!SUCCESS_STATUSES.has(response.status)) throw errorFromResponse(response.status, body);
  const success: HttpSuccess = { data: body, status: response.status, headers: response.headers };
  return success as T;
}
