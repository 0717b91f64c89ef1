import autocannon from 'autocannon';

export interface Call {
  method: 'GET' | 'POST' | 'PATCH';
  /** Path, JSON body and extra headers of the next request (a fresh token, e-mail or serial each time). */
  next(): { path: string; body?: unknown; headers?: Record<string, string> };
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
export async function load({ url, call, seconds, connections = 50, overallRate }: LoadOptions): Promise<LoadResult> {
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
          const { path, body, headers } = call.next();
          return body === undefined
            ? { ...request, path, headers: { ...(request.headers as object), ...headers }, body: undefined }
            : { ...request, path, headers: { ...(request.headers as object), ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
        },
        onResponse: (status: number, body: string) => {
          if ((status < 200 || status >= 300) && samples.length < 3) samples.push(`${status} ${String(body).slice(0, 200)}`);
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
