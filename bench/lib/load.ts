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
        setupRequest: (request: Record<string, unknown>) => {
          const next = call.next();
          const payload = payloadOf(next);
          return payload === undefined
            ? {
                ...request,
                path: next.path,
                headers: { ...(request.headers as object), ...next.headers },
                body: undefined,
              }
            : {
                ...request,
                path: next.path,
                headers: {
                  ...(request.headers as object),
                  ...next.headers,
                  'content-type': 'application/json',
                },
                body: payload,
              };
        },
        onResponse: (status: number, body: string) => {
          if ((status < 200 || status >= 300) && samples.length < 3)
            samples.push(`${status} ${String(body).slice(0, 200)}`);
        },
      },
    ],
  } as never);
  const r = result as unknown as {
    duration: number;
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    requests: { total: number };
    latency: { p50: number; p99: number };
  };
  return {
    rps: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    samples,
  };
}
