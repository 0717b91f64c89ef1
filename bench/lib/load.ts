import autocannon from 'autocannon';

export interface Call {
  method: 'GET' | 'POST' | 'PATCH';
  /**
   * Path, JSON body and extra headers of the next request (a fresh token, e-mail or serial each
   * time); `json` is a body serialised beforehand (see `prebuilt`).
   */
  next(): { path: string; body?: unknown; json?: string; headers?: Record<string, string> };
}

/** The serialised body of a request, if it has one. */
export function payloadOf(request: { body?: unknown; json?: string }): string | undefined {
  return request.json ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
}

/**
 * The call's next `count` requests built and serialised before the run, so that during it the
 * load generator (on the same two cores as the server) spends its CPU sending, not building
 * bodies: a claim's body costs more to build than the baseline's, which would count against the
 * product. Every call, the baseline's too, goes through this. Past `count` it builds on the fly.
 */
export function prebuilt(call: Call, count: number): Call {
  const ready = Array.from({ length: count }, () => {
    const request = call.next();
    return { path: request.path, headers: request.headers, json: payloadOf(request) };
  });
  let index = 0;
  return {
    method: call.method,
    next: () => (index < ready.length ? ready[index++]! : call.next()),
  };
}

export interface LoadResult {
  /** Successful (2xx) answers per second. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The first unexpected answers, for the report. */
  samples: string[];
}

export interface LoadOptions {
  url: string;
  call: Call;
  seconds: number;
  connections?: number;
  /** Fixed offered rate (requests/s over all connections); unset: as fast as the server answers. */
  overallRate?: number;
}

/** One autocannon run from this process against the server on loopback. */
export async function load({
  url,
  call,
  seconds,
  connections = 50,
  overallRate,
}: LoadOptions): Promise<LoadResult> {
  const samples: string[] = [];
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
    timeout: 10,
    requests: [
      {
        method: call.method,
        setupRequest: (request) => {
          const next = call.next();
          const payload = payloadOf(next);
          const headers = { ...request.headers, ...next.headers };
          return payload === undefined
            ? { ...request, path: next.path, headers, body: undefined }
            : {
                ...request,
                path: next.path,
                headers: { ...headers, 'content-type': 'application/json' },
                body: payload,
              };
        },
        onResponse: (status, body) => {
          if ((status < 200 || status >= 300) && samples.length < 3)
            samples.push(`${status} ${String(body).slice(0, 200)}`);
        },
      },
    ],
  });
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    samples,
  };
}
