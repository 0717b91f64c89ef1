import http from 'node:http';

/**
 * POSTs `body` as JSON from client address `client` (X-Forwarded-For; the bench server trusts its
 * loopback proxy) and answers the status, or 0 with `onError` told why when no answer came.
 */
export function postAsClient(
  agent: http.Agent | false,
  url: string,
  path: string,
  client: string,
  body: unknown,
  onError: (code: string) => void = () => undefined,
): Promise<number> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const request = http.request(
      new URL(path, url),
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'x-forwarded-for': client,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      onError(error.code ?? error.message);
      resolve(0);
    });
    request.end(payload);
  });
}
